'use client';

import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { hydratingValue } from '@/lib/client/hydrating-value';
import useSWR from 'swr';
import { SiteLink } from '@/components/ui/SiteLink.client';
import { translator } from '@/lib/i18n/format-message';
import type { Messages } from '@/lib/i18n/messages';
import { isGuideList, type GuideListItem } from '@/lib/content/guide-items';
import { SearchField } from '@/components/content/SearchField';
import styles from '@/components/content/Search.module.css';

type Props = {
  locale: string;
  /** The `Guides` texts of the catalogue. */
  text: Messages['Guides'];
  /** The page's own URL, where the form sends `?q=` without JavaScript. */
  action: string;
  initialQuery: string;
  initialItems: GuideListItem[];
  searchIcon: ReactNode;
};

const DEBOUNCE_MS = 250;

async function fetchGuides(url: string): Promise<GuideListItem[]> {
  const response = await fetch(url, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`search answered ${response.status}`);
  const body: unknown = await response.json();
  if (!isGuideList(body)) throw new Error('search answered an unexpected shape');
  return body;
}

/**
 * The guide search: a plain GET form (works without JavaScript), which, once JavaScript runs, updates
 * the list as the visitor types, through swr against /api/search/guides. Its texts come from the
 * `Guides` texts, handed to it alone by the page (GuideSearch.tsx) and formatted here (lib/i18n/format-message.ts).
 */
export function GuideSearch({ locale, text, action, initialQuery, initialItems, searchIcon }: Props) {
  const t = translator(text, locale);
  const inputId = useId();
  // A query typed before the scripts ran is in the box: the state starts from it (else its first
  // render would put the server's query back), and the search below then runs as typed.
  const [query, setQuery] = useState(() => hydratingValue(inputId) ?? initialQuery);
  const [settled, setSettled] = useState(initialQuery.trim());

  useEffect(() => {
    const timer = setTimeout(() => setSettled(query.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query]);

  // Keep the address in step, so the result can be shared and survives a reload.
  useEffect(() => {
    const url = new URL(window.location.href);
    if (settled) url.searchParams.set('q', settled);
    else url.searchParams.delete('q');
    if (url.href !== window.location.href) window.history.replaceState(window.history.state, '', url);
  }, [settled]);

  const key = settled === initialQuery.trim() ? null : `/api/search/guides?locale=${encodeURIComponent(locale)}&q=${encodeURIComponent(settled)}`;
  const { data, error, isLoading } = useSWR(key, fetchGuides, { keepPreviousData: true, revalidateOnFocus: false });
  const items = key === null ? initialItems : (data ?? initialItems);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSettled(query.trim());
  }

  return (
    <div className={`${styles.search} ${styles.searchWide}`}>
      <form role="search" action={action} method="get" className={styles.form} onSubmit={onSubmit}>
        <SearchField
          id={inputId}
          label={t('searchLabel')}
          placeholder={t('searchPlaceholder')}
          button={t('searchButton')}
          icon={searchIcon}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </form>

      <p className={styles.status} role="status">
        {/* Announced once the list shows the results of this query, not while the previous list is still shown. */}
        {error ? t('searchFailed') : settled && !isLoading ? t('results', { count: items.length, query: settled }) : ''}
      </p>

      {items.length > 0 ? (
        <ul className={styles.list}>
          {items.map((guide) => (
            <li key={guide.slug} className={styles.item}>
              <h2 className={styles.itemTitle}>
                <SiteLink href={guide.href} className={styles.itemLink}>
                  {guide.title}
                </SiteLink>
              </h2>
              <p className={styles.itemSummary}>{guide.summary}</p>
              <p className={styles.itemDate}>
                <time dateTime={guide.updatedIso}>{t('updated', { date: guide.updated })}</time>
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.empty}>{t('noResultsHelp')}</p>
      )}

      {settled && (
        <p>
          <SiteLink href={action} onClick={() => { setQuery(''); setSettled(''); }}>
            {t('showAll')}
          </SiteLink>
        </p>
      )}
    </div>
  );
}
