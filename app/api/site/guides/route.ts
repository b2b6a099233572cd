import { listHandler } from '@/lib/content';

/** GET /api/site/guides?lang= (docs/api.md) */
export const GET = listHandler('guides');
