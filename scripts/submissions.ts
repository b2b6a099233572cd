// What visitors sent, for operators: npm run submissions -- <command> [options]
//   list [--kind ask-question|business-start|job-application] [--limit N] [--json | --csv]
//   outbox            delivery state: stored here, waiting for the remote API, delivered
//   payments [--json | --csv] [--stuck] [--resolve ID]   payments made on company pages: amount, status, card brand and last 4;
//                     --stuck: those still processing after PAYMENT_RECONCILE_AFTER minutes, and those paid
//                     after the site closed or cancelled them (review) until resolved;
//                     --resolve ID: the operator dealt with a flagged payment (docs/operations.md)
//   mail [--json]     mails: what waits, what was sent, what failed (and the .eml files of the embedded default)
//   retention [--dry-run]           delete or anonymize what the retention periods say is due (also runs hourly in the server)
//   erase --email ADDRESS [--dry-run]   a data-subject request: everything sent from or to ADDRESS
// Reads the site's own store (PostgreSQL with DATABASE_URL, else DATA_DIR/billme.sqlite) through the
// same functions as the site.
import fs from 'node:fs';
import { closeDatabase, mailDir } from '@/lib/db';
import { env } from '@/lib/env';
import { listOutbox } from '@/lib/outbox';
import { listPayments, listStuck, resolveReview } from '@/lib/payments';
import { applyRetention, eraseEmail } from '@/lib/personal-data';
import { deliverySummary, listSubmissions } from '@/lib/submissions';
import type { FormKind } from '@/lib/forms/schemas';
import { csvCell, printable, printableJson } from './cli-text';

const args = process.argv.slice(2);
const command = args[0] ?? 'list';
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};

/** The spec's status labels (section 4), with 'Paid' for a successful payment. */
const paymentLabels: Record<string, string> = {
  open: 'Awaiting payment',
  processing: 'Processing',
  declined: 'Declined',
  paid: 'Paid',
  paidExternally: 'Paid externally',
  fail: 'Error',
  cancelled: 'Cancelled',
  closed: 'Undefined',
};

type Record_ = Record<string, string | number | undefined>;

function printCsv(columns: string[], rows: Record_[]) {
  console.log(columns.join(','));
  for (const row of rows) console.log(columns.map((c) => csvCell(row[c])).join(','));
}

async function list() {
  const submissions = await listSubmissions({ kind: option('kind') as FormKind | undefined, limit: Number(option('limit') ?? 1000) });
  const rows: Record_[] = submissions.map((s) => ({
    id: s.id,
    created_at: s.createdAt,
    kind: s.kind,
    locale: s.locale,
    ...s.data,
    cv: s.attachment?.name,
    delivery: s.delivery,
    attempts: s.attempts,
    last_error: s.lastError ?? undefined,
    delivered_at: s.deliveredAt ?? undefined,
  }));
  if (flag('json')) return console.log(printableJson(rows));
  if (flag('csv') || command === 'export') {
    return printCsv(['id', 'created_at', 'kind', 'locale', 'name', 'email', 'phone', 'company', 'field', 'website', 'linkedin', 'vacancy', 'position', 'cv', 'message', 'delivery', 'attempts', 'last_error', 'delivered_at'], rows);
  }
  if (rows.length === 0) console.log('No submissions.');
  for (const row of rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'string' ? printable(v) : v])))) {
    const who = [row.name, `<${row.email}>`, row.phone, row.company].filter(Boolean).join(' ');
    const state = row.delivery === 'pending' ? `pending (${row.attempts} attempts${row.last_error ? `, last: ${row.last_error}` : ''})` : row.delivery;
    console.log(`${row.created_at}  ${String(row.kind).padEnd(15)}  ${row.locale}  ${row.id}  ${state}`);
    console.log(`    ${who}${row.position ? `  applies for: ${row.position}` : ''}${row.cv ? `  CV: ${row.cv}` : ''}`);
    if (row.message) console.log(`    ${String(row.message).slice(0, 160)}`);
  }
  console.log(`\n${rows.length} submission(s)`);
}

async function outbox() {
  for (const { kind, delivery, count } of await deliverySummary()) console.log(`${kind.padEnd(16)} ${delivery.padEnd(10)} ${count}`);
  const pending = (await listOutbox({ topic: 'submission', state: 'pending' })).reverse();
  console.log(`\n${pending.length} waiting for delivery`);
  for (const p of pending) {
    console.log(printable(`  ${p.ref} → ${String(p.payload.target)}  attempts ${p.attempts}, next ${p.nextAttemptAt}${p.lastError ? `, last error: ${p.lastError}` : ''}`));
  }
}

/** Why a payment is listed by --stuck. */
const reviewLabels: Record<string, string> = {
  paid_after_cancel: 'PAID AFTER THE SITE CANCELLED IT',
  paid_after_close: 'PAID AFTER IT WAS CLOSED',
};

