import { formEndpoint } from '@/lib/submissions';

/** POST /api/site/business-start (docs/api.md) */
export const POST = formEndpoint('business-start');
