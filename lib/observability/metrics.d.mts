import type { Counter, Histogram, Registry } from 'prom-client';

export type DatabaseSnapshot = {
  ready: boolean;
  outbox: { topic: string; waiting: number; oldestSeconds: number }[];
  payments: { status: string; count: number }[];
  oldestProcessingSeconds: number;
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

export function metrics(): Metrics;
export function setDatabaseSource(read: () => Promise<DatabaseSnapshot>): void;
export function setContentPausedSource(read: () => boolean): void;
export function metricsText(): Promise<{ contentType: string; body: string }>;
