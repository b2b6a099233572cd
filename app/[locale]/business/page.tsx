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
import { env } from '@/lib/env';
import styles from '@/components/home/Home.module.css';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = await getTranslations({ locale, namespace: 'Meta' });
  return pageMetadata(locale, '/business', { title: t('businessTitle'), description: t('businessDescription') });
}

export default async function BusinessPage({ params }: Props) {
  const locale = await localeParam(params);
  const t = await getTranslations('Business');
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
      </Section>
      <Section id="steps" title={t('stepsTitle')} tone="surface">
        <Steps
          items={[1, 2, 3].map((n) => ({
            title: t(`step${n as 1 | 2 | 3}Title`),
            text: t(`step${n as 1 | 2 | 3}Text`),
          }))}
        />
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
        <ButtonLink href="/business-start-form" variant="secondary">
          {t('pricingCta')}
        </ButtonLink>
      </Section>
      <CtaBand id="cta" title={t('ctaTitle')} text={t('ctaText')} actions={start} />
    </>
  );
}
