import { testProviderGet, testProviderPost } from '@/lib/payments';

/**
 * The test payment provider's hosted page (PAYMENT_PROVIDER=test, the embedded default): outside the
 * site's [locale] routes and outside proxy.ts (its matcher skips /test-provider/), with its own HTML
 * and headers (lib/payments/test-provider). The path must equal TEST_PROVIDER_PREFIX.
 */
type Context = { params: Promise<{ session: string }> };

export const dynamic = 'force-dynamic';

export async function GET(_request: Request, { params }: Context): Promise<Response> {
  return testProviderGet((await params).session);
}

export async function POST(request: Request, { params }: Context): Promise<Response> {
  return testProviderPost((await params).session, request);
}
