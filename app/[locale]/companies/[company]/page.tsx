import type { Metadata } from 'next';
import { pageMetadata, seoTrail } from '@/lib/seo/metadata';
import { answersRefusedPost } from '@/lib/seo/refused';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { PageHeader } from '@/components/content/PageHeader';
import { CompanyTile } from '@/components/payments/CompanyTile';
import { PaymentSection } from '@/components/payments/PaymentSection';
import styles from '@/components/payments/Payments.module.css';
import { Breakable } from '@/components/ui/Breakable';
import { Container } from '@/components/ui/Container';
import { contentLanguage, editionOf, editions, type Locale } from '@/lib/i18n/editions';
import { localeParam } from '@/lib/i18n/params';
import { activeProvider, getCompany, isDemoContact } from '@/lib/payments';
import { CardBrands } from '@/components/payments/CardBrands';
import { localizedAddress } from '@/components/home/company-country';
import { startPayment } from '@/app/[locale]/_actions/payments';
import { Term } from '@/components/ui/Term';

type Props = { params: Promise<{ locale: string; company: string }> };

/** The company, if it is a client in this edition's country (elsewhere its page is the 404, as the proxy answers: lib/site/pages.ts). */
function companyIn(locale: Locale, slug: string) {
  const company = getCompany(slug);
  return company && company.country === editionOf(locale).country ? company : null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await localeParam(params);
  const company = companyIn(locale, (await params).company);
  if (!company) return {};
  const t = await getTranslations({ locale, namespace: 'Payments' });
  const forms = await getTranslations({ locale, namespace: 'Forms' });
  const title = t('metaTitle', { company: company.label });
  return pageMetadata(locale, `/companies/${company.slug}`, {
    title: (await answersRefusedPost()) ? forms('errorTitle', { title }) : title,
    description: t('metaDescription', { company: company.label }),
    editions: editions.filter((edition) => edition.country === company.country).map((edition) => edition.locale),
  });
}

/** A client company's page (spec 2): who they are, and paying them at once by card. */
export default async function CompanyPage({ params }: Props) {
  const locale = await localeParam(params);
  const company = companyIn(locale, (await params).company);
  if (!company) notFound();
  const t = await getTranslations('Payments');
  const nav = await getTranslations('Nav');
  const outcome = await getTranslations('PaymentOutcome');
  const providerName = activeProvider().displayName(contentLanguage(locale));

  return (
    <>
      <PageHeader title={company.label} lead={company.description[contentLanguage(locale)]} trail={seoTrail(locale, [{ href: '/', label: nav('home') }])}>
        <div className={styles.company}>
          <CompanyTile company={company} />
        </div>
      </PageHeader>
      <Container>
        {company.demo && (
          // Demo data (content/companies/README.md): the visitor is told before choosing anything.
          <p className={styles.demo}>
            <strong>{t('demoTitle')}</strong> {t('demoNotice')}
          </p>
        )}
        <div className={styles.layout}>
          <section aria-labelledby="pay-title">
            <h2 id="pay-title">{t('payTitle', { company: company.label })}</h2>
            <p>{t('payLead')}</p>
            <PaymentSection company={company} locale={locale} action={startPayment} />
            <CardBrands label={outcome('acceptedCards')} provider={providerName && outcome('processedBy', { provider: providerName })} />
          </section>
          <aside className={styles.aside} aria-labelledby="company-details">
            <h2 id="company-details">{t('details')}</h2>
            <dl className={styles.details}>
              <Term label={t('address')}>{localizedAddress(company.address, locale)}</Term>
              {company.email && (
                <Term label={t('email')}>
                  {/* A demo address reaches nobody: shown, never a link. */}
                  {isDemoContact(company.email) ? (
                    <Breakable text={company.email} />
                  ) : (
                    <a href={`mailto:${company.email}`}>
                      <Breakable text={company.email} />
                    </a>
                  )}
                </Term>
              )}
              {company.phone && (
                <Term label={t('phone')}>
                  <a href={`tel:${company.phone.replace(/[^\d+]/g, '')}`}>{company.phone}</a>
                </Term>
              )}
              {company.registration && (
                <Term label={t('registration')}>{company.registration}</Term>
              )}
              {company.website && (
                <Term label={t('website')}>
                  {isDemoContact(company.website) ? (
                    <Breakable text={company.website.replace(/^https?:\/\//, '')} />
                  ) : (
                    <a href={company.website} rel="noopener noreferrer">
                      <Breakable text={company.website.replace(/^https?:\/\//, '')} />
                    </a>
                  )}
                </Term>
              )}
            </dl>
          </aside>
        </div>
      </Container>
    </>
  );
}
