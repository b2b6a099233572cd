import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/editions';
import styles from './Prose.module.css';

const lastHeading = (html: string) => {
  const headings = [...html.matchAll(/<h[2-4][^>]*>([\s\S]*?)<\/h[2-4]>/g)];
  return headings.at(-1)?.[1]?.replace(/<[^>]*>/g, '').replace(/"/g, '&quot;').trim();
};

/**
 * Content HTML, already sanitized and put in the edition (lib/content/html.ts). Tables get a wrapper
 * that scrolls sideways on narrow screens; a scrolling region must be reachable by keyboard, so the
 * wrapper is a focusable region, named after the heading above the table (each region's name unique).
 */
export async function RichText({ html, locale }: { html: string; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Content' });
  const parts = html.split('<table>');
  const withTables = parts
    .map((part, index) => {
      if (index === 0) return part;
      const heading = lastHeading(parts.slice(0, index).join(''));
      const label = heading ? `${t('table')}: ${heading}` : `${t('table')} ${index}`;
      return `<div class="${styles.tableScroll}" role="region" tabindex="0" aria-label="${label}"><table>${part}`;
    })
    .join('')
    .replaceAll('</table>', '</table></div>');
  return <div className={styles.prose} dangerouslySetInnerHTML={{ __html: withTables }} />;
}
