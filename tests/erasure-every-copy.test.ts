import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi, beforeAll } from 'vitest';

/** Issue 40, section 3: erasure finds every copy; the forms take only what erasure can find. */
const dataDir = await vi.hoisted(async () => (await import('./support/temp-env')).tempEnv({ FORM_RATE_LIMIT: '1000' }));

import { database } from '@/lib/db';
import { isEmail, normalizeEmail } from '@/lib/forms/email';
import { payerSchema } from '@/lib/payments/schemas';
import { listOutbox } from '@/lib/outbox';
import { eraseEmail, reapplyErasures } from '@/lib/personal-data';
import { ensureErasureLog, erasureLogFile } from '@/lib/privacy/erasure-log';
import { createHmac } from 'node:crypto';
import { submitForm } from '@/lib/submissions/service';
import { registerOutboxHandlers } from '@/instrumentation-node';

beforeAll(registerOutboxHandlers);

let n = 0;
const ask = (fields: Record<string, string>, kind: 'ask-question' | 'business-start' = 'ask-question') =>
  submitForm({ kind, locale: 'el-CY', idempotencyKey: `every-copy-${++n}`, fields: { name: 'Νίκος', message: 'Γεια', phone: '+357 2200 0000', company: 'C', ...fields }, clientAddress: `198.51.100.${n}` });
const emlFiles = () => (fs.existsSync(path.join(dataDir, 'mail')) ? fs.readdirSync(path.join(dataDir, 'mail')).filter((f) => f.endsWith('.eml')) : []);

describe('internationalised domains: one form for storage, matching and .eml lookup', () => {
  it('erase --email idn@παράδειγμα.gr finds the row and both mail copies (written with the punycode domain)', async () => {
    expect(await ask({ email: 'idn@παράδειγμα.gr' })).toMatchObject({ ok: true });
    await vi.waitFor(async () => expect(await listOutbox({ topic: 'mail', state: 'sent' })).toHaveLength(2), { timeout: 15_000 });
    const copies = emlFiles().map((f) => fs.readFileSync(path.join(dataDir, 'mail', f), 'utf8'));
    // What nodemailer writes in the header (the confirmation's To, the notification's Reply-To).
    expect(copies.filter((text) => text.includes('idn@xn--hxajbheg2az3al.gr'))).toHaveLength(2);

    const report = await eraseEmail('IDN@ΠΑΡΆΔΕΙΓΜΑ.GR');
    expect(report).toMatchObject({ email: 'idn@xn--hxajbheg2az3al.gr', submissions: 1, mails: 2, emlFiles: 2 });
    expect(emlFiles()).toEqual([]);
    expect(await (await database()).all('SELECT id FROM submissions')).toEqual([]);
  }, 30_000);

  it('an erasure logged before (its hash of the Unicode domain) is still re-applied by a restore', async () => {
    expect(await ask({ email: 'old@παράδειγμα.gr' })).toMatchObject({ ok: true });
    ensureErasureLog();
    const keyText = fs.readFileSync(path.join(path.dirname(erasureLogFile()), 'erasure-log.key'), 'utf8').trim();
    const hash = createHmac('sha256', keyText).update('old@παράδειγμα.gr').digest('hex');
    fs.appendFileSync(erasureLogFile(), `${JSON.stringify({ at: new Date().toISOString(), hash })}\n`);
    const erased: string[] = [];
    await reapplyErasures(async (address) => erased.push(address));
    expect(erased).toEqual(['old@xn--hxajbheg2az3al.gr']);
  });

  it('the Unicode and the ASCII spelling of a domain are one address', () => {
    expect(normalizeEmail('idn@παράδειγμα.gr')).toBe(normalizeEmail('idn@xn--hxajbheg2az3al.gr'));
    expect(normalizeEmail('ΝΙΚΟΣ@Example.com.cy')).toBe('νικος@example.com.cy');
  });
});

describe('one address validator: the forms refuse what erase cannot handle', () => {
  const refused = ['a＠b@example.com', 'a\u200b@example.com', 'a@exa\u00admple.com', 'a@b@example.com', 'a@localhost', 'a@example.c'];

  it.each(refused)('%j: refused by the question form, the payment form and erase alike', async (address) => {
    expect(isEmail(address)).toBe(false);
    expect(await ask({ email: address })).toMatchObject({ ok: false, errors: { email: expect.stringMatching(/^(email|control)$/) } });
    expect(payerSchema.safeParse({ name: 'N', email: address, reference: '' }).success).toBe(false);
    await expect(eraseEmail(address)).rejects.toThrow(/Not an email address/);
  });

  it('what a form takes, erase takes (ΝΙΚΟΣ@…, a fullwidth address, an IDN)', async () => {
    for (const address of ['ΝΙΚΟΣ@example.com.cy', 'ｎｉｋｏｓ@example.com', 'idn@παράδειγμα.gr']) {
      expect(await ask({ email: address })).toMatchObject({ ok: true });
      expect(await eraseEmail(address, { dryRun: true })).toMatchObject({ submissions: 1 });
    }
  }, 30_000);
});

describe('zero-width characters in single-line fields', () => {
  // They reached the team's mail Subject (the name) and Reply-To (the address).
  it.each(['200B', 'FEFF', '2060', '00AD'])('U+%s in a name or a company is refused with the control error', async (code) => {
    const mark = String.fromCodePoint(parseInt(code, 16));
    expect(await ask({ name: `Ni${mark}kos`, email: 'nikos@example.com' })).toMatchObject({ ok: false, errors: { name: 'control' } });
    expect(await ask({ email: 'nikos@example.com', company: `Ac${mark}me` }, 'business-start')).toMatchObject({ ok: false, errors: { company: 'control' } });
  });

  it('a message keeps its line breaks', async () => {
    expect(await ask({ email: 'nikos@example.com', message: 'Line one\nLine two' })).toMatchObject({ ok: true });
  });
});
