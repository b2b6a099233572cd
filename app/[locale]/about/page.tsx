import type { Metadata } from 'next';
import { pageMetadata, pageUrl } from '@/lib/seo/metadata';
import { getTranslations } from 'next-intl/server';
import { localeParam } from '@/lib/i18n/params';
import { Stats } from '@/components/home/Stats';
import { ButtonLink } from '@/components/ui/Button';
import { Icon } from '@/components/ui/Icon';
import { CtaBand } from '@/components/sections/CtaBand';
import { FeatureGrid } from '@/components/sections/FeatureGrid';
import { Hero } from '@/components/sections/Hero';
import { TopLevelBreadcrumb } from '@/components/seo/TopLevelBreadcrumb';
import { Section } from '@/components/sections/Section';
import { countries } from '@/lib/i18n/editions';
import { countryStats } from '@/lib/site/country-data';
import { officeNames } from '@/lib/site/offices';
import styles from '@/components/home/Home.module.css';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = await getTranslations({ locale, namespace: 'Meta' });
  return pageMetadata(locale, '/about', { title: t('aboutTitle'), description: t('aboutDescription') });
}

export default async function AboutPage({ params }: Props) {
  const locale = await localeParam(params);
  const t = await getTranslations('About');
  const home = await getTranslations('Home');
  const offices = officeNames(locale);
  const stats = countryStats(locale);

  return (
    <>
      <TopLevelBreadcrumb locale={locale} label={t('title')} urls={{ home: pageUrl(locale, '/'), page: pageUrl(locale, '/about') }} />
      <Hero
        title={t('title')}
        lead={t('lead')}
        image={{ src: '/illustrations/about-team.svg', alt: t('imageAlt'), width: 480, height: 360 }}
      />
      <Section id="story" title={t('storyTitle')}>
        <div className={styles.prose}>
          <p>{t('storyText1')}</p>
          <p>{t('storyText2')}</p>
        </div>
      </Section>
      <Stats
        locale={locale}
        title={t('numbersTitle')}
        items={[
          { value: countries.length, plus: false, label: t('countriesServed') },
          ...(stats
            ? [
                { value: stats.companies, plus: true, label: home('statCompanies') },
                { value: stats.users, plus: false, label: home('statUsers') },
              ]
            : []),
        ]}
      />
      <Section id="values" title={t('missionTitle')} tone="surface">
        <FeatureGrid
          columns={3}
          items={[
            { icon: 'check', title: t('value1Title'), text: t('value1Text') },
            { icon: 'shield', title: t('value2Title'), text: t('value2Text') },
            { icon: 'users', title: t('value3Title'), text: t('value3Text') },
          ]}
        />
      </Section>
      <Section id="offices" title={t('officesTitle')} lead={t('officesText', { count: offices.length })}>
        <ul className={styles.offices}>
          {offices.map((office) => (
            <li key={office.region}>
              <Icon name="map-pin" size={22} /> {office.name}
            </li>
          ))}
        </ul>
      </Section>
      <CtaBand
        id="join"
        title={t('joinTitle')}
        text={t('joinText')}
        actions={
          <ButtonLink href="/careers" variant="light">
            {t('joinCta')}
          </ButtonLink>
        }
      />
    </>
  );
}
