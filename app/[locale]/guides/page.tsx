import type { Metadata } from 'next';
import { pageMetadata, seoTrail } from '@/lib/seo/metadata';
import { getTranslations } from 'next-intl/server';
import { PageHeader } from '@/components/content/PageHeader';
import layout from '@/components/content/Layout.module.css';
import { GuideSearch } from '@/components/guides/GuideSearch';
import { Container } from '@/components/ui/Container';
import { searchGuides, guideListItems, cleanQuery } from '@/lib/content';
import { contentLanguage } from '@/lib/i18n/editions';
import { localeParam } from '@/lib/i18n/params';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ q?: string | string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = await getTranslations({ locale, namespace: 'Meta' });
  return pageMetadata(locale, '/guides', { title: t('guidesTitle'), description: t('guidesDescription') });
}

export default async function GuidesPage({ params, searchParams }: Props) {
  const locale = await localeParam(params);
  const q = (await searchParams).q;
  const query = cleanQuery(Array.isArray(q) ? q[0] : q);
  const t = await getTranslations('Guides');
  const nav = await getTranslations('Nav');
  const guides = await searchGuides(contentLanguage(locale), query);

  return (
    <>
      <PageHeader title={t('title')} lead={t('lead')} trail={seoTrail(locale, [{ href: '/', label: nav('home') }])} />
      <Container>
        <div className={layout.body}>
          <GuideSearch locale={locale} query={query} items={guideListItems(guides, locale)} />
        </div>
      </Container>
    </>
  );
}
