import { listHandler } from '@/lib/content/api';

/** GET /api/site/vacancies?lang= (docs/api.md) */
export const GET = listHandler('vacancies');
