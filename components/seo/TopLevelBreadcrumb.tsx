import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/editions';
import { breadcrumbs } from '@/lib/seo/structured-data';
import { JsonLd } from './JsonLd';

/** BreadcrumbList (Home › this page) for a top-level page whose hero shows no visible trail. */
export async function TopLevelBreadcrumb({ locale, path, label }: { locale: Locale; path: string; label: string }) {
  const nav = await getTranslations({ locale, namespace: 'Nav' });
  return <JsonLd data={breadcrumbs(locale, [{ href: '/', label: nav('home') }], { label, path })} />;
}
