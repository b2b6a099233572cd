import { getTranslations } from 'next-intl/server';
import { Link } from '@/components/ui/Link';
import styles from './Breadcrumbs.module.css';

export type Crumb = { href: string; label: string };

/** Where the page sits: home › section › this page (the last item is the current page, not a link). */
export async function Breadcrumbs({ trail, current }: { trail: Crumb[]; current: string }) {
  const t = await getTranslations('Content');
  return (
    <nav aria-label={t('breadcrumb')} className={styles.nav}>
      <ol className={styles.list}>
        {trail.map((crumb) => (
          <li key={crumb.href}>
            <Link href={crumb.href}>{crumb.label}</Link>
          </li>
        ))}
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}
