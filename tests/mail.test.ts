import { execFileSync } from 'node:child_process';
import { simpleParser, type ParsedMail } from 'mailparser';
import type net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/** A real SMTP server on a loopback port (smtp-server), which parses every mail it is given. */
const smtp = await vi.hoisted(async () => {
  const { createServer } = await import('node:net');
  const free = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
  const dataDir = (await import('./support/temp-env')).tempEnv({
    SMTP_URL: `smtp://127.0.0.1:${free}`,
    SMTP_TLS_REJECT_UNAUTHORIZED: 'false',
    MAIL_FROM: 'Billme <no-reply@billme.test>',
    LEADS_EMAIL: 'leads@billme.test',
    CAREERS_EMAIL: 'careers@billme.test',
    FORM_RATE_LIMIT: '1000',
  });
  return { port: free, dataDir, tempFail: false, received: [] as { envelope: string[]; mail: ParsedMail }[] };
});

import { database } from '@/lib/db';
import { deliverAllDue, listOutbox } from '@/lib/outbox';
import { getCompany } from '@/lib/payments/catalogue';
import { formatEuros } from '@/lib/payments/price';
import { recordPayment } from '@/lib/payments/service';
import { applyPaymentEvent } from '@/lib/payments';
import { submitForm } from '@/lib/submissions/service';
import { registerOutboxHandlers } from '@/instrumentation-node';
import { message } from '../e2e/helpers';
import { pdfBytes } from './support/cv-files';

let server: SMTPServer | null = null;
function startSmtp(): Promise<void> {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (smtp.tempFail) return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
      callback();
    },
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('refused')) return callback(Object.assign(new Error('No such user here'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          smtp.received.push({ envelope: session.envelope.rcptTo.map((r) => r.address), mail });
          callback();
        })
        .catch(callback);
    },
  });
  return new Promise((resolve) => server!.listen(smtp.port, '127.0.0.1', () => resolve()));
}
function stopSmtp(): Promise<void> {
  return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
}


// The topics instrumentation.ts registers at start-up (the composition root), registered the same way.
beforeAll(registerOutboxHandlers);
beforeAll(startSmtp);
afterAll(stopSmtp);
beforeEach(async () => {
  // Each case starts with nothing waiting (earlier cases' retries would count twice).
  await (await database()).exec(`DELETE FROM outbox`);
  smtp.received.length = 0;
});

const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
const to = (address: string) => smtp.received.filter((r) => r.envelope.includes(address));
const settle = async () => {
  await vi.waitFor(async () => expect(await listOutbox({ topic: 'mail', state: 'pending' })).toEqual([]), { timeout: 10_000 });
};

let n = 0;
const key = () => `mail-test-${String(++n).padStart(4, '0')}-${Date.now()}`;

