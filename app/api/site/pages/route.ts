import { listHandler } from '@/lib/content/api';

/** GET /api/site/pages?lang= (docs/api.md) */
export const GET = listHandler('pages');
