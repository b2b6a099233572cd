// The blog list, one page of it (page 1 at /blog, further pages at /blog/page/N): shared by both routes.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { ArticleCard } from '@/components/blog/ArticleCard';
import styles from '@/components/blog/Blog.module.css';
import { PageHeader } from '@/components/content/PageHeader';
import layout from '@/components/content/Layout.module.css';
import { Container } from '@/components/ui/Container';
import { Icon } from '@/components/ui/Icon';
import { Pager } from '@/components/ui/Pager';
import { getArticles } from '@/lib/content';
import { contentLanguage, type Locale } from '@/lib/i18n/editions';
import { localizedPath } from '@/lib/i18n/locale';
import { listPagePath, pageOf } from '@/lib/routes';
import { pageMetadata, pageUrl, seoTrail } from '@/lib/seo/metadata';

export async function blogMetadata(locale: Locale, page: number): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'Meta' });
  const pager = await getTranslations({ locale, namespace: 'Pager' });
  return pageMetadata(locale, listPagePath('/blog', page), {
    title: page > 1 ? pager('title', { title: t('blogTitle'), page }) : t('blogTitle'),
    description: t('blogDescription'),
    feeds: { rss: `${pageUrl(locale, '/blog')}/rss.xml` },
  });
}

export async function BlogList({ locale, page }: { locale: Locale; page: number }) {
  const t = await getTranslations('Blog');
  const nav = await getTranslations('Nav');
  const { items: articles, pages } = pageOf('articles', await getArticles(contentLanguage(locale)), page);
  if (page > pages) notFound();

  return (
    <>
      <PageHeader title={t('title')} lead={t('lead')} trail={seoTrail(locale, [{ href: '/', label: nav('home') }])}>
        <p className={styles.feed}>
          <a href={`${localizedPath(locale, '/blog')}/rss.xml`} type="application/rss+xml">
            <Icon name="rss" size={18} /> {t('rss')}
          </a>
        </p>
      </PageHeader>
      <Container>
        <div className={layout.body}>
          {articles.length === 0 ? (
            <p>{t('empty')}</p>
          ) : (
            <ul className={styles.list}>
              {articles.map((article) => (
                <li key={article.slug}>
                  <ArticleCard article={article} locale={locale} />
                </li>
              ))}
            </ul>
          )}
          <Pager listPath="/blog" page={page} pages={pages} />
        </div>
      </Container>
    </>
  );
}
