import { Logo } from '@/components/ui/Logo';
import { getTranslations } from 'next-intl/server';
import { LocaleChooser } from '@/components/chooser/LocaleChooser';
import { Container } from '@/components/ui/Container';
import { Icon } from '@/components/ui/Icon';
import { Link } from '@/components/ui/Link';
import { buttonClass } from '@/components/ui/Button';
import type { Locale } from '@/lib/i18n/editions';
import { localizedPath } from '@/lib/i18n/locale';
import { MobileMenu } from './MobileMenu.client';
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
      <a className={buttonClass('ghost')} href={urls.customer} rel="noopener">
        {common('loginPrivate')}
      </a>
      <a className={buttonClass('primary')} href={urls.business} rel="noopener">
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

  return (
    <header className={styles.header}>
      <div className={styles.utility}>
        <Container>
          <div className={styles.utilityRow}>{logins}</div>
        </Container>
      </div>
      <Container>
        <div className={styles.bar}>
          <Link href="/" className={styles.brand}>
            <Logo size={36} />
            <span>Billme</span>
            <span className="visually-hidden">— {t('home')}</span>
          </Link>
          <nav aria-label={t('main')} className={styles.desktopNav}>
            <ul className={styles.navList}>{links(styles.navLink)}</ul>
          </nav>
          <div className={styles.actions}>
            <LocaleChooser locale={locale} action={switchEdition} />
            <MobileMenu
              labels={{ open: t('openMenu'), close: t('closeMenu'), menu: t('menu') }}
              icons={{ open: <Icon name="menu" />, close: <Icon name="close" /> }}
            >
              <nav aria-label={t('main')}>
                <ul className={styles.mobileList}>{links(styles.mobileLink)}</ul>
              </nav>
              <div className={styles.mobileLogins}>{logins}</div>
            </MobileMenu>
          </div>
        </div>
      </Container>
    </header>
  );
}
