import { testProviderGet, testProviderPost } from '@/lib/payments';

/**
 * The test payment provider's hosted page (PAYMENT_PROVIDER=test, the embedded default): outside the
 * site's [locale] routes, with its own HTML (lib/payments/test-provider) and its own CSP (set by
 * proxy.ts, which does nothing else for this path). The path must equal TEST_PROVIDER_PREFIX.
 */
type Context = { params: Promise<{ session: string }> };

export const dynamic = 'force-dynamic';

export async function GET(request: Request, { params }: Context): Promise<Response> {
  return testProviderGet((await params).session, request);
}

export async function POST(request: Request, { params }: Context): Promise<Response> {
  return testProviderPost((await params).session, request);
}
