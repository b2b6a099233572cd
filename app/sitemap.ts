import type { MetadataRoute } from 'next';
import { sitemapEntries, sitePaths } from '@/lib/seo/sitemap';

/** Rendered on request (content may come from a remote API, which must not be needed at build time). */
export const dynamic = 'force-dynamic';

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  return sitemapEntries(await sitePaths());
}
