import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/editions';
import styles from './Prose.module.css';

/**
 * Content HTML, already sanitized and put in the edition (lib/content/html.ts). Tables get a wrapper
 * that scrolls sideways on narrow screens; a scrolling region must be reachable by keyboard, so the
 * wrapper is a focusable, labelled region.
 */
export async function RichText({ html, locale }: { html: string; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Content' });
  const withTables = html
    .replaceAll('<table>', `<div class="${styles.tableScroll}" role="region" tabindex="0" aria-label="${t('table')}"><table>`)
    .replaceAll('</table>', '</table></div>');
  return <div className={styles.prose} dangerouslySetInnerHTML={{ __html: withTables }} />;
}