describe('payment receipts', () => {
  const krasava = getCompany('fckrasavaacademy')!;
  const annual = krasava.services.flatMap((s) => s.options.map((o) => ({ s, o }))).find((x) => x.o.discountPercent === 10)!;
  const pay = (locale: string, reference: string, email: string) =>
    recordPayment({ company: 'fckrasavaacademy', choice: { serviceId: annual.s.id, optionId: annual.o.id }, payer: { name: 'Anna Bērziņa', email, reference }, locale, idempotencyKey: key() });

  it('a paid payment in lv-lv: exactly one Latvian receipt with the amount and the reference', async () => {
    const started = await pay('lv-LV', 'Andris, U10', 'anna@example.lv');
    if (!started.ok) throw new Error('not recorded');
    // A real payment (the provider's, not the site's test mode): its receipt goes to the payer who paid.
    await (await database()).run("UPDATE payments SET provider = 'remote' WHERE id = ?", [started.payment.id]);
    await applyPaymentEvent(started.payment.id, { event: 'paid', source: 'checkout', card: { brand: 'visa', last4: '4242' } });
    await deliverAllDue();
    await settle();
    const receipts = to('anna@example.lv');
    expect(receipts).toHaveLength(1);
    const { mail } = receipts[0]!;
    const amount = formatEuros(135000, 'lv-LV');
    expect(mail.subject).toContain(amount);
    expect(mail.subject).toMatch(/kvīts/i);
    expect(mail.text).toContain('Andris, U10');
    expect(mail.text).toContain(started.payment.id);
    expect(mail.text).toContain('4242');
    expect(mail.html).toContain('FC Krasava Academy');
    expect(mail.html).not.toMatch(/<img|https?:\/\/(?!billme)/i);
    expect(mail.messageId).toMatch(/@billme\.test>$/);
    // Nothing more, however often the worker runs.
    expect(await deliverAllDue(later(120))).toBe(0);
    expect(to('anna@example.lv')).toHaveLength(1);
  });

  it('a test-mode receipt repeats nothing the payer typed and says no money moved (issue 28, defect 4)', async () => {
    const started = await pay('en-LV', 'Visit evil.example now', 'someone-else@example.lv');
    if (!started.ok) throw new Error('not recorded');
    await applyPaymentEvent(started.payment.id, { event: 'paid', source: 'checkout', card: { brand: 'visa', last4: '4242' } });
    await deliverAllDue();
    await settle();
    const [receipt] = to('someone-else@example.lv');
    expect(receipt!.mail.text).not.toContain('Visit evil.example');
    expect(receipt!.mail.text).not.toContain('Anna Bērziņa');
    expect(receipt!.mail.to && !Array.isArray(receipt!.mail.to) ? receipt!.mail.to.value[0]!.name : 'x').toBe('');
    expect(receipt!.mail.text).toContain(JSON.parse(JSON.stringify(await import('@/messages/mail/en.json'))).receipt.testNote);
  });

  it('declined, then paid: one receipt; a cancelled payment sends nothing', async () => {
    const started = await pay('ru-EE', 'Игорь', 'igor@example.ee');
    if (!started.ok) throw new Error('not recorded');
    await applyPaymentEvent(started.payment.id, { event: 'declined', source: 'checkout', card: { brand: 'visa', last4: '0002' } });
    await deliverAllDue();
    expect(to('igor@example.ee')).toHaveLength(0);
    await applyPaymentEvent(started.payment.id, { event: 'paid', source: 'checkout', card: { brand: 'mastercard', last4: '4444' } });
    await applyPaymentEvent(started.payment.id, { event: 'paid', source: 'checkout', card: { brand: 'mastercard', last4: '4444' } });
    await deliverAllDue();
    await settle();
    expect(to('igor@example.ee')).toHaveLength(1);
    expect(to('igor@example.ee')[0]!.mail.subject).toMatch(/квитанция/i);
  });

  it('a receipt in el-cy and cy-en states the time on a 24-hour clock', async () => {
    for (const [locale, email] of [['el-CY', 'eleni@example.com'], ['en-CY', 'john@example.com']] as const) {
      const started = await pay(locale, 'U10', email);
      if (!started.ok) throw new Error('not recorded');
      await applyPaymentEvent(started.payment.id, { event: 'paid', source: 'checkout', card: { brand: 'visa', last4: '4242' } });
    }
    await deliverAllDue();
    await settle();
    const paidAt = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Asia/Nicosia' });
    for (const email of ['eleni@example.com', 'john@example.com']) {
      const text = to(email)[0]!.mail.text!;
      expect(text).not.toMatch(/\b(am|pm)\b|[πμ]\.μ\./i);
      // Within the minute of the payment (or the one after, if the minute turned meanwhile).
      const now = Date.now();
      expect([paidAt.format(now - 60_000), paidAt.format(now)].some((time) => text.includes(time.replace(/^0/, '')))).toBe(true);
    }
  });
});

