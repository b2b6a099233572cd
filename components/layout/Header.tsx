import Image from 'next/image';
import { getTranslations } from 'next-intl/server';
import { LocaleChooser } from '@/components/chooser/LocaleChooser';
import { Container } from '@/components/ui/Container';
import { Icon } from '@/components/ui/Icon';
import { Link } from '@/components/ui/Link';
import { buttonClass } from '@/components/ui/Button';
import { env } from '@/lib/env';
import type { Locale } from '@/lib/i18n/editions';
import { MobileMenu } from './MobileMenu.client';
import { NavLink } from './NavLink.client';
import { navItems } from './nav';
import styles from './Header.module.css';

export async function Header({ locale }: { locale: Locale }) {
  const t = await getTranslations('Nav');
  const common = await getTranslations('Common');

  const logins = (
    <>
      <a className={buttonClass('ghost')} href={env.CUSTOMER_LOGIN_URL} rel="noopener">
        {common('loginPrivate')}
      </a>
      <a className={buttonClass('primary')} href={env.BUSINESS_LOGIN_URL} rel="noopener">
        {common('loginBusiness')}
      </a>
    </>
  );
  const links = (className: string | undefined) =>
    navItems.map((item) => (
      <li key={item.key}>
        <NavLink href={item.href} className={className}>
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
            <Image src="/logo.svg" alt="" width={36} height={36} />
            <span>Billme</span>
            <span className="visually-hidden">— {t('home')}</span>
          </Link>
          <nav aria-label={t('main')} className={styles.desktopNav}>
            <ul className={styles.navList}>{links(styles.navLink)}</ul>
          </nav>
          <div className={styles.actions}>
            <LocaleChooser locale={locale} />
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
