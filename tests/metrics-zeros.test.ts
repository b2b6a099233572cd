import { afterAll, expect, it, vi } from 'vitest';

/**
 * Issue 40, section 5: labelled gauges with known label values (the outbox topics, the payment
 * statuses) report 0 while nothing is waiting, instead of no sample ("no data" to a dashboard or an
 * alert). Started as the server starts the app: instrumentation's register().
 */
await vi.hoisted(async () => {
  (await import('./support/temp-env')).tempEnv();
  process.env.NEXT_RUNTIME = 'nodejs';
});

import { register } from '@/instrumentation';
import { runShutdown } from '@/lib/handoff.ts';
import { metricsText } from '@/lib/observability/metrics.ts';
import { paymentStatuses } from '@/lib/payments';

afterAll(runShutdown);

it('an empty database: every outbox topic and payment status is exported at 0', async () => {
  await register();
  const { body } = await metricsText();
  expect(body).toMatch(/^billme_database_ready 1$/m);
  for (const topic of ['mail', 'submission']) {
    expect(body).toMatch(new RegExp(`^billme_outbox_waiting\\{topic="${topic}"\\} 0$`, 'm'));
    expect(body).toMatch(new RegExp(`^billme_outbox_oldest_age_seconds\\{topic="${topic}"\\} 0$`, 'm'));
  }
  for (const status of paymentStatuses) expect(body).toMatch(new RegExp(`^billme_payments\\{status="${status}"\\} 0$`, 'm'));
}, 30_000);
