import { getTranslations } from 'next-intl/server';
import styles from '@/components/guides/Guides.module.css';
import { Icon } from '@/components/ui/Icon';
import { MAX_QUERY_LENGTH } from '@/lib/content/search';

/** A plain GET search form (`?q=`): the server filters the questions, no JavaScript needed. */
export async function FaqSearchForm({ action, query }: { action: string; query: string }) {
  const t = await getTranslations('Faq');
  return (
    <form role="search" action={action} method="get" className={styles.form}>
      <label htmlFor="faq-q" className={styles.label}>
        {t('searchLabel')}
      </label>
      <div className={styles.field}>
        <span className={styles.icon} aria-hidden="true">
          <Icon name="search" size={20} />
        </span>
        <input
          id="faq-q"
          type="search"
          name="q"
          defaultValue={query}
          maxLength={MAX_QUERY_LENGTH}
          autoComplete="off"
          enterKeyHint="search"
          placeholder={t('searchPlaceholder')}
          className={styles.input}
        />
        <button type="submit" className={styles.button}>
          {t('searchButton')}
        </button>
      </div>
    </form>
  );
}
