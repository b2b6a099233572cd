import type { Metadata } from 'next';
import { env } from '@/lib/env';
import { editions, defaultLocale, type Locale } from '@/lib/i18n/editions';
import { localizedPath } from '@/lib/i18n/locale';
import type { Crumb } from './breadcrumbs';

/**
 * Canonical and alternate URLs of a page. Always built from NEXT_PUBLIC_SITE_URL, never from the
 * request, so headers such as X-Forwarded-Host cannot change them. Every page of the site but a
 * company's exists in all nine editions (the content is translated in full), so each lists all nine plus
 * x-default, which points at the default edition (lv-lv); a company's page exists only in its own
 * country's three editions, x-default the first of them.
 */
export function pageUrl(locale: Locale, path: string): string {
  return `${env.NEXT_PUBLIC_SITE_URL}${localizedPath(locale, path)}`;
}

/** A breadcrumb trail with each crumb's canonical URL, for the components that draw it. */
export function seoTrail(locale: Locale, trail: { href: string; label: string }[]): Crumb[] {
  return trail.map((crumb) => ({ ...crumb, url: pageUrl(locale, crumb.href) }));
}

export function alternates(path: string, among: readonly Locale[] = editions.map((e) => e.locale)): Record<string, string> {
  return {
    ...Object.fromEntries(among.map((locale) => [locale, pageUrl(locale, path)])),
    'x-default': pageUrl(among.includes(defaultLocale) ? defaultLocale : among[0]!, path),
  };
}

type PageMeta = {
  title: string;
  description?: string;
  /** Form confirmations and checkouts: not indexed, and left out of the sitemap. */
  noindex?: boolean;
  type?: 'website' | 'article';
  /** Extra alternate representations, e.g. the blog's RSS feed. */
  feeds?: Record<string, string>;
  /** The editions the page exists in (its hreflang alternates), when not all nine: a company's country's. */
  editions?: readonly Locale[];
};

/** The metadata of one page in one edition: title, description, canonical, hreflang, OpenGraph, Twitter. */
export function pageMetadata(locale: Locale, path: string, meta: PageMeta): Metadata {
  const url = pageUrl(locale, path);
  // The image is drawn from the page's own title, found by edition and path (app/api/og).
  const og = `${env.NEXT_PUBLIC_SITE_URL}/api/og?${new URLSearchParams({ locale, path })}`;
  return {
    // The layout's template appends "| Billme"; a title that already names the brand stands as it is.
    title: /\bBillme\b/.test(meta.title) ? { absolute: meta.title } : meta.title,
    description: meta.description,
    alternates: meta.noindex
      ? undefined
      : { canonical: url, languages: alternates(path, meta.editions), types: meta.feeds ? { 'application/rss+xml': Object.values(meta.feeds)[0]! } : undefined },
    robots: meta.noindex ? { index: false, follow: false } : undefined,
    openGraph: {
      type: meta.type ?? 'website',
      url,
      title: meta.title,
      description: meta.description,
      siteName: 'Billme',
      // No og:locale:alternate: it tells Facebook the same URL serves those locales (fetched with
      // ?fb_locale=), which is not how the editions work; they are other URLs, named by hreflang.
      locale: locale.replace('-', '_'),
      images: [{ url: og, width: 1200, height: 630, alt: meta.title }],
    },
    // The card type only: X reads the title, description and image from the OpenGraph tags.
    twitter: { card: 'summary_large_image' },
  };
}
