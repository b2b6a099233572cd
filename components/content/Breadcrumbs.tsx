import { getLocale, getTranslations } from 'next-intl/server';
import { JsonLd } from '@/components/seo/JsonLd';
import type { Locale } from '@/lib/i18n/editions';
import { breadcrumbs } from '@/lib/seo/structured-data';
import { Link } from '@/components/ui/Link';
import styles from './Breadcrumbs.module.css';

export type Crumb = { href: string; label: string };

/** Where the page sits: home › section › this page (the last item is the current page, not a link). */
export async function Breadcrumbs({ trail, current }: { trail: Crumb[]; current: string }) {
  const t = await getTranslations('Content');
  const locale = (await getLocale()) as Locale;
  return (
    <nav aria-label={t('breadcrumb')} className={styles.nav}>
      <JsonLd data={breadcrumbs(locale, trail, { label: current })} />
      <ol className={styles.list}>
        {trail.map((crumb) => (
          <li key={crumb.href}>
            <Link href={crumb.href}>{crumb.label}</Link>
          </li>
        ))}
        {/* Long titles are cut with an ellipsis on screen only: the text, and so its accessible name, stays whole. */}
        <li aria-current="page" className={styles.current}>
          <span>{current}</span>
        </li>
      </ol>
    </nav>
  );
}
