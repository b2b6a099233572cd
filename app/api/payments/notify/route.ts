import { notificationAnswer } from '@/lib/payments';

/**
 * POST /api/payments/notify: the bare notification path, kept for providers configured before each got
 * its own (/api/payments/notify/<provider>). The payment the body names says whose provider verifies it
 * (contract: docs/api.md). 401 for a bad or stale signature, 413 over 8 KB, 400 for a signed body that is
 * not an event; 200 otherwise, also for a replay or an unknown payment, so the provider stops retrying.
 */
export async function POST(request: Request): Promise<Response> {
  return notificationAnswer(null, request);
}
