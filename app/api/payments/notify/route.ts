import { readBodyUpTo } from '@/lib/request-body';
import { apiError, jsonAnswer } from '@/lib/http/respond';
import { NOTIFICATION_MAX_BYTES, receiveNotification, SIGNATURE_HEADER } from '@/lib/payments';

/**
 * POST /api/payments/notify: the payment provider's signed notification of a payment's outcome
 * (contract: docs/api.md). 401 for a bad or stale signature, 413 over 8 KB, 400 for a signed body that
 * is not an event; 200 otherwise, also for a replay or an unknown payment, so the provider stops retrying.
 */
export async function POST(request: Request): Promise<Response> {
  const body = await readBodyUpTo(request, NOTIFICATION_MAX_BYTES);
  if (body === null) return apiError(413, 'too_large', `A notification is at most ${NOTIFICATION_MAX_BYTES} bytes`);
  const result = await receiveNotification(body, request.headers.get(SIGNATURE_HEADER));
  if (result.status === 401) return apiError(401, 'bad_signature', `Missing, wrong or stale ${SIGNATURE_HEADER}`);
  if (result.status === 400) return apiError(400, 'invalid_event', 'Not a payment event');
  return jsonAnswer({ received: true, outcome: result.outcome }, 200, { 'Cache-Control': 'no-store' });
}
