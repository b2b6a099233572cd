import { getTranslations } from 'next-intl/server';
import styles from '@/components/content/Search.module.css';
import { SearchField } from '@/components/content/SearchField';
import { Icon } from '@/components/ui/Icon';

/** A plain GET search form (`?q=`): the server filters the questions, no JavaScript needed. */
export async function FaqSearchForm({ action, query }: { action: string; query: string }) {
  const t = await getTranslations('Faq');
  return (
    <form role="search" action={action} method="get" className={styles.form}>
      <SearchField
        id="faq-q"
        label={t('searchLabel')}
        placeholder={t('searchPlaceholder')}
        button={t('searchButton')}
        icon={<Icon name="search" size={20} />}
        value={query}
      />
    </form>
  );
}
