import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const dataDir = await vi.hoisted(async () => (await import('./support/temp-env')).tempEnv({ FORM_RATE_LIMIT: '3' }));

import { POST as askQuestion } from '@/app/api/site/ask-question/route';
import { POST as businessStart } from '@/app/api/site/business-start/route';
import { database } from '@/lib/db';
import { submitForm } from '@/lib/submissions/service';
import { listSubmissions, readAttachment } from '@/lib/submissions/store';
import { docxBytes, exeBytes, pdfBytes } from './support/cv-files';

let client = 0;
/** Each test sends from its own address, so the rate limit of one test does not touch another. */
const nextClient = () => `10.1.${Math.floor(++client / 250)}.${client % 250}`;

function post(handler: (r: Request) => Promise<Response>, body: unknown, init: { ip?: string; key?: string; raw?: string } = {}) {
  return handler(
    new Request('http://localhost/api/site/x', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': init.ip ?? nextClient(),
        ...(init.key ? { 'idempotency-key': init.key } : {}),
      },
      body: init.raw ?? JSON.stringify(body),
    }),
  );
}

const count = async () => Number((await (await database()).get<{ n: number }>('SELECT COUNT(*) AS n FROM submissions'))!.n);
const valid = { name: 'Anna Bērziņa', email: 'anna@example.lv', message: 'Kā pievienot karti?', lang: 'lv' };
const start = { name: 'Nikos', email: 'nikos@example.com', phone: '+357 99 000000', company: 'Acme Ltd', locale: 'el-CY' };

beforeEach(async () => {
  await (await database()).exec('DELETE FROM outbox; DELETE FROM attachments; DELETE FROM submissions;');
});

describe('the form endpoints refuse bad input and store nothing', () => {
  it('empty fields: 422 with a localized message per field', async () => {
    const response = await post(askQuestion, { name: '', email: '', message: '', lang: 'ru' });
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(Object.keys(body.error.fields).sort()).toEqual(['email', 'message', 'name']);
    expect(body.error.fields.name.code).toBe('required');
    expect(body.error.fields.name.message).toMatch(/[а-я]/);
    expect(await count()).toBe(0);
  });

  it('too long, bad email, bad phone', async () => {
    const response = await post(businessStart, { ...start, name: 'x'.repeat(101), email: 'nikos@', phone: '12ab' });
    expect(response.status).toBe(422);
    const { fields } = (await response.json()).error;
    expect([fields.name.code, fields.email.code, fields.phone.code]).toEqual(['tooLong', 'email', 'phone']);
    expect(fields.phone.message).toMatch(/[α-ω]/); // Greek, from locale el-CY
    expect(await count()).toBe(0);
  });

  it('not JSON, or too large: 400 and 413', async () => {
    expect((await post(askQuestion, null, { raw: '{"name":' })).status).toBe(400);
    const big = await post(askQuestion, { ...valid, message: 'x'.repeat(70_000) });
    expect(big.status).toBe(413);
    expect((await big.json()).error.message).toMatch(/5 MB/);
    expect(await count()).toBe(0);
  });
});

