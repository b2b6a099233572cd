// The process's metrics (prom-client), defined here once and shared through lib/handoff.ts's process table by server.ts and the
// app's bundles. Every label takes its value from a short list fixed in code (a route pattern, a status
// class, a form's kind), never from a request's path, body or headers, so the number of series is
// bounded whatever visitors send (tests/observability-metrics.test.ts, e2e/observability.spec.ts).
import client, { type Counter, type Histogram, type Registry } from 'prom-client';
import { processValue } from '../handoff.ts';
import { registerCacheMetrics } from './cache-metrics.ts';

export type DatabaseSnapshot = {
  ready: boolean;
  outbox: { topic: string; waiting: number; oldestSeconds: number }[];
  payments: { status: string; count: number }[];
  oldestProcessingSeconds: number;
  /** Payments paid after the site closed or cancelled them, not yet resolved by the operator. */
  paymentsNeedingReview: number;
};

export type Metrics = {
  registry: Registry;
  httpRequests: Counter<'route' | 'kind' | 'method' | 'status_class'>;
  httpDuration: Histogram<'route' | 'kind' | 'status_class'>;
  mailSent: Counter;
  mailFailed: Counter<'permanent'>;
  rateLimited: Counter<'form'>;
  contentFailures: Counter;
  cacheRequests: Counter<'result'>;
  retentionRemoved: Counter<'what'>;
  cspReports: Counter<'directive'>;
  paymentEvents: Counter<'event'>;
};

/** What a page's latency is measured in: 5 ms to 10 s. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * What the gauges read at scrape time from elsewhere (the database, the content API's state), handed in
 * at start-up. In the process table like the registry: the bundle that hands a source in is not always the
 * copy of this module that made the gauges.
 */
type Sources = { database: null | (() => Promise<DatabaseSnapshot>); contentPaused: null | (() => boolean); snapshot: { at: number; value: Promise<DatabaseSnapshot> | null } };
const state = processValue<Sources>('metricSources', () => ({ database: null, contentPaused: null, snapshot: { at: 0, value: null } }));

/**
 * One scrape reads the database once (outbox, payments, readiness), whichever gauge asks first;
 * a second scrape within a second reuses the answer.
 */
function databaseSnapshot(): Promise<DatabaseSnapshot | null> {
  if (!state.database) return Promise.resolve(null);
  if (Date.now() - state.snapshot.at < 1000 && state.snapshot.value) return state.snapshot.value;
  const value = state.database().catch((): DatabaseSnapshot => ({ ready: false, outbox: [], payments: [], oldestProcessingSeconds: 0, paymentsNeedingReview: 0 }));
  state.snapshot = { at: Date.now(), value };
  return value;
}

