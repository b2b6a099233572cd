/**
 * `npm run check:facts`: every company fact in content/facts.yaml that is still a placeholder (the site
 * shows a marker such as "[registration number]") or an assumed value waiting for confirmation (used as
 * given, e.g. the job ads' pay ranges), and every client company page whose data is a demonstration or
 * whose prices are to be confirmed (content/companies). Exits 0 (the site works with them); `--strict`
 * exits 1 while any remain, for a release check.
 */
import { openFacts } from '@/lib/facts/facts';
import { openCompanyData } from '@/lib/payments';

const open = openFacts();
const companies = openCompanyData();
const width = Math.max(...[...open, ...companies].map((fact) => fact.path.length), 4);
for (const fact of open) console.log(`${fact.path.padEnd(width)}  ${fact.kind.padEnd(15)}  ${fact.value}`);
console.log(`${open.length} open facts (${open.filter((f) => f.kind === 'placeholder').length} placeholders, ${open.filter((f) => f.kind !== 'placeholder').length} to be confirmed) in content/facts.yaml`);
for (const item of companies) console.log(`${item.path.padEnd(width)}  ${item.kind.padEnd(15)}  ${item.value}`);
console.log(`${companies.filter((c) => c.kind === 'demo data').length} client pages with demo data, ${companies.filter((c) => c.kind !== 'demo data').length} prices to be confirmed in content/companies`);
if (process.argv.includes('--strict') && (open.length || companies.length)) process.exit(1);
