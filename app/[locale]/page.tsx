import type { Metadata } from 'next';
import { pageMetadata } from '@/lib/seo/metadata';
import { getTranslations } from 'next-intl/server';
import { localeParam } from '@/lib/i18n/params';
import { CardBrands } from '@/components/home/CardBrands';
import { Stats } from '@/components/home/Stats';
import { ButtonLink } from '@/components/ui/Button';
import { CtaBand } from '@/components/sections/CtaBand';
import { FeatureGrid } from '@/components/sections/FeatureGrid';
import { Hero } from '@/components/sections/Hero';
import { Section } from '@/components/sections/Section';
import { Split } from '@/components/sections/Split';
import { Steps } from '@/components/sections/Steps';
import { env } from '@/lib/env';
import { countryStats } from '@/lib/site/country-data';
import heroStyles from '@/components/home/Home.module.css';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = await getTranslations({ locale, namespace: 'Meta' });
  return { ...pageMetadata(locale, '/', { title: t('homeTitle'), description: t('homeDescription') }), title: { absolute: t('homeTitle') } };
}

export default async function HomePage({ params }: Props) {
  const locale = await localeParam(params);
  const t = await getTranslations('Home');
  const common = await getTranslations('Common');
  const stats = countryStats(locale);

  return (
    <>
      <Hero
        title={t('heroTitle')}
        lead={t('heroLead')}
        image={{ src: '/illustrations/hero-bill-phone.svg', alt: t('heroImageAlt'), width: 560, height: 440 }}
        actions={
          <>
            <ButtonLink href={env.CUSTOMER_LOGIN_URL} external size="lg">
              {t('heroPrimary')}
            </ButtonLink>
            <ButtonLink href="/business" variant="secondary" size="lg">
              {t('heroSecondary')}
            </ButtonLink>
          </>
        }
        extra={
          <ul className={heroStyles.badges}>
            <li>{t('noFee')}</li>
            <li>{t('cards')}</li>
          </ul>
        }
      />
      {stats && (
        <Stats
          locale={locale}
          title={t('statsTitle')}
          items={[
            { value: stats.companies, plus: true, label: t('statCompanies') },
            { value: stats.users, plus: false, label: t('statUsers') },
          ]}
        />
      )}
      <Section id="how-it-works" title={t('stepsTitle')} tone="surface">
        <Steps
          items={[1, 2, 3].map((n) => ({
            title: t(`step${n as 1 | 2 | 3}Title`),
            text: t(`step${n as 1 | 2 | 3}Text`),
          }))}
        />
      </Section>
      <Section id="features" title={t('featuresTitle')} lead={t('featuresLead')}>
        <FeatureGrid
          items={[
            { icon: 'autopay', title: t('featureAutopayTitle'), text: t('featureAutopayText') },
            { icon: 'card', title: t('featureCombineTitle'), text: t('featureCombineText') },
            { icon: 'share', title: t('featureShareTitle'), text: t('featureShareText') },
            { icon: 'meter', title: t('featureMeterTitle'), text: t('featureMeterText') },
            { icon: 'bell', title: t('featureNotifyTitle'), text: t('featureNotifyText') },
            { icon: 'wallet', title: t('featureWalletTitle'), text: t('featureWalletText') },
            { icon: 'phone', title: t('featureAppTitle'), text: t('featureAppText') },
            { icon: 'archive', title: t('featureArchiveTitle'), text: t('featureArchiveText') },
          ]}
        />
      </Section>
      <Split
        id="cards"
        title={t('cardsTitle')}
        tone="surface"
        image={{ src: '/illustrations/card-payment.svg', alt: t('cardsImageAlt'), width: 480, height: 360 }}
      >
        <p>{t('cardsText')}</p>
        <CardBrands />
        <h3>{t('freeTitle')}</h3>
        <p>{t('freeText')}</p>
      </Split>
      <Split
        id="for-business"
        title={t('businessTitle')}
        reverse
        image={{ src: '/illustrations/business-dashboard.svg', alt: t('businessImageAlt'), width: 520, height: 380 }}
      >
        <p>{t('businessText')}</p>
        <ButtonLink href="/business" variant="secondary">
          {common('forBusiness')}
        </ButtonLink>
      </Split>
      <CtaBand
        id="cta"
        title={t('ctaTitle')}
        text={t('ctaText')}
        actions={
          <>
            <ButtonLink href={env.CUSTOMER_LOGIN_URL} external variant="light">
              {common('loginPrivate')}
            </ButtonLink>
            <ButtonLink href="/business-start-form" variant="light">
              {common('startBusiness')}
            </ButtonLink>
          </>
        }
      />
    </>
  );
}
