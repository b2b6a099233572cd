// The site's stylesheets first, as in the edition layout: the same one file (app/styles.ts).
import './styles';
import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { NotFoundContent } from '@/components/errors/NotFoundContent';
import { SiteShell } from '@/components/layout/SiteShell';
import { shellConfig } from './site-config';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Meta');
  return { title: `${t('notFoundTitle')} | ${t('siteName')}` };
}

/**
 * Every 404 of the site: unknown paths in an edition (the proxy rewrites them here), unknown
 * editions, and URLs outside all routes. Rendered on the server in the visitor's edition.
 */
export default async function GlobalNotFound() {
  const locale = await getLocale();
  return (
    <SiteShell locale={locale} config={shellConfig}>
      <NotFoundContent />
    </SiteShell>
  );
}
