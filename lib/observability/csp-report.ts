import { readBodyUpTo } from '@/lib/request-body';
import { processValue } from '@/lib/handoff.ts';
import { logger } from './logger.ts';
import { metrics } from './metrics.ts';
import { CSP_REPORT_LIMITS, CSP_REPORT_MAX_BYTES } from '@/lib/limits.ts';

/**
 * POST /api/csp-report: the browsers' CSP violation reports, in both formats — the Reporting API's
 * (`application/reports+json`, an array of `{type: 'csp-violation', body: {effectiveDirective,
 * blockedURL}}`, sent for `report-to`) and the older one (`application/csp-report`, `{"csp-report":
 * {"effective-directive", "blocked-uri"}}`, sent for `report-uri`).
 *
 * Anyone can post here, so: a small body, a per-client and a per-instance rate limit, no cookies read or
 * set, and only two things kept of a report, in one log line each and a counter: the directive (one of
 * CSP's names, else `other`) and the blocked URL's origin (never its path or query, which could carry
 * anything; `inline`, `eval` and the like as they are).
 */
export { CSP_REPORT_MAX_BYTES };
const { perClientPerMinute: PER_CLIENT_PER_MINUTE, perInstancePerMinute: PER_INSTANCE_PER_MINUTE, reportsPerPost: REPORTS_PER_POST } = CSP_REPORT_LIMITS;

const DIRECTIVES = new Set([
  'default-src', 'script-src', 'script-src-elem', 'script-src-attr', 'style-src', 'style-src-elem', 'style-src-attr', 'img-src',
  'font-src', 'connect-src', 'frame-src', 'child-src', 'worker-src', 'manifest-src', 'media-src', 'object-src', 'prefetch-src',
  'base-uri', 'form-action', 'frame-ancestors', 'navigate-to', 'sandbox', 'trusted-types', 'require-trusted-types-for',
  'upgrade-insecure-requests', 'fenced-frame-src', 'webrtc',
]);
const KEYWORDS = new Set(['inline', 'eval', 'wasm-eval', 'self', 'data', 'blob', 'trusted-types-policy', 'trusted-types-sink']);

export function directiveOf(value: unknown): string {
  const name = typeof value === 'string' ? value.trim().split(/\s+/)[0]!.toLowerCase() : '';
  return DIRECTIVES.has(name) ? name : 'other';
}

/** The blocked URL's origin (`https://cdn.example`), its scheme for data:/blob:, a CSP keyword, or `other`. */
export function blockedOrigin(value: unknown): string {
  if (typeof value !== 'string' || value === '') return 'other';
  if (KEYWORDS.has(value)) return value;
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'wss:' || url.protocol === 'ws:') return url.origin.slice(0, CSP_REPORT_LIMITS.originChars);
    return url.protocol;
  } catch {
    return 'other';
  }
}

type Violation = { directive: string; blocked: string };

/** The violations of a report body in either format; nothing else of it is kept. */
export function violationsOf(body: unknown): Violation[] {
  const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});
  if (Array.isArray(body)) {
    return body
      .slice(0, REPORTS_PER_POST)
      .map(record)
      .filter((report) => report.type === 'csp-violation')
      .map((report) => record(report.body))
      .map((b) => ({ directive: directiveOf(b.effectiveDirective), blocked: blockedOrigin(b.blockedURL) }));
  }
  const old = record(record(body)['csp-report']);
  if (Object.keys(old).length === 0) return [];
  return [{ directive: directiveOf(old['effective-directive'] ?? old['violated-directive']), blocked: blockedOrigin(old['blocked-uri']) }];
}

type Window = { start: number; count: number };
const windows = processValue('cspWindows', () => new Map<string, Window>());

/** A fixed one-minute window per key, kept in memory (a lost count on restart is harmless here). */
function allowed(key: string, limit: number, now: number): boolean {
  const window = windows.get(key);
  if (!window || now - window.start >= 60_000) {
    if (windows.size > CSP_REPORT_LIMITS.windows) windows.clear();
    windows.set(key, { start: now, count: 1 });
    return true;
  }
  window.count++;
  return window.count <= limit;
}

const ACCEPTED_TYPES = ['application/reports+json', 'application/csp-report', 'application/json'];
const answer = (status: number) => new Response(null, { status, headers: { 'cache-control': 'no-store' } });

/** The endpoint's answer: 204 when taken, 413/415/429/400 otherwise. `client`: its key (lib/clients clientKey), for the rate limit only. */
export async function handleCspReport(request: Request, client: string | null, now = Date.now()): Promise<Response> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!ACCEPTED_TYPES.includes(type)) return answer(415);
  if (!allowed(`client:${client ?? 'unknown'}`, PER_CLIENT_PER_MINUTE, now) || !allowed('instance', PER_INSTANCE_PER_MINUTE, now)) {
    metrics().rateLimited.inc({ form: 'csp-report' });
    return answer(429);
  }
  const text = await readBodyUpTo(request, CSP_REPORT_MAX_BYTES);
  if (text === null) return answer(413);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return answer(400);
  }
  const log = logger('csp');
  for (const { directive, blocked } of violationsOf(body)) {
    metrics().cspReports.inc({ directive });
    log.warn({ event: 'csp.report', directive, blocked }, 'CSP violation reported');
  }
  return answer(204);
}
