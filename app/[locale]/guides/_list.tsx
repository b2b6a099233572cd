// The guides list, one page of it (/guides, /guides/page/N), or a search's results (/guides?q=, bounded): shared by both routes.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { PageHeader } from '@/components/content/PageHeader';
import layout from '@/components/content/Layout.module.css';
import { GuideSearch } from '@/components/guides/GuideSearch';
import { Container } from '@/components/ui/Container';
import { Pager } from '@/components/ui/Pager';
import { guideListItems, searchGuides } from '@/lib/content';
import { contentLanguage, type Locale } from '@/lib/i18n/editions';
import { listPagePath, pageOf } from '@/lib/routes';
import { pageMetadata, seoTrail } from '@/lib/seo/metadata';

export async function guidesMetadata(locale: Locale, page: number): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'Meta' });
  const pager = await getTranslations({ locale, namespace: 'Pager' });
  return pageMetadata(locale, listPagePath('/guides', page), {
    title: page > 1 ? pager('title', { title: t('guidesTitle'), page }) : t('guidesTitle'),
    description: t('guidesDescription'),
  });
}

export async function GuidesList({ locale, page, query }: { locale: Locale; page: number; query: string }) {
  const t = await getTranslations('Guides');
  const nav = await getTranslations('Nav');
  const found = await searchGuides(contentLanguage(locale), query);
  // A search shows its (bounded) results on one page; the whole list is shown a page at a time.
  const { items, pages } = query ? { items: found, pages: 1 } : pageOf('guides', found, page);
  if (page > pages) notFound();

  return (
    <>
      <PageHeader title={t('title')} lead={t('lead')} trail={seoTrail(locale, [{ href: '/', label: nav('home') }])} />
      <Container>
        <div className={layout.body}>
          <GuideSearch locale={locale} query={query} items={guideListItems(items, locale)} />
          <Pager listPath="/guides" page={page} pages={pages} />
        </div>
      </Container>
    </>
  );
}