describe('confirmations and team notifications', () => {
  it('business start in cy-el: a Greek confirmation to the sender and one notification to LEADS_EMAIL with Reply-To', async () => {
    const result = await submitForm({
      kind: 'business-start',
      locale: 'el-CY',
      idempotencyKey: key(),
      fields: { name: 'Νίκος Παπαδόπουλος', email: 'nikos@example.com.cy', phone: '+357 99 000000', company: 'Acme <b>Ltd</b>', message: '<script>alert(1)</script>' },
      clientAddress: '198.51.100.20',
    });
    expect(result).toMatchObject({ ok: true });
    await settle();
    const confirmation = to('nikos@example.com.cy');
    expect(confirmation).toHaveLength(1);
    expect(confirmation[0]!.mail.subject).toBe(JSON.parse(JSON.stringify(await import('@/messages/mail/el.json'))).businessStart.subject);
    // What was received, not what it said: the address was never verified (issue 28, defect 4).
    for (const typed of ['alert(1)', 'Acme', 'Νίκος', 'Παπαδόπουλος']) {
      expect(confirmation[0]!.mail.text, typed).not.toContain(typed);
      expect(confirmation[0]!.mail.html, typed).not.toContain(typed);
      expect(confirmation[0]!.mail.subject, typed).not.toContain(typed);
    }
    expect(confirmation[0]!.mail.to && !Array.isArray(confirmation[0]!.mail.to) ? confirmation[0]!.mail.to.value[0]!.name : 'x').toBe('');
    expect(confirmation[0]!.mail.html).toContain(message('el', 'Forms.company'));
    expect(confirmation[0]!.mail.html).toContain(message('el', 'Forms.businessStart.title'));
    const leads = to('leads@billme.test');
    expect(leads).toHaveLength(1);
    expect(leads[0]!.mail.replyTo?.value[0]).toMatchObject({ address: 'nikos@example.com.cy', name: 'Νίκος Παπαδόπουλος' });
    expect(leads[0]!.mail.subject).toContain('Acme <b>Ltd</b>');
  });

  it('a job application: the team gets the CV byte for byte, the applicant a copy without it', async () => {
    const result = await submitForm({
      kind: 'job-application',
      locale: 'et-EE',
      idempotencyKey: key(),
      fields: { name: 'Jaan Tamm', email: 'jaan@example.ee', phone: '+372 5000 0000', linkedin: '', message: '' },
      context: { vacancy: 'senior-full-stack-engineer', position: 'Vanem täislahenduse arendaja' },
      file: { name: 'Jaan Tamm CV.pdf', size: pdfBytes().byteLength, bytes: pdfBytes() },
      clientAddress: '198.51.100.21',
    });
    expect(result).toMatchObject({ ok: true });
    await settle();
    const team = to('careers@billme.test');
    expect(team).toHaveLength(1);
    expect(team[0]!.mail.attachments).toHaveLength(1);
    expect(team[0]!.mail.attachments[0]!.filename).toBe('Jaan Tamm CV.pdf');
    expect(Buffer.compare(team[0]!.mail.attachments[0]!.content, Buffer.from(pdfBytes()))).toBe(0);
    const copy = to('jaan@example.ee');
    expect(copy).toHaveLength(1);
    expect(copy[0]!.mail.attachments).toHaveLength(0);
    expect(copy[0]!.mail.text).not.toContain('Jaan Tamm');
    expect(copy[0]!.mail.text).toContain(JSON.parse(JSON.stringify(await import('@/messages/mail/et.json'))).jobApplication.cvAttached);
    expect(copy[0]!.mail.subject).toContain('Vanem täislahenduse arendaja');
  });

  it('a name carrying a header ("x\\r\\nBcc: a@b") is refused; a message carrying one reaches nobody else', async () => {
    const refused = await submitForm({
      kind: 'ask-question',
      locale: 'en-LV',
      idempotencyKey: key(),
      fields: { name: 'x\r\nBcc: intruder@evil.test', email: 'victim@example.lv', message: 'Hi' },
      clientAddress: '198.51.100.22',
    });
    expect(refused).toEqual({ ok: false, reason: 'invalid', errors: { name: 'control' } });
    const result = await submitForm({
      kind: 'ask-question',
      locale: 'en-LV',
      idempotencyKey: key(),
      fields: { name: 'x', email: 'victim@example.lv', message: 'Subject: hi\r\nBcc: intruder@evil.test' },
      clientAddress: '198.51.100.22',
    });
    expect(result).toMatchObject({ ok: true });
    await settle();
    expect(smtp.received).toHaveLength(2);
    expect(smtp.received.flatMap((r) => r.envelope).sort()).toEqual(['leads@billme.test', 'victim@example.lv']);
    for (const { mail } of smtp.received) {
      expect(mail.bcc).toBeUndefined();
      expect(mail.headers.get('bcc')).toBeUndefined();
    }
  });
});

