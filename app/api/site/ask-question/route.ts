import { formEndpoint } from '@/lib/submissions';

/** POST /api/site/ask-question (docs/api.md) */
export const POST = formEndpoint('ask-question');