async function payments() {
  const resolve = option('resolve');
  if (resolve) {
    const done = await resolveReview(resolve);
    console.log(done ? `Payment ${resolve} resolved: no longer listed by --stuck.` : `No flagged, unresolved payment ${printable(resolve)}.`);
    if (!done) process.exitCode = 1;
    return;
  }
  const stuck = flag('stuck');
  const found = stuck ? await listStuck(new Date(Date.now() - env.PAYMENT_RECONCILE_AFTER * 60_000)) : await listPayments();
  const rows: Record_[] = found.map((p) => ({
    id: p.id,
    created_at: p.createdAt,
    company: p.company,
    service: p.service,
    option: p.option,
    quantity: p.quantity,
    months: p.months,
    amount_eur: (p.amountCents / 100).toFixed(2),
    fee_eur: (p.feeCents / 100).toFixed(2),
    status: p.status,
    status_label: paymentLabels[p.status],
    card: p.cardBrand ? `${p.cardBrand} *${p.cardLast4}` : '',
    attempts: p.attempts,
    last_outcome: p.lastOutcome ?? '',
    provider: p.provider,
    provider_ref: p.providerRef ?? '',
    payer: p.payerName,
    email: p.payerEmail,
    reference: p.reference,
    locale: p.locale,
    review: p.review && !p.reviewedAt ? p.review : '',
  }));
  if (flag('json')) return console.log(printableJson(rows));
  if (flag('csv')) return printCsv(Object.keys(rows[0] ?? { id: '' }), rows);
  if (rows.length === 0) console.log(stuck ? `No payment is still processing after ${env.PAYMENT_RECONCILE_AFTER} minutes, and none waits for review.` : 'No payments.');
  for (const r of rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'string' ? printable(v) : v])))) {
    console.log(`${r.created_at}  ${String(r.company).padEnd(17)} ${`${r.amount_eur} EUR`.padStart(12)}  ${String(r.status_label).padEnd(15)} ${String(r.card).padEnd(18)} ${r.id}`);
    if (r.review) console.log(`    ! ${reviewLabels[String(r.review)] ?? r.review}: refund it or confirm it with the payer, then --resolve ${r.id}`);
    console.log(
      `    ${r.service}/${r.option}${Number(r.quantity) > 1 ? ` x${r.quantity}` : ''}${Number(r.months) > 1 ? `, ${r.months} months` : ''}  ${r.payer} <${r.email}>${r.reference ? `  ref: ${r.reference}` : ''}  attempts: ${r.attempts}${r.last_outcome ? ` (last: ${r.last_outcome})` : ''}`,
    );
  }
  const flagged = rows.filter((r) => r.review).length;
  console.log(`\n${rows.length - (stuck ? flagged : 0)} payment(s)${stuck ? ` still processing after ${env.PAYMENT_RECONCILE_AFTER} minutes (reconciliation asks the provider every minute)` : ''}${stuck ? `, ${flagged} paid after the site ended them (review)` : ''}`);
}

async function mail() {
  const rows = (await listOutbox({ topic: 'mail' })).map((m) => ({
    id: m.id,
    template: String(m.payload.template),
    for: m.ref,
    state: m.state,
    attempts: m.attempts,
    created_at: m.createdAt,
    sent_at: m.sentAt ?? undefined,
    next_attempt_at: m.state === 'pending' ? m.nextAttemptAt : undefined,
    last_error: m.lastError ?? undefined,
  }));
  if (flag('json')) return console.log(printableJson(rows));
  for (const state of ['pending', 'sent', 'failed']) console.log(`${state.padEnd(8)} ${rows.filter((r) => r.state === state).length}`);
  for (const r of rows) {
    const detail = r.state === 'sent' ? `sent ${r.sent_at}` : r.state === 'pending' ? `next attempt ${r.next_attempt_at}` : 'failed';
    console.log(printable(`  ${r.created_at}  ${r.state.padEnd(7)} ${r.template.padEnd(12)} for ${r.for}  attempts ${r.attempts}, ${detail}${r.last_error ? `, last error: ${r.last_error}` : ''}`));
  }
  if (!env.SMTP_URL) {
    const files = fs.existsSync(mailDir()) ? fs.readdirSync(mailDir()).filter((f) => f.endsWith('.eml')) : [];
    console.log(`\nNo SMTP_URL: ${files.length} mail(s) written as .eml files in ${mailDir()}`);
    for (const file of files.slice(-20)) console.log(`  ${file}`);
  }
}

async function retention() {
  const report = await applyRetention(new Date(), { dryRun: flag('dry-run') });
  console.log(flag('dry-run') ? 'Due now (nothing changed, --dry-run):' : 'Retention applied:');
  console.log(`  submissions deleted      ${report.submissions} (with ${report.cvs} CV(s))`);
  console.log(`  payments anonymized      ${report.paymentsAnonymized} (amounts kept)`);
  console.log(`  mails deleted            ${report.mails} (+ ${report.emlFiles} .eml file(s))`);
  console.log(`  client hashes cleared    ${report.clientHashes}`);
  console.log(`  rate-limit rows deleted  ${report.rateLimitRows}`);
}

async function erase() {
  const email = option('email');
  if (!email) throw new Error('erase needs --email ADDRESS');
  const report = await eraseEmail(email, { dryRun: flag('dry-run') });
  console.log(`${flag('dry-run') ? 'Would erase (nothing changed, --dry-run)' : 'Erased'} for ${printable(report.email)}:`);
  console.log(`  submissions deleted   ${report.submissions} (with ${report.cvs} CV(s))`);
  console.log(`  payments anonymized   ${report.paymentsAnonymized} (amounts, dates and companies kept for the accounts)`);
  console.log(`  mails deleted         ${report.mails} (+ ${report.emlFiles} .eml file(s))`);
}

const commands: Record<string, () => Promise<void>> = { list, export: list, outbox, payments, mail, retention, erase };

async function main() {
  const run = commands[command];
  if (!run) {
    console.error('Usage: npm run submissions -- list [--kind K] [--limit N] [--json|--csv] | export | outbox | payments [--json|--csv] [--stuck] [--resolve ID] | mail [--json] | retention [--dry-run] | erase --email ADDRESS [--dry-run]');
    process.exitCode = 2;
    return;
  }
  try {
    await run();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  } finally {
    await closeDatabase();
  }
}

void main();
