import { listHandler } from '@/lib/content';

/** GET /api/site/vacancies?lang= (docs/api.md) */
export const GET = listHandler('vacancies');
