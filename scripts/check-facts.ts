/**
 * `npm run check:facts`: every open item of content/facts.yaml: placeholders (the site shows a marker
 * such as "[registration number]"; `optional` ones it can publish without) and assumed values waiting
 * for confirmation (the domain, app links, figures, and the decisions: client data, a data protection
 * officer, transfers outside the EEA, retention periods). Exits 0 (the site works with them);
 * `--strict` exits 1 while a required one remains: the release gate's rule (lib/facts/gate.ts), which a
 * server for a public address applies at start.
 */
import { openFacts } from '@/lib/facts/facts';
import { describeOpenFacts, requiredOpenFacts } from '@/lib/facts/gate';

const open = openFacts();
const width = Math.max(...open.map((fact) => fact.path.length), 4);
for (const fact of open) console.log(`${fact.path.padEnd(width)}  ${fact.kind.padEnd(15)}  ${fact.required ? 'required' : 'optional'}  ${fact.value}`);
const required = requiredOpenFacts(open);
console.log(`${open.length} open facts (${open.filter((f) => f.kind === 'placeholder').length} placeholders, ${open.filter((f) => f.kind !== 'placeholder').length} to be confirmed; ${required.length} required for release) in content/facts.yaml`);
if (process.argv.includes('--strict') && required.length) {
  console.error(`--strict: ${required.length} required facts are open:\n${describeOpenFacts(required).join('\n')}`);
  process.exit(1);
}
