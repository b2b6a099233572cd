import { listHandler } from '@/lib/content/api';

/** GET /api/site/guides?lang= (docs/api.md) */
export const GET = listHandler('guides');
