import type { MetadataRoute } from 'next';
import { env } from '@/lib/env';

export const dynamic = 'force-dynamic';

/** Everything is open to crawlers except form confirmations, checkouts and the APIs (sharing images stay open); the sitemap named is the index (lib/seo/sitemap.ts). */
export default function robots(): MetadataRoute.Robots {
  return {
    rules: { userAgent: '*', allow: ['/', '/api/og'], disallow: ['/api/', '/*/checkout/', '/*/form-success'] },
    sitemap: `${env.NEXT_PUBLIC_SITE_URL}/sitemap.xml`,
    host: env.NEXT_PUBLIC_SITE_URL,
  };
}
