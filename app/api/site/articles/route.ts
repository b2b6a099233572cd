import { listHandler } from '@/lib/content';

/** GET /api/site/articles?lang= (docs/api.md) */
export const GET = listHandler('articles');
