import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/editions';
import { breadcrumbList } from '@/lib/seo/breadcrumbs';
import { JsonLd } from './JsonLd';

/**
 * BreadcrumbList (Home › this page) for a top-level page whose hero shows no visible trail. The page
 * gives the canonical URLs (`pageUrl`): components read no environment.
 */
export async function TopLevelBreadcrumb({ locale, label, urls }: { locale: Locale; label: string; urls: { home: string; page: string } }) {
  const nav = await getTranslations({ locale, namespace: 'Nav' });
  return <JsonLd data={breadcrumbList([{ name: nav('home'), url: urls.home }, { name: label, url: urls.page }])} />;
}
