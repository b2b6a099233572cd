import { getTranslations } from 'next-intl/server';
import { CookieSettingsButton } from '@/components/consent/CookieSettingsButton.client';
import { Container } from '@/components/ui/Container';
import { Icon } from '@/components/ui/Icon';
import { Link } from '@/components/ui/Link';
import { countries, editions, type Locale } from '@/lib/i18n/editions';
import { displayNames } from '@/lib/i18n/intl-cache';
import { languageAutonym } from '@/lib/i18n/names';
import { PRESENTATION_HREF, presentationSize } from '@/lib/site/presentation';
import { officeNames } from '@/lib/site/offices';
import styles from './Footer.module.css';

export async function Footer({ locale, apps }: { locale: Locale; apps: { appStore: string; googlePlay: string } }) {
  const t = await getTranslations('Footer');
  const english = locale.startsWith('en-');
  const nav = await getTranslations('Nav');
  const consent = await getTranslations('Consent');
  const regionNames = displayNames(locale, { type: 'region' });

  return (
    <footer className={styles.footer}>
      <Container>
        <div className={styles.grid}>
          <div className={styles.brandCol}>
            {/* A div, not a <p>: bold large text in a paragraph reads as a heading that is not one. */}
            <div className={styles.brand}>
              <Icon name="billme" size={32} /> Billme
            </div>
            <p className={styles.tagline}>{t('tagline')}</p>
            <h2 className={styles.heading}>{t('apps')}</h2>
            <ul className={styles.apps}>
              <li>
                <a href={apps.appStore} rel="noopener" className={styles.app}>
                  <Icon name="apple" size={22} /> {t('appStore')}
                </a>
              </li>
              <li>
                <a href={apps.googlePlay} rel="noopener" className={styles.app}>
                  <Icon name="android" size={22} /> {t('googlePlay')}
                </a>
              </li>
            </ul>
          </div>
          <nav aria-labelledby="footer-company">
            <h2 id="footer-company" className={styles.heading}>
              {t('company')}
            </h2>
            <ul className={styles.list}>
              <li><Link href="/about">{nav('about')}</Link></li>
              <li><Link href="/business">{nav('business')}</Link></li>
              <li><Link href="/careers">{nav('careers')}</Link></li>
              <li><Link href="/blog">{nav('blog')}</Link></li>
              <li><Link href="/contacts">{nav('contacts')}</Link></li>
              <li>
                {/* The presentation exists in English only: said so, and marked with hreflang, outside English editions. */}
                <a href={PRESENTATION_HREF} className={styles.download} download hrefLang={english ? undefined : 'en'}>
                  <Icon name="download" size={20} />
                  <span>
                    {t('presentation')} <span className={styles.meta}>({t(english ? 'presentationMeta' : 'presentationEnglish', { size: presentationSize(locale) })})</span>
                  </span>
                </a>
              </li>
            </ul>
          </nav>
          <nav aria-labelledby="footer-help">
            <h2 id="footer-help" className={styles.heading}>
              {t('help')}
            </h2>
            <ul className={styles.list}>
              <li><Link href="/faq">{nav('faq')}</Link></li>
              <li><Link href="/guides">{nav('guides')}</Link></li>
            </ul>
            <h2 className={styles.heading}>{t('legal')}</h2>
            <ul className={styles.list}>
              <li><Link href="/terms-and-conditions">{t('terms')}</Link></li>
              <li><Link href="/privacy-policy">{t('privacy')}</Link></li>
              <li><Link href="/cookie-policy">{t('cookies')}</Link></li>
              <li><CookieSettingsButton label={consent('settings')} className={styles.linkButton} /></li>
            </ul>
          </nav>
          <div>
            <h2 className={styles.heading}>{t('offices')}</h2>
            <ul className={styles.list}>
              {officeNames(locale).map((office) => (
                <li key={office.region} className={styles.office}>
                  {office.name}
                </li>
              ))}
            </ul>
          </div>
        </div>
        <nav aria-labelledby="footer-editions" className={styles.editions}>
          <h2 id="footer-editions" className={styles.heading}>
            {t('editions')}
          </h2>
          <ul className={styles.editionList}>
            {countries.map((country) => (
              <li key={country.code}>
                <span className={styles.country}>{regionNames.of(country.region)}:</span>{' '}
                {editions
                  .filter((e) => e.country === country.code)
                  .map((e) => (
                    <Link key={e.locale} href="/" locale={e.locale} hrefLang={e.locale} lang={e.language} className={styles.edition}>
                      {languageAutonym(e.language)}
                    </Link>
                  ))}
              </li>
            ))}
          </ul>
        </nav>
        <p className={styles.copyright}>{t('copyright', { year: new Date().getFullYear() })}</p>
      </Container>
    </footer>
  );
}
