import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/** Remote mode: the content API (and the form endpoints) at a local stub that can be down. */
const stub = await vi.hoisted(async () => {
  const port = await (await import('./support/free-port')).freePort();
  (await import('./support/temp-env')).tempEnv({
    API_BASE_URL: `http://127.0.0.1:${port}/api`,
    CAREERS_API_URL: `http://127.0.0.1:${port}/careers/applications`,
  });
  return { port, up: false, received: [] as { path: string; key: string; body: string; type: string }[] };
});

import { deliverAllDue as deliverDue, listOutbox } from '@/lib/outbox';
import { submitForm } from '@/lib/submissions/service';
import { getSubmission, listSubmissions } from '@/lib/submissions/store';
import { registerOutboxHandlers } from '@/instrumentation-node';
import { pdfBytes } from './support/cv-files';


// The topics instrumentation.ts registers at start-up (the composition root), registered the same way.
beforeAll(registerOutboxHandlers);
const server = http.createServer(async (req, res) => {
  let body = '';
  for await (const chunk of req) body += chunk;
  if (!stub.up) return void res.writeHead(503).end();
  stub.received.push({ path: req.url!, key: String(req.headers['idempotency-key']), body, type: String(req.headers['content-type']) });
  res.writeHead(201, { 'content-type': 'application/json' }).end('{"status":"received"}');
});
beforeAll(() => new Promise<void>((resolve) => server.listen(stub.port, '127.0.0.1', resolve)));
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

describe('the outbox (remote mode)', () => {
  it('keeps a submission while the API is down and delivers it once when it is back', async () => {
    const result = await submitForm({
      kind: 'business-start',
      locale: 'et-EE',
      idempotencyKey: 'outbox-test-0001',
      fields: { name: 'Mari', email: 'mari@example.ee', phone: '+372 5000 0000', company: 'Mari OÜ' },
      clientAddress: '198.51.100.1',
    });
    // The visitor is told it arrived: it is stored, waiting for the API. The first attempt starts right
    // after the answer, without holding it.
    expect(result).toMatchObject({ ok: true });
    const id = (result as { id: string }).id;
    await vi.waitFor(async () => expect(await getSubmission(id)).toMatchObject({ delivery: 'pending', attempts: 1, lastError: 'HTTP 503' }), { timeout: 15_000, interval: 100 });
    // Its confirmation and the team's notification went out meanwhile (as .eml files: no SMTP here).
    await vi.waitFor(async () => expect(await listOutbox({ topic: 'mail', state: 'sent' })).toHaveLength(2), { timeout: 10_000 });

    // Not due yet: nothing is sent; still down when due: a second attempt, a longer wait.
    expect(await deliverDue()).toBe(0);
    expect(await deliverDue(later(1))).toBe(0);
    expect(await getSubmission(id)).toMatchObject({ delivery: 'pending', attempts: 2 });

    stub.up = true;
    expect(await deliverDue(later(60))).toBe(1);
    expect(await getSubmission(id)).toMatchObject({ delivery: 'delivered', attempts: 3 });
    expect(stub.received).toHaveLength(1);
    expect(stub.received[0]).toMatchObject({ path: '/api/site/business-start', key: id });
    expect(JSON.parse(stub.received[0]!.body)).toMatchObject({ name: 'Mari', company: 'Mari OÜ', lang: 'et', locale: 'et-EE' });

    // Delivered means done: later runs send nothing again.
    expect(await deliverDue(later(600))).toBe(0);
    expect(stub.received).toHaveLength(1);
  });

  it('delivers at once when the API is up, and sends job applications with the CV to CAREERS_API_URL', async () => {
    stub.up = true;
    stub.received.length = 0;
    const result = await submitForm({
      kind: 'job-application',
      locale: 'en-CY',
      idempotencyKey: 'outbox-test-0002',
      fields: { name: 'Jaan', email: 'jaan@example.ee', phone: '+372 5000 0000', linkedin: '', message: '' },
      context: { vacancy: 'senior-full-stack-engineer' },
      file: { name: 'cv.pdf', size: pdfBytes().byteLength, bytes: pdfBytes() },
      clientAddress: '198.51.100.2',
    });
    expect(result).toMatchObject({ ok: true });
    await vi.waitFor(async () => expect((await listSubmissions({ kind: 'job-application' }))[0]).toMatchObject({ delivery: 'delivered', attempts: 1 }), { timeout: 15_000, interval: 100 });
    expect(stub.received).toHaveLength(1);
    expect(stub.received[0]!.path).toBe('/careers/applications');
    expect(stub.received[0]!.type).toMatch(/^multipart\/form-data/);
    expect(stub.received[0]!.body).toContain('%PDF-1.7');
    expect(stub.received[0]!.body).toContain('senior-full-stack-engineer');
  });
});
