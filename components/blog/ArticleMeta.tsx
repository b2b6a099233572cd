import { getTranslations } from 'next-intl/server';
import { Icon } from '@/components/ui/Icon';
import { formatContentDate, isoDate, readTime } from '@/lib/content/format';
import type { Article } from '@/lib/content/schemas';
import type { Locale } from '@/lib/i18n/editions';
import styles from './Blog.module.css';

/** 'MARCH 05, 2026 · 12 min read' */
export async function ArticleMeta({ article, locale }: { article: Article; locale: Locale }) {
  const t = await getTranslations('Blog');
  return (
    <span className={styles.meta}>
      <span className={styles.metaItem}>
        <Icon name="calendar" size={16} />
        <time dateTime={isoDate(article.date)}>{formatContentDate(article.date, locale)}</time>
      </span>
      <span className={styles.metaItem}>
        <Icon name="clock" size={16} />
        {t('readTime', { minutes: readTime(article.text) })}
      </span>
    </span>
  );
}
