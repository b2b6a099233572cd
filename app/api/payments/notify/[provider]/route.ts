import { notificationAnswer } from '@/lib/payments';

type Context = { params: Promise<{ provider: string }> };

/**
 * POST /api/payments/notify/<provider>: a provider's signed notification, read and verified by that
 * provider (lib/payments/providers/<name>.ts). 404 for a name no provider registered; otherwise as the
 * bare path (docs/api.md).
 */
export async function POST(request: Request, { params }: Context): Promise<Response> {
  return notificationAnswer((await params).provider, request);
}
