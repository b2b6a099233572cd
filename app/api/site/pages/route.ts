import { listHandler } from '@/lib/content';

/** GET /api/site/pages?lang= (docs/api.md) */
export const GET = listHandler('pages');