function create(): Metrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const m: Metrics = {
    registry,
    httpRequests: new client.Counter({
      name: 'billme_http_requests_total',
      help: 'HTTP requests answered, by route pattern, kind (page, api, static, other), method and status class',
      labelNames: ['route', 'kind', 'method', 'status_class'],
      registers: [registry],
    }),
    httpDuration: new client.Histogram({
      name: 'billme_http_request_duration_seconds',
      help: 'Time from a request to the end of its answer, by route pattern, kind and status class',
      labelNames: ['route', 'kind', 'status_class'],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    }),
    mailSent: new client.Counter({ name: 'billme_mail_sent_total', help: 'Mails handed to the mail server (or written as .eml)', registers: [registry] }),
    mailFailed: new client.Counter({
      name: 'billme_mail_failed_total',
      help: 'Mails that could not be sent, by whether they will be retried (permanent="false") or are kept as failed',
      labelNames: ['permanent'],
      registers: [registry],
    }),
    rateLimited: new client.Counter({ name: 'billme_rate_limited_total', help: 'Form posts refused by the rate limit, by form', labelNames: ['form'], registers: [registry] }),
    contentFailures: new client.Counter({ name: 'billme_content_api_failures_total', help: 'Calls to the content API that failed, timed out or answered something invalid', registers: [registry] }),
    cacheRequests: new client.Counter({
      name: 'billme_cache_requests_total',
      help: "Lookups in the shared page data cache (Redis), by result: hit, miss or error",
      labelNames: ['result'],
      registers: [registry],
    }),
    retentionRemoved: new client.Counter({
      name: 'billme_retention_removed_total',
      help: 'Rows (and .eml files) removed or anonymized by the retention job, by what they were',
      labelNames: ['what'],
      registers: [registry],
    }),
    cspReports: new client.Counter({ name: 'billme_csp_reports_total', help: 'CSP violation reports received, by directive', labelNames: ['directive'], registers: [registry] }),
    paymentEvents: new client.Counter({ name: 'billme_payment_events_total', help: 'Payment transitions applied, by the status they led to (refused: the transition table did not allow it)', labelNames: ['event'], registers: [registry] }),
  };
  // Present from the start at 0, so that the first failure is an increase Prometheus can see.
  for (const permanent of ['true', 'false']) m.mailFailed.inc({ permanent }, 0);
  registerCacheMetrics(registry);
  new client.Gauge({
    name: 'billme_content_api_paused',
    help: '1 while the content API is failing and pages are served from the last good copies, else 0',
    registers: [registry],
    collect() {
      this.set(state.contentPaused?.() ? 1 : 0);
    },
  });
  /** A gauge read from the database snapshot at scrape time; a labelled one is emptied first (a topic gone is no longer reported). */
  type GaugeOptions = { name: string; help: string; labelNames?: string[] };
  type Set = (...args: [number] | [Record<string, string>, number]) => void;
  const databaseGauge = (options: GaugeOptions, fill: (value: DatabaseSnapshot | null, set: Set) => void) =>
    new client.Gauge({
      ...options,
      registers: [registry],
      async collect() {
        const value = await databaseSnapshot();
        if (options.labelNames) this.reset();
        fill(value, (...args) => (args.length === 1 ? this.set(args[0]) : this.set(args[0], args[1])));
      },
    });
  databaseGauge({ name: 'billme_database_ready', help: '1 when the database answers and is migrated (the readiness check), else 0' }, (value, set) =>
    set(value?.ready ? 1 : 0),
  );
  databaseGauge({ name: 'billme_outbox_waiting', help: 'Outbox rows waiting to be done, by kind (topic)', labelNames: ['topic'] }, (value, set) => {
    for (const row of value?.outbox ?? []) set({ topic: row.topic }, row.waiting);
  });
  databaseGauge({ name: 'billme_outbox_oldest_age_seconds', help: 'Age of the oldest outbox row still waiting, by kind (topic)', labelNames: ['topic'] }, (value, set) => {
    for (const row of value?.outbox ?? []) set({ topic: row.topic }, row.oldestSeconds);
  });
  databaseGauge({ name: 'billme_payments', help: 'Payments in the database, by status', labelNames: ['status'] }, (value, set) => {
    for (const row of value?.payments ?? []) set({ status: row.status }, row.count);
  });
  databaseGauge({ name: 'billme_payment_processing_oldest_age_seconds', help: 'Age of the oldest payment still processing (0 when none is)' }, (value, set) =>
    set(value?.oldestProcessingSeconds ?? 0),
  );
  databaseGauge({ name: 'billme_payments_needing_review', help: 'Payments paid after the site closed or cancelled them, not yet resolved (npm run submissions -- payments --stuck)' }, (value, set) =>
    set(value?.paymentsNeedingReview ?? 0),
  );
  return m;
}

/** The process's metrics, created on first use. */
export function metrics(): Metrics {
  return processValue('metrics', create);
}

/** Hands in what the database gauges read at scrape time (registered once at start-up). */
export function setDatabaseSource(read: () => Promise<DatabaseSnapshot>): void {
  state.database = read;
  state.snapshot = { at: 0, value: null };
}

/** Hands in whether the content API is paused (lib/content keeps that state). */
export function setContentPausedSource(read: () => boolean): void {
  state.contentPaused = read;
}

/** The text Prometheus scrapes. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  const { registry } = metrics();
  return { contentType: registry.contentType, body: await registry.metrics() };
}
