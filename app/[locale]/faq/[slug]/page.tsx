import type { Metadata } from 'next';
import { pageMetadata, seoTrail } from '@/lib/seo/metadata';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { PageHeader } from '@/components/content/PageHeader';
import { AskAside } from '@/components/faq/AskAside';
import { JsonLd } from '@/components/seo/JsonLd';
import { faqPage } from '@/lib/seo/structured-data';
import { PrevNext } from '@/components/content/PrevNext';
import { RichText } from '@/components/content/RichText';
import { editionHtml, getFaqItem } from '@/lib/content';
import { UpdatedDate } from '@/components/content/UpdatedDate';
import layout from '@/components/content/Layout.module.css';
import { Container } from '@/components/ui/Container';
import { contentLanguage } from '@/lib/i18n/editions';
import { localeParam } from '@/lib/i18n/params';

type Props = { params: Promise<{ locale: string; slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await localeParam(params);
  const found = getFaqItem(contentLanguage(locale), (await params).slug);
  if (!found) return {};
  const t = await getTranslations({ locale, namespace: 'Faq' });
  return pageMetadata(locale, `/faq/${found.item.slug}`, {
    title: found.item.question,
    description: `${t(`categories.${found.item.category}`)} — ${t('title')}`,
  });
}

export default async function FaqQuestionPage({ params }: Props) {
  const locale = await localeParam(params);
  const found = getFaqItem(contentLanguage(locale), (await params).slug);
  if (!found) notFound();
  const { item, previous, next } = found;
  const t = await getTranslations('Faq');
  const nav = await getTranslations('Nav');

  return (
    <article>
      <PageHeader
        narrow
        title={item.question}
        trail={seoTrail(locale, [
          { href: '/', label: nav('home') },
          { href: '/faq', label: nav('faq') },
          { href: `/faq#${item.category}`, label: t(`categories.${item.category}`) },
        ])}
        meta={<UpdatedDate date={item.updated_at} locale={locale} />}
      />
      <JsonLd data={faqPage(locale, [item])} />
      <Container narrow>
        <div className={layout.body}>
          <RichText html={editionHtml(item.answer, locale)} locale={locale} />
          <PrevNext
            label={t('questionNav')}
            previousLabel={t('previousQuestion')}
            nextLabel={t('nextQuestion')}
            previous={previous && { href: `/faq/${previous.slug}`, title: previous.question }}
            next={next && { href: `/faq/${next.slug}`, title: next.question }}
          />
          <AskAside />
        </div>
      </Container>
    </article>
  );
}