describe('the per-recipient limit (issue 28, defect 4)', () => {
  it('sends one address 3 confirmations a day, whatever forms and clients ask; the team still gets every submission', async () => {
    const ask = (i: number, email: string, client: string) =>
      submitForm({ kind: i % 2 ? 'ask-question' : 'business-start', locale: 'en-LV', idempotencyKey: key(), fields: { name: 'N', email, phone: '+371 2000 0000', company: 'C', message: 'M' }, clientAddress: client });
    for (let i = 0; i < 6; i++) expect(await ask(i, i % 2 ? 'target@example.lv' : 'TARGET@Example.LV', `2001:db8:${i}::1`)).toMatchObject({ ok: true });
    await deliverAllDue();
    await vi.waitFor(async () => expect((await listOutbox({ topic: 'mail' })).filter((m) => m.state !== 'pending')).toHaveLength(12), { timeout: 10_000 });
    expect(smtp.received.filter((r) => r.envelope.some((address) => address.toLowerCase() === 'target@example.lv'))).toHaveLength(3);
    expect(to('leads@billme.test')).toHaveLength(6);
    const failed = await listOutbox({ topic: 'mail', state: 'failed' });
    expect(failed).toHaveLength(3);
    expect(failed.every((m) => m.payload.template === 'confirmation' && /confirmations for today/.test(m.lastError ?? ''))).toBe(true);
  });

  it('counts +tag variants of one mailbox as one recipient (issue 40): anna+1@, anna+2@, … get 3 in all', async () => {
    for (let i = 0; i < 6; i++) {
      const fields = { name: 'N', email: `tagged+${i}@example.lv`, message: 'M' };
      expect(await submitForm({ kind: 'ask-question', locale: 'en-LV', idempotencyKey: key(), fields, clientAddress: `2001:db8:${i}::1` })).toMatchObject({ ok: true });
    }
    await deliverAllDue();
    await vi.waitFor(async () => expect((await listOutbox({ topic: 'mail' })).filter((m) => m.state !== 'pending')).toHaveLength(12), { timeout: 10_000 });
    expect(smtp.received.filter((r) => r.envelope.some((address) => address.startsWith('tagged+')))).toHaveLength(3);
    expect(to('leads@billme.test')).toHaveLength(6);
  });
});

describe('delivery when the mail server is down or refuses', () => {
  it('down for a while, then up: every mail arrives once', async () => {
    await stopSmtp();
    for (let i = 0; i < 3; i++) {
      await submitForm({
        kind: 'ask-question',
        locale: 'lv-LV',
        idempotencyKey: key(),
        fields: { name: `Anna ${i}`, email: `anna${i}@example.lv`, message: 'Sveiki' },
        clientAddress: '198.51.100.23',
      });
    }
    // The first attempts fail (connection refused), and a retry while still down fails again.
    await vi.waitFor(async () => expect((await listOutbox({ topic: 'mail' })).every((m) => m.attempts >= 1)).toBe(true), { timeout: 15_000 });
    expect(await deliverAllDue(later(1))).toBe(0);
    smtp.tempFail = true;
    await startSmtp();
    expect(await deliverAllDue(later(10))).toBe(0); // 451: try again later
    smtp.tempFail = false;
    expect(await deliverAllDue(later(60))).toBe(6);
    expect(await deliverAllDue(later(600))).toBe(0);
    expect(smtp.received).toHaveLength(6);
    expect(new Set(smtp.received.map((r) => r.mail.messageId)).size).toBe(6);
    for (let i = 0; i < 3; i++) expect(to(`anna${i}@example.lv`)).toHaveLength(1);
    const mails = await listOutbox({ topic: 'mail' });
    expect(mails.every((m) => m.state === 'sent' && m.attempts >= 4)).toBe(true);
  });

  it('a 550 answer is kept as failed, and the CLI shows it', async () => {
    await submitForm({
      kind: 'ask-question',
      locale: 'en-EE',
      idempotencyKey: key(),
      fields: { name: 'Nobody', email: 'refused@example.ee', message: 'Hello' },
      clientAddress: '198.51.100.24',
    });
    await settle();
    const failed = await listOutbox({ topic: 'mail', state: 'failed' });
    expect(failed).toHaveLength(1);
    expect(failed[0]!.lastError).toMatch(/^SMTP 550/);
    expect(await deliverAllDue(later(600))).toBe(0);
    const cli = execFileSync('node', ['--import', 'tsx', 'scripts/submissions.ts', 'mail'], { env: { ...process.env, DATA_DIR: smtp.dataDir } }).toString();
    expect(cli).toMatch(/failed\s+1/);
    expect(cli).toMatch(/failed\s+confirmation .* last error: SMTP 550/);
    // The CLI is a second Node process that compiles its TypeScript first: seconds on a busy machine.
  }, 30_000);
});
