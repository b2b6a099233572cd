import { getTranslations } from 'next-intl/server';
import { env } from '@/lib/env';
import { sanitizeContentHtml } from '@/lib/content/sanitize';
import type { Locale } from '@/lib/i18n/editions';
import { getPathname } from '@/lib/i18n/navigation';
import styles from './Prose.module.css';

/**
 * HTML from the content API, through the sanitizer, with site links in the visitor's edition. Tables
 * get a wrapper that scrolls sideways on narrow screens; a scrolling region must be reachable by
 * keyboard, so the wrapper is a focusable, labelled region.
 */
export async function RichText({ html, locale }: { html: string; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Content' });
  const clean = sanitizeContentHtml(html, {
    localizePath: (path) => getPathname({ href: path, locale }),
    siteOrigin: new URL(env.NEXT_PUBLIC_SITE_URL).origin,
  })
    .replaceAll('<table>', `<div class="${styles.tableScroll}" role="region" tabindex="0" aria-label="${t('table')}"><table>`)
    .replaceAll('</table>', '</table></div>');
  return <div className={styles.prose} dangerouslySetInnerHTML={{ __html: clean }} />;
}
