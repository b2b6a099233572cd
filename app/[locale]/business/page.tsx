import type { Metadata } from 'next';
import { pageMetadata, pageUrl } from '@/lib/seo/metadata';
import { getTranslations } from 'next-intl/server';
import { localeParam } from '@/lib/i18n/params';
import { ButtonLink } from '@/components/ui/Button';
import { CtaBand } from '@/components/sections/CtaBand';
import { FeatureList } from '@/components/home/FeatureList';
import { Hero } from '@/components/sections/Hero';
import { DashboardScreen } from '@/components/product/DashboardScreen';
import { TopLevelBreadcrumb } from '@/components/seo/TopLevelBreadcrumb';
import { Section } from '@/components/sections/Section';
import { Steps } from '@/components/sections/Steps';
import { Stats } from '@/components/home/Stats';
import { FeeRates, Integrations, Proof } from '@/components/business/BusinessSlots';
import { RichText } from '@/components/content/RichText';
import { Link } from '@/components/ui/Link';
import { env } from '@/lib/env';
import { editionHtml, getFaq } from '@/lib/content';
import { businessSlots } from '@/lib/facts/business';
import { contentLanguage } from '@/lib/i18n/editions';
import { countryStats } from '@/lib/site/country-data';
import styles from '@/components/home/Home.module.css';
import business from '@/components/business/Business.module.css';
import faq from '@/components/faq/Faq.module.css';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = await getTranslations({ locale, namespace: 'Meta' });
  return pageMetadata(locale, '/business', { title: t('businessTitle'), description: t('businessDescription') });
}

export default async function BusinessPage({ params }: Props) {
  const locale = await localeParam(params);
  const t = await getTranslations('Business');
  const home = await getTranslations('Home');
  const lang = contentLanguage(locale);
  // Every claim below is a company fact or content: a slot whose fact is unknown is left out.
  const slots = businessSlots(lang);
  const stats = countryStats(locale);
  const questions = getFaq(lang).filter((item) => item.category === 'billmeForBusiness');
  const start = (
    <ButtonLink href="/business-start-form" size="lg">
      {t('primaryCta')}
    </ButtonLink>
  );

  return (
    <>
      <TopLevelBreadcrumb locale={locale} label={t('title')} urls={{ home: pageUrl(locale, '/'), page: pageUrl(locale, '/business') }} />
      <Hero
        title={t('title')}
        lead={t('lead')}
        visual={<DashboardScreen />}
        actions={
          <>
            {start}
            <ButtonLink href={env.BUSINESS_LOGIN_URL} external variant="secondary" size="lg">
              {t('secondaryCta')}
            </ButtonLink>
          </>
        }
      />
      {stats && (
        <Stats
          locale={locale}
          title={t('statsTitle')}
          items={[
            { value: stats.companies, plus: true, label: home('statCompanies', { count: stats.companies }) },
            { value: stats.users, plus: false, label: home('statUsers', { count: stats.users }) },
          ]}
        />
      )}
      <Proof title={t('proofTitle')} logos={slots.logos} quote={slots.quote} />
      <Section id="features" title={t('featuresTitle')}>
        <FeatureList
          items={[
            { icon: 'bill', title: t('featureInvoicingTitle'), text: t('featureInvoicingText') },
            { icon: 'card', title: t('featurePaymentsTitle'), text: t('featurePaymentsText') },
            { icon: 'chat', title: t('featureCommunicationTitle'), text: t('featureCommunicationText') },
            { icon: 'chart', title: t('featureAnalyticsTitle'), text: t('featureAnalyticsText') },
            { icon: 'archive', title: t('featureArchiveTitle'), text: t('featureArchiveText') },
            { icon: 'api', title: t('featureApiTitle'), text: t('featureApiText') },
            { icon: 'users', title: t('featureAccessTitle'), text: t('featureAccessText') },
            { icon: 'link', title: t('featurePageTitle'), text: t('featurePageText') },
          ]}
        />
        <Integrations title={t('integrationsTitle')} lead={t('integrationsLead')} names={slots.integrations} />
      </Section>
      <Section id="steps" title={t('stepsTitle')} tone="surface">
        <Steps
          items={[1, 2, 3].map((n) => ({
            title: t(`step${n as 1 | 2 | 3}Title`),
            text: t(`step${n as 1 | 2 | 3}Text`),
          }))}
        />
        {slots.payoutDays !== undefined && (
          <div className={business.payout} data-slot="payout">
            <h3>{t('payoutTitle')}</h3>
            <p>{t('payoutText', { days: slots.payoutDays })}</p>
          </div>
        )}
      </Section>
      <Section id="pricing" title={t('pricingTitle')}>
        <ul className={styles.pricing}>
          <li>
            <h3>{t('pricingCustomersTitle')}</h3>
            <p>{t('pricingCustomersText')}</p>
          </li>
          <li>
            <h3>{t('pricingBusinessTitle')}</h3>
            <p>{t('pricingBusinessText')}</p>
          </li>
        </ul>
        <FeeRates
          locale={locale}
          fees={slots.fees}
          text={{
            title: t('feesRatesTitle'),
            perCompany: (amount) => t('feePerCompany', { amount }),
            perInvoice: (amount) => t('feePerInvoice', { amount }),
            vat: t('feesVat'),
            exampleTitle: t('feeExampleTitle'),
            example: (values) => t('feeExample', values),
          }}
        />
        <ButtonLink href="/business-start-form" variant="secondary">
          {t('pricingCta')}
        </ButtonLink>
      </Section>
      {questions.length > 0 && (
        <Section id="business-faq" title={t('faqTitle')} tone="surface">
          <ul className={business.faq}>
            {questions.map((item) => (
              <li key={item.slug}>
                <details className={faq.question}>
                  <summary>{item.question}</summary>
                  <div className={faq.answer}>
                    <RichText html={editionHtml(item.answer, locale)} locale={locale} />
                  </div>
                </details>
              </li>
            ))}
          </ul>
          <Link href="/faq#billmeForBusiness">{t('faqAll')}</Link>
        </Section>
      )}
      {/* A white button on the dark band: its fill stands well above 3:1 against the band (WCAG 1.4.11),
          held by e2e/business.spec.ts; the brand-blue one was 1.2:1 and nearly vanished. */}
      <CtaBand
        id="cta"
        title={t('ctaTitle')}
        text={t('ctaText')}
        actions={
          <ButtonLink href="/business-start-form" size="lg" variant="light">
            {t('primaryCta')}
          </ButtonLink>
        }
      />
    </>
  );
}
