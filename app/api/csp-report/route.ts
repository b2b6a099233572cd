import { handleCspReport } from '@/lib/observability';
import { clientAddress, clientKey } from '@/lib/clients';

/**
 * POST /api/csp-report — browsers' CSP violation reports (both formats; lib/observability/csp-report.ts).
 * Limited per client as every limit is: clientKey, where an IPv6 /64 is one client.
 */
export function POST(request: Request) {
  return handleCspReport(request, clientKey(clientAddress(request.headers)));
}
