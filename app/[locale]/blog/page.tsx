import type { Metadata } from 'next';
import { pageMetadata, pageUrl, seoTrail } from '@/lib/seo/metadata';
import { getTranslations } from 'next-intl/server';
import { ArticleCard } from '@/components/blog/ArticleCard';
import styles from '@/components/blog/Blog.module.css';
import { PageHeader } from '@/components/content/PageHeader';
import { Container } from '@/components/ui/Container';
import { Icon } from '@/components/ui/Icon';
import { localizedPath } from '@/lib/i18n/locale';
import { getArticles } from '@/lib/content';
import { contentLanguage } from '@/lib/i18n/editions';
import { localeParam } from '@/lib/i18n/params';
import layout from '@/components/content/Layout.module.css';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = await getTranslations({ locale, namespace: 'Meta' });
  return pageMetadata(locale, '/blog', {
    title: t('blogTitle'),
    description: t('blogDescription'),
    feeds: { rss: `${pageUrl(locale, '/blog')}/rss.xml` },
  });
}

export default async function BlogPage({ params }: Props) {
  const locale = await localeParam(params);
  const t = await getTranslations('Blog');
  const nav = await getTranslations('Nav');
  const articles = await getArticles(contentLanguage(locale));

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
        </div>
      </Container>
    </>
  );
}
