// What visitors sent, for operators: npm run submissions -- <command> [options]
//   list [--kind ask-question|business-start|job-application] [--limit N] [--json | --csv]
//   outbox            delivery state: stored here, waiting for the remote API, delivered
//   payments [--json | --csv]   payments made on company pages: amount, status, card brand and last 4
// Reads DATA_DIR/billme.sqlite (DATA_DIR defaults to ./data, as for the site) without writing to it.
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const command = args[0] ?? 'list';
const flag = (name) => args.includes(`--${name}`);
const option = (name) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};

const file = path.resolve(process.env.DATA_DIR || './data', 'billme.sqlite');
if (!fs.existsSync(file)) {
  console.log(`No submissions yet: ${file} does not exist.`);
  process.exit(0);
}
const db = new Database(file, { readonly: true, fileMustExist: true });

function rows() {
  const kind = option('kind');
  const limit = Number(option('limit') ?? 1000);
  return db
    .prepare(`SELECT * FROM submissions ${kind ? 'WHERE kind = @kind' : ''} ORDER BY created_at DESC LIMIT @limit`)
    .all({ kind, limit })
    .map((row) => ({
      id: row.id,
      created_at: row.created_at,
      kind: row.kind,
      locale: row.locale,
      ...JSON.parse(row.data),
      cv: row.attachment ? JSON.parse(row.attachment).name : undefined,
      delivery: row.delivery,
      attempts: row.attempts,
      last_error: row.last_error ?? undefined,
      delivered_at: row.delivered_at ?? undefined,
    }));
}

const csvCell = (value) => {
  const text = value === undefined || value === null ? '' : String(value);
  // Cells starting with = + - @ are prefixed so spreadsheets do not run them as formulas.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

if (command === 'list' || command === 'export') {
  const list = rows();
  if (flag('json')) {
    console.log(JSON.stringify(list, null, 2));
  } else if (flag('csv') || command === 'export') {
    const columns = ['id', 'created_at', 'kind', 'locale', 'name', 'email', 'phone', 'company', 'field', 'website', 'linkedin', 'vacancy', 'position', 'cv', 'message', 'delivery', 'attempts', 'last_error', 'delivered_at'];
    console.log(columns.join(','));
    for (const row of list) console.log(columns.map((c) => csvCell(row[c])).join(','));
  } else {
    if (list.length === 0) console.log('No submissions.');
    for (const row of list) {
      const who = [row.name, `<${row.email}>`, row.phone, row.company].filter(Boolean).join(' ');
      const state = row.delivery === 'pending' ? `pending (${row.attempts} attempts${row.last_error ? `, last: ${row.last_error}` : ''})` : row.delivery;
      console.log(`${row.created_at}  ${row.kind.padEnd(15)}  ${row.locale}  ${row.id}  ${state}`);
      console.log(`    ${who}${row.position ? `  applies for: ${row.position}` : ''}${row.cv ? `  CV: ${row.cv}` : ''}`);
      if (row.message) console.log(`    ${String(row.message).replace(/\s+/g, ' ').slice(0, 160)}`);
    }
    console.log(`\n${list.length} submission(s) in ${file}`);
  }
} else if (command === 'outbox') {
  const counts = db.prepare('SELECT kind, delivery, COUNT(*) AS n FROM submissions GROUP BY kind, delivery ORDER BY kind, delivery').all();
  for (const { kind, delivery, n } of counts) console.log(`${kind.padEnd(16)} ${delivery.padEnd(10)} ${n}`);
  const pending = db.prepare(`SELECT id, kind, attempts, next_attempt_at, last_error, target FROM submissions WHERE delivery = 'pending' ORDER BY created_at`).all();
  console.log(`\n${pending.length} waiting for delivery`);
  for (const p of pending) console.log(`  ${p.id} ${p.kind} → ${p.target}  attempts ${p.attempts}, next ${p.next_attempt_at}${p.last_error ? `, last error: ${p.last_error}` : ''}`);
} else if (command === 'payments') {
  const hasTable = db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'payments'`).get();
  const list = hasTable ? db.prepare('SELECT * FROM payments ORDER BY created_at DESC').all() : [];
  // The spec's status labels (section 4), with 'Paid' for a successful payment.
  const labels = { processing: 'Processing', paid: 'Paid', paidExternally: 'Paid externally', fail: 'Error', closed: 'Undefined' };
  const rows = list.map((p) => ({
    id: p.id,
    created_at: p.created_at,
    company: p.company,
    service: p.service,
    option: p.option,
    quantity: p.quantity,
    months: p.months,
    amount_eur: (p.amount_cents / 100).toFixed(2),
    fee_eur: (p.fee_cents / 100).toFixed(2),
    status: p.status,
    status_label: labels[p.status],
    card: p.card_brand ? `${p.card_brand} *${p.card_last4}` : '',
    attempts: p.attempts,
    last_outcome: p.last_outcome ?? '',
    payer: p.payer_name,
    email: p.payer_email,
    reference: p.reference,
    locale: p.locale,
  }));
  if (flag('json')) console.log(JSON.stringify(rows, null, 2));
  else if (flag('csv')) {
    const columns = Object.keys(rows[0] ?? { id: '' });
    console.log(columns.join(','));
    for (const row of rows) console.log(columns.map((c) => csvCell(row[c])).join(','));
  } else {
    if (rows.length === 0) console.log('No payments.');
    for (const r of rows) {
      console.log(`${r.created_at}  ${r.company.padEnd(17)} ${(r.amount_eur + ' EUR').padStart(12)}  ${r.status_label.padEnd(15)} ${r.card.padEnd(18)} ${r.id}`);
      console.log(`    ${r.service}/${r.option}${r.quantity > 1 ? ` x${r.quantity}` : ''}${r.months > 1 ? `, ${r.months} months` : ''}  ${r.payer} <${r.email}>${r.reference ? `  ref: ${r.reference}` : ''}  attempts: ${r.attempts}${r.last_outcome ? ` (last: ${r.last_outcome})` : ''}`);
    }
    console.log(`\n${rows.length} payment(s) in ${file}`);
  }
} else {
  console.error('Usage: npm run submissions -- list [--kind K] [--limit N] [--json|--csv] | export | outbox | payments [--json|--csv]');
  process.exit(2);
}
