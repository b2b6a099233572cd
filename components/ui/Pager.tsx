import { getTranslations } from 'next-intl/server';
import { listPagePath } from '@/lib/routes';
import { Link } from './Link';
import styles from './Pager.module.css';

type Props = { listPath: string; page: number; pages: number };

/** Previous/next pages of a long list, by path segment (`/blog/page/2`): plain links, no JavaScript; nothing for a one-page list. */
export async function Pager({ listPath, page, pages }: Props) {
  if (pages <= 1) return null;
  const t = await getTranslations('Pager');
  return (
    <nav aria-label={t('label')} className={styles.pager}>
      {page > 1 ? (
        <Link href={listPagePath(listPath, page - 1)} rel="prev">
          ← {t('previous')}
        </Link>
      ) : (
        <span />
      )}
      <span aria-current="page">{t('status', { page, pages })}</span>
      {page < pages ? (
        <Link href={listPagePath(listPath, page + 1)} rel="next">
          {t('next')} →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
