import { Link } from '@/components/ui/Link';
import { ContentImage } from '@/components/content/ContentImage';
import type { Article } from '@/lib/content/schemas';
import type { Locale } from '@/lib/i18n/editions';
import { ArticleMeta } from './ArticleMeta';
import styles from './Blog.module.css';

/** One article in the list; the whole card is a single link target through its title. */
export function ArticleCard({ article, locale, headingLevel = 2 }: { article: Article; locale: Locale; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className={styles.card}>
      <ContentImage src={article.image} alt="" width={1200} height={630} className={styles.cardImage} sizes="(min-width: 64rem) 380px, (min-width: 48rem) 50vw, 100vw" />
      <div className={styles.cardBody}>
        <ArticleMeta article={article} locale={locale} />
        <Heading className={styles.cardTitle}>
          <Link href={`/blog/${article.slug}`} className={styles.cardLink}>
            {article.title}
          </Link>
        </Heading>
        <p className={styles.summary}>{article.summary}</p>
      </div>
    </article>
  );
}
