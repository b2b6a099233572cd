/**
 * `npm run check:facts`: every open item of content/facts.yaml: placeholders (the site shows a "to be
 * published" mark; `optional` ones it can publish without) and assumed values waiting for confirmation
 * (the domain, app links, figures, and the decisions: client data, a data protection officer, transfers
 * outside the EEA, retention periods); and every client company page whose data is a demonstration or
 * whose prices are to be confirmed (content/companies). Exits 0 (the site works with them); `--strict`
 * exits 1 while a required fact (the release gate's rule, lib/facts/gate.ts, which a server for a public
 * address applies at start) or a company item remains.
 */
import { openFacts } from '@/lib/facts/facts';
import { describeOpenFacts, requiredOpenFacts } from '@/lib/facts/gate';
import { openCompanyData } from '@/lib/payments';

const open = openFacts();
const companies = openCompanyData();
const width = Math.max(...[...open, ...companies].map((fact) => fact.path.length), 4);
for (const fact of open) console.log(`${fact.path.padEnd(width)}  ${fact.kind.padEnd(15)}  ${fact.required ? 'required' : 'optional'}  ${fact.value}`);
const required = requiredOpenFacts(open);
console.log(`${open.length} open facts (${open.filter((f) => f.kind === 'placeholder').length} placeholders, ${open.filter((f) => f.kind !== 'placeholder').length} to be confirmed; ${required.length} required for release) in content/facts.yaml`);
for (const item of companies) console.log(`${item.path.padEnd(width)}  ${item.kind.padEnd(15)}  ${item.value}`);
console.log(`${companies.filter((c) => c.kind === 'demo data').length} client pages with demo data, ${companies.filter((c) => c.kind !== 'demo data').length} prices to be confirmed in content/companies`);
if (process.argv.includes('--strict') && (required.length || companies.length)) {
  if (required.length) console.error(`--strict: ${required.length} required facts are open:\n${describeOpenFacts(required).join('\n')}`);
  process.exit(1);
}
