import { env } from '@/lib/env';
import { sanitizeContentHtml } from '@/lib/content/sanitize';
import type { Locale } from '@/lib/i18n/editions';
import { getPathname } from '@/lib/i18n/navigation';
import styles from './Prose.module.css';

/** HTML from the content API, through the sanitizer, with site links in the visitor's edition. */
export function RichText({ html, locale }: { html: string; locale: Locale }) {
  const clean = sanitizeContentHtml(html, {
    localizePath: (path) => getPathname({ href: path, locale }),
    siteOrigin: new URL(env.NEXT_PUBLIC_SITE_URL).origin,
  });
  return <div className={styles.prose} dangerouslySetInnerHTML={{ __html: clean }} />;
}
