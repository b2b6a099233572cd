/**
 * `npm run check:facts`: every company fact in content/facts.yaml that is still a placeholder (the site
 * shows a marker such as "[registration number]") or an assumed value waiting for confirmation (used as
 * given, e.g. the job ads' pay ranges). Exits 0 (the site works with them); `--strict` exits 1 while any
 * remain, for a release check.
 */
import { openFacts } from '@/lib/site/facts';

const open = openFacts();
const width = Math.max(...open.map((fact) => fact.path.length), 4);
for (const fact of open) console.log(`${fact.path.padEnd(width)}  ${fact.kind.padEnd(15)}  ${fact.value}`);
console.log(`${open.length} open facts (${open.filter((f) => f.kind === 'placeholder').length} placeholders, ${open.filter((f) => f.kind !== 'placeholder').length} to be confirmed) in content/facts.yaml`);
if (process.argv.includes('--strict') && open.length) process.exit(1);
