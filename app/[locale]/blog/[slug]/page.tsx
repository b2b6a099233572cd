import type { Metadata } from 'next';
import { pageMetadata, seoTrail } from '@/lib/seo/metadata';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { ArticleMeta } from '@/components/blog/ArticleMeta';
import styles from '@/components/blog/Blog.module.css';
import { ContentImage } from '@/components/content/ContentImage';
import { JsonLd } from '@/components/seo/JsonLd';
import { blogPosting } from '@/lib/seo/structured-data';
import { PageHeader } from '@/components/content/PageHeader';
import { PrevNext } from '@/components/content/PrevNext';
import { RichText } from '@/components/content/RichText';
import { editionHtml, getArticle } from '@/lib/content';
import layout from '@/components/content/Layout.module.css';
import { Container } from '@/components/ui/Container';
import { contentLanguage } from '@/lib/i18n/editions';
import { localeParam } from '@/lib/i18n/params';

type Props = { params: Promise<{ locale: string; slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await localeParam(params);
  const found = await getArticle(contentLanguage(locale), (await params).slug);
  if (!found) return {};
  return pageMetadata(locale, `/blog/${found.item.slug}`, { title: found.item.title, description: found.item.summary, type: 'article' });
}

export default async function ArticlePage({ params }: Props) {
  const locale = await localeParam(params);
  const found = await getArticle(contentLanguage(locale), (await params).slug);
  if (!found) notFound();
  const { item: article, previous, next } = found;
  const t = await getTranslations('Blog');
  const nav = await getTranslations('Nav');

  return (
    <article>
      <PageHeader
        narrow
        title={article.title}
        lead={article.summary}
        trail={seoTrail(locale, [
          { href: '/', label: nav('home') },
          { href: '/blog', label: nav('blog') },
        ])}
        meta={<ArticleMeta article={article} locale={locale} />}
      />
      <Container narrow>
        <div className={layout.body}>
          <JsonLd data={blogPosting(locale, article)} />
          <ContentImage
            src={article.image}
            alt={article.image_alt}
            width={1200}
            height={630}
            className={styles.hero}
            sizes="(min-width: 48rem) 720px, 100vw"
            preload
          />
          <RichText html={editionHtml(article.text, locale)} locale={locale} />
          <PrevNext
            label={t('articleNav')}
            previousLabel={t('previousArticle')}
            nextLabel={t('nextArticle')}
            previous={previous && { href: `/blog/${previous.slug}`, title: previous.title }}
            next={next && { href: `/blog/${next.slug}`, title: next.title }}
          />
        </div>
      </Container>
    </article>
  );
}
