import type { Metadata } from 'next';
import { pageMetadata } from '@/lib/seo/metadata';
import { getTranslations } from 'next-intl/server';
import { localeParam } from '@/lib/i18n/params';
import { editionOf } from '@/lib/i18n/editions';
import { ClientStrip, type Client } from '@/components/home/ClientStrip';
import { townOf } from '@/components/home/company-country';
import { FeatureList } from '@/components/home/FeatureList';
import { Stats } from '@/components/home/Stats';
import { AutopayScreen } from '@/components/product/AutopayScreen';
import { BillsScreen } from '@/components/product/BillsScreen';
import { DashboardScreen } from '@/components/product/DashboardScreen';
import { MeterScreen } from '@/components/product/MeterScreen';
import { ProductTour } from '@/components/product/ProductTour';
import { ButtonLink } from '@/components/ui/Button';
import { CtaBand } from '@/components/sections/CtaBand';
import { Hero } from '@/components/sections/Hero';
import { Section } from '@/components/sections/Section';
import { Split } from '@/components/sections/Split';
import { Steps } from '@/components/sections/Steps';
import { JsonLd } from '@/components/seo/JsonLd';
import { env } from '@/lib/env';
import { organization, website } from '@/lib/seo/structured-data';
import { companiesIn } from '@/lib/payments';
import { HOME_COMPANIES_SHOWN } from '@/lib/limits';
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
  const payments = await getTranslations('Payments');
  const stats = countryStats(locale);
  const country = editionOf(locale).country;
  // The edition's own country's companies, a bounded strip of them however many clients there are.
  const clients: Client[] = companiesIn(country)
    .slice(0, HOME_COMPANIES_SHOWN)
    .map(({ slug, label, monogram, color, address, services }) => ({
      slug,
      label,
      monogram,
      color,
      // What a visitor pays them for and where they are, from the company's own file: a tile says who
      // the client is, not only its initials.
      detail: [payments(`serviceTypes.${services[0]!.type}`), townOf(address)].filter(Boolean).join(' · '),
    }));

  return (
    <>
      <Hero
        title={t('heroTitle')}
        lead={t('heroLead')}
        visual={<BillsScreen />}
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
          <>
            {/* A new payer's way in: the customer app's sign-up page, only where one is configured. */}
            {env.CUSTOMER_SIGNUP_URL && (
              <p className={heroStyles.signup}>
                {t('signupPrompt')}{' '}
                <a href={env.CUSTOMER_SIGNUP_URL} rel="noopener" data-signup>
                  {t('signup')}
                </a>
              </p>
            )}
            <ul className={heroStyles.badges}>
              <li>{t('noFee')}</li>
              <li>{t('cards')}</li>
            </ul>
          </>
        }
      />
      {stats && (
        <Stats
          locale={locale}
          title={t('statsTitle', { country })}
          items={[
            { value: stats.companies, plus: true, label: t('statCompanies', { count: stats.companies }) },
            { value: stats.users, plus: false, label: t('statUsers', { count: stats.users }) },
          ]}
        />
      )}
      {clients.length > 0 && <ClientStrip locale={locale} title={t('clientsTitle')} lead={t('clientsLead')} clients={clients} />}
      <Section id="how-it-works" title={t('stepsTitle')} tone="surface">
        <Steps
          items={[1, 2, 3].map((n) => ({
            title: t(`step${n as 1 | 2 | 3}Title`),
            text: t(`step${n as 1 | 2 | 3}Text`),
          }))}
        />
      </Section>
      <Section id="features" title={t('featuresTitle')} lead={t('featuresLead')}>
        <ProductTour
          stops={[
            { title: t('featureAutopayTitle'), text: t('featureAutopayText'), screen: <AutopayScreen /> },
            { title: t('featureMeterTitle'), text: t('featureMeterText'), screen: <MeterScreen /> },
          ]}
        />
        {/* Six: two full rows at every width (a seventh, the archive, stood alone on a last row; the
            archive is step 2 of how it works). */}
        <FeatureList
          divided
          items={[
            { icon: 'card', title: t('cardsTitle'), text: t('cardsText') },
            { icon: 'check', title: t('freeTitle'), text: t('freeText') },
            { icon: 'share', title: t('featureShareTitle'), text: t('featureShareText') },
            { icon: 'bell', title: t('featureNotifyTitle'), text: t('featureNotifyText') },
            { icon: 'wallet', title: t('featureWalletTitle'), text: t('featureWalletText') },
            { icon: 'phone', title: t('featureAppTitle'), text: t('featureAppText') },
          ]}
        />
      </Section>
      <Split id="for-business" title={t('businessTitle')} reverse visual={<DashboardScreen />}>
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
      {/* Who the site is: on the home page only, where search engines look for it. */}
      <JsonLd data={{ '@graph': [organization(), website(locale)] }} />
    </>
  );
}
