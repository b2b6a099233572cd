import { handleCspReport } from '@/lib/observability';
import { clientAddress } from '@/lib/submissions';

/** POST /api/csp-report — browsers' CSP violation reports (both formats; lib/observability/csp-report.ts). */
export function POST(request: Request) {
  return handleCspReport(request, clientAddress(request.headers));
}
