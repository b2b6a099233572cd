import { embeddedSandbox } from '@/lib/payments';

/**
 * The embedded test provider's hosted page (PAYMENT_PROVIDER=test, the embedded default): the sandbox
 * provider's page (lib/payments/sandbox) mounted in the site, outside its [locale] routes, with its own
 * HTML and CSP (proxy.ts sets the same policy and nonce). The path must equal TEST_PROVIDER_PREFIX.
 */
type Context = { params: Promise<{ session: string }> };

export const dynamic = 'force-dynamic';

export async function GET(request: Request, { params }: Context): Promise<Response> {
  return embeddedSandbox().page((await params).session, request);
}

export async function POST(request: Request, { params }: Context): Promise<Response> {
  return embeddedSandbox().page((await params).session, request);
}