describe('valid submissions', () => {
  it('are stored before the answer, verbatim: markup stays text', async () => {
    const response = await post(askQuestion, { ...valid, message: '<script>alert(1)</script> & <b>bold</b>' });
    expect(response.status).toBe(201);
    const { id } = await response.json();
    const [stored] = await listSubmissions();
    expect(stored!.id).toBe(id);
    expect(stored!.data.message).toBe('<script>alert(1)</script> & <b>bold</b>');
    expect(stored!.delivery).toBe('stored');
    expect(stored!.locale).toBe('lv-LV');
  });

  it('the same idempotency key twice is stored once', async () => {
    const ip = nextClient();
    const first = await post(askQuestion, valid, { ip, key: 'resend-key-0001' });
    const second = await post(askQuestion, valid, { ip, key: 'resend-key-0001' });
    expect([first.status, second.status]).toEqual([201, 200]);
    expect((await first.json()).id).toBe((await second.json()).id);
    expect(await count()).toBe(1);
  });

  it('a burst of 50 concurrent submissions is stored exactly once each', async () => {
    const sends = Array.from({ length: 50 }, (_, i) =>
      post(askQuestion, { ...valid, message: `burst ${i}` }, { key: `burst-key-${String(i).padStart(4, '0')}` }),
    );
    const answers = await Promise.all(sends);
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(201));
    // Every one sent again (a client retrying): still 50.
    await Promise.all(Array.from({ length: 50 }, (_, i) => post(askQuestion, { ...valid, message: `burst ${i}` }, { key: `burst-key-${String(i).padStart(4, '0')}` })));
    const messages = (await listSubmissions()).map((s) => s.data.message).sort();
    expect(messages).toEqual(Array.from({ length: 50 }, (_, i) => `burst ${i}`).sort());
  });

  it('a filled honeypot looks accepted but stores nothing', async () => {
    const response = await post(askQuestion, { ...valid, company_fax: 'spam' });
    expect(response.status).toBe(201);
    expect(await count()).toBe(0);
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After past the limit per client and form, and stores nothing more', async () => {
    const ip = nextClient();
    for (let i = 0; i < 3; i++) expect((await post(askQuestion, { ...valid, message: `m${i}` }, { ip })).status).toBe(201);
    const limited = await post(askQuestion, valid, { ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(800);
    expect((await limited.json()).error.message).toMatch(/15/);
    expect(await count()).toBe(3);
    // Another form, or another client, is not limited.
    expect((await post(businessStart, start, { ip })).status).toBe(201);
    expect((await post(askQuestion, valid)).status).toBe(201);
  });
});

describe('job applications', () => {
  const application = (file: { name: string; bytes: Uint8Array } | null) =>
    submitForm({
      kind: 'job-application',
      locale: 'en-LV',
      idempotencyKey: crypto.randomUUID(),
      fields: { name: 'Jaan Tamm', email: 'jaan@example.ee', phone: '+372 5000 0000', linkedin: '', message: '' },
      context: { vacancy: 'senior-full-stack-engineer', position: 'Senior engineer' },
      file: file && { name: file.name, size: file.bytes.byteLength, bytes: file.bytes },
      clientAddress: nextClient(),
    });

  it('store the CV in the database, where every instance can read it, and never on the disk', async () => {
    const result = await application({ name: 'Jaan Tamm CV.docx', bytes: docxBytes() });
    expect(result).toMatchObject({ ok: true });
    const [stored] = await listSubmissions({ kind: 'job-application' });
    expect(stored!.data.vacancy).toBe('senior-full-stack-engineer');
    expect(stored!.attachment).toMatchObject({ name: 'Jaan Tamm CV.docx', size: docxBytes().byteLength });
    expect((await readAttachment(stored!.id))!.bytes).toEqual(Buffer.from(docxBytes()));
    expect(fs.existsSync(path.join(dataDir, 'uploads'))).toBe(false);
  });

  it('refuse a wrong type, an oversize file and a missing CV', async () => {
    expect(await application({ name: 'cv.pdf', bytes: exeBytes() })).toEqual({ ok: false, reason: 'invalid', errors: { cv: 'cvType' } });
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(pdfBytes());
    expect(await application({ name: 'cv.pdf', bytes: big })).toEqual({ ok: false, reason: 'invalid', errors: { cv: 'cvSize' } });
    expect(await application(null)).toEqual({ ok: false, reason: 'invalid', errors: { cv: 'required' } });
    expect(await count()).toBe(0);
    expect(await (await database()).get<{ n: number }>('SELECT COUNT(*) AS n FROM attachments')).toEqual({ n: 0 });
  });
});

describe('npm run submissions', () => {
  it('lists what arrived, as text, JSON and CSV', async () => {
    await post(askQuestion, { ...valid, name: 'Operator Test', message: '=cmd|calc' });
    const run = (...args: string[]) => execFileSync('node', ['--import', 'tsx', 'scripts/submissions.ts', ...args], { env: { ...process.env, DATA_DIR: dataDir } }).toString();
    expect(run('list')).toContain('Operator Test <anna@example.lv>');
    const json = JSON.parse(run('list', '--json'));
    expect(json).toHaveLength(1);
    expect(json[0]).toMatchObject({ kind: 'ask-question', name: 'Operator Test', delivery: 'stored' });
    const csv = run('list', '--csv').trim().split('\n');
    expect(csv[0]).toMatch(/^id,created_at,kind/);
    expect(csv[1]).toContain(",'=cmd|calc,"); // no spreadsheet formula injection
    expect(run('outbox')).toMatch(/ask-question\s+stored\s+1/);
  }, 60_000); // four CLI runs, each compiling TypeScript: seconds apiece on a busy machine
});
