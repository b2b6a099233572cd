import type { Metadata } from 'next';
import { pageMetadata, seoTrail } from '@/lib/seo/metadata';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { PageHeader } from '@/components/content/PageHeader';
import { RichText } from '@/components/content/RichText';
import { editionHtml, getPage } from '@/lib/content';
import { UpdatedDate } from '@/components/content/UpdatedDate';
import layout from '@/components/content/Layout.module.css';
import { Container } from '@/components/ui/Container';
import { contentLanguage } from '@/lib/i18n/editions';
import { localeParam } from '@/lib/i18n/params';

type Props = { params: Promise<{ locale: string; slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await localeParam(params);
  const page = await getPage(contentLanguage(locale), (await params).slug);
  return page ? pageMetadata(locale, `/${page.slug}`, { title: page.title, description: page.summary || undefined }) : {};
}

/** The catch-all generic page (spec 2): terms-and-conditions, privacy-policy, cookie-policy, contacts... */
export default async function ContentPage({ params }: Props) {
  const locale = await localeParam(params);
  const page = await getPage(contentLanguage(locale), (await params).slug);
  if (!page) notFound();
  const nav = await getTranslations('Nav');

  return (
    <article>
      <PageHeader
        narrow
        title={page.title}
        lead={page.summary || undefined}
        trail={seoTrail(locale, [{ href: '/', label: nav('home') }])}
        meta={<UpdatedDate date={page.updated_at} locale={locale} />}
      />
      <Container narrow>
        <div className={layout.body}>
          <RichText html={editionHtml(page.text, locale)} locale={locale} />
        </div>
      </Container>
    </article>
  );
}
