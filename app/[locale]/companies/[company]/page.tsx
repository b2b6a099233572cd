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
import { contentLanguage } from '@/lib/i18n/editions';
import { localeParam } from '@/lib/i18n/params';
import { getCompany, isDemoContact } from '@/lib/payments';
import { localizedAddress } from '@/components/home/company-country';
import { startPayment } from '@/app/[locale]/_actions/payments';
import { Term } from '@/components/ui/Term';

type Props = { params: Promise<{ locale: string; company: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await localeParam(params);
  const company = getCompany((await params).company);
  if (!company) return {};
  const t = await getTranslations({ locale, namespace: 'Payments' });
  const forms = await getTranslations({ locale, namespace: 'Forms' });
  const title = t('metaTitle', { company: company.label });
  return pageMetadata(locale, `/companies/${company.slug}`, {
    title: (await answersRefusedPost()) ? forms('errorTitle', { title }) : title,
    description: t('metaDescription', { company: company.label }),
  });
}

/** A client company's page (spec 2): who they are, and paying them at once by card. */
export default async function CompanyPage({ params }: Props) {
  const locale = await localeParam(params);
  const company = getCompany((await params).company);
  if (!company) notFound();
  const t = await getTranslations('Payments');
  const nav = await getTranslations('Nav');

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
