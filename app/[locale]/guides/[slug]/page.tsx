import type { Metadata } from 'next';
import { pageMetadata, seoTrail } from '@/lib/seo/metadata';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { PageHeader } from '@/components/content/PageHeader';
import { PrevNext } from '@/components/content/PrevNext';
import { RichText } from '@/components/content/RichText';
import { editionHtml, getGuide } from '@/lib/content';
import { UpdatedDate } from '@/components/content/UpdatedDate';
import layout from '@/components/content/Layout.module.css';
import { Container } from '@/components/ui/Container';
import { contentLanguage } from '@/lib/i18n/editions';
import { localeParam } from '@/lib/i18n/params';

type Props = { params: Promise<{ locale: string; slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await localeParam(params);
  const found = await getGuide(contentLanguage(locale), (await params).slug);
  return found ? pageMetadata(locale, `/guides/${found.item.slug}`, { title: found.item.title, description: found.item.summary }) : {};
}

export default async function GuidePage({ params }: Props) {
  const locale = await localeParam(params);
  const found = await getGuide(contentLanguage(locale), (await params).slug);
  if (!found) notFound();
  const { item: guide, previous, next } = found;
  const t = await getTranslations('Guides');
  const nav = await getTranslations('Nav');

  return (
    <article>
      <PageHeader
        narrow
        title={guide.title}
        lead={guide.summary}
        trail={seoTrail(locale, [
          { href: '/', label: nav('home') },
          { href: '/guides', label: nav('guides') },
        ])}
        meta={<UpdatedDate date={guide.updated_at} locale={locale} />}
      />
      <Container narrow>
        <div className={layout.body}>
          <RichText html={editionHtml(guide.text, locale)} locale={locale} />
          <PrevNext
            label={t('guideNav')}
            previousLabel={t('previousGuide')}
            nextLabel={t('nextGuide')}
            previous={previous && { href: `/guides/${previous.slug}`, title: previous.title }}
            next={next && { href: `/guides/${next.slug}`, title: next.title }}
          />
        </div>
      </Container>
    </article>
  );
}
