import { Logo } from '@/components/ui/Logo';
import { Wordmark } from '@/components/ui/Wordmark';
import { getTranslations } from 'next-intl/server';
import { LocaleChooser } from '@/components/chooser/LocaleChooser';
import { Container } from '@/components/ui/Container';
import { Icon } from '@/components/ui/Icon';
import { Link } from '@/components/ui/Link';
import { buttonClass } from '@/components/ui/Button';
import type { Locale } from '@/lib/i18n/editions';
import { localizedPath } from '@/lib/i18n/locale';
import { MenuDialog } from './MenuDialog.client';
import { NavLink } from './NavLink.client';
import { mainNav } from '@/lib/routes';
import styles from './Header.module.css';

type Props = {
  locale: Locale;
  logins: { customer: string; business: string };
  switchEdition: (previous: null, data: FormData) => Promise<null>;
};

export async function Header({ locale, logins: urls, switchEdition }: Props) {
  const t = await getTranslations('Nav');
  const common = await getTranslations('Common');

  const logins = (
    <>
      {/* Payers are most of the visitors: their login first and primary (issue 49). */}
      <a className={buttonClass('primary')} href={urls.customer} rel="noopener">
        {common('loginPrivate')}
      </a>
      <a className={buttonClass('ghost')} href={urls.business} rel="noopener">
        {common('loginBusiness')}
      </a>
    </>
  );
  const links = (className: string | undefined) =>
    mainNav.map((item) => (
      <li key={item.key}>
        <NavLink href={localizedPath(locale, item.href)} home={item.href === '/'} className={className}>
          {t(item.key)}
        </NavLink>
      </li>
    ));

  // One row of 64 px at every width: logo, navigation (from 64rem), the chooser, the logins in a small
  // menu (from 48rem; in the phone menu below that), and the phone menu (below 64rem).
  return (
    <header className={styles.header}>
      <Container>
        <div className={styles.bar}>
          <Link href="/" className={styles.brand}>
            <Logo size={36} />
            <Wordmark />
            <span className="visually-hidden">Billme — {t('home')}</span>
          </Link>
          <nav aria-label={t('main')} className={styles.desktopNav}>
            <ul className={styles.navList}>{links(styles.navLink)}</ul>
          </nav>
          <div className={styles.actions}>
            <LocaleChooser locale={locale} action={switchEdition} />
            <div className={styles.logins}>
              <MenuDialog id="login-menu" variant="logins" label={common('login')} closeLabel={common('loginClose')} icons={{ open: null, close: <Icon name="close" /> }}>
                <div className={styles.loginList}>{logins}</div>
              </MenuDialog>
            </div>
            <div className={styles.mobile}>
              <MenuDialog id="mobile-menu" variant="menu" compact label={t('menu')} closeLabel={t('closeMenu')} icons={{ open: <Icon name="menu" />, close: <Icon name="close" /> }}>
                <nav aria-label={t('main')}>
                  <ul className={styles.mobileList}>{links(styles.mobileLink)}</ul>
                </nav>
                <div className={styles.mobileLogins}>{logins}</div>
              </MenuDialog>
            </div>
          </div>
        </div>
      </Container>
    </header>
  );
}
