import { getTranslations } from 'next-intl/server';
import { JsonLd } from '@/components/seo/JsonLd';
import { breadcrumbList, type Crumb } from '@/lib/seo/breadcrumbs';
import { Link } from '@/components/ui/Link';
import styles from './Breadcrumbs.module.css';

export type { Crumb };

/** Where the page sits: home › section › this page (the last item is the current page, not a link). */
export async function Breadcrumbs({ trail, current }: { trail: Crumb[]; current: string }) {
  const t = await getTranslations('Content');
  return (
    <nav aria-label={t('breadcrumb')} className={styles.nav}>
      <JsonLd data={breadcrumbList([...trail.map((crumb) => ({ name: crumb.label, url: crumb.url })), { name: current }])} />
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
