import { formEndpoint } from '@/lib/submissions/api';

/** POST /api/site/business-start (docs/api.md) */
export const POST = formEndpoint('business-start');
