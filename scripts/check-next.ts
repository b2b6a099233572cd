// `npm run check:next [-- <version>]`: before an upgrade, which of the site's assumptions about Next's
// internals (lib/next-adapter/README.md) hold with another next. Installs next@<version> (with the
// site's react and react-dom, or the latest ones if that version wants others) into a temporary folder
// with npm, builds the contract's tiny app with it, and runs the same checks as tests/next-contract.
// Without a version: the installed next. Exit status 1 when an assumption breaks.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ASSUMPTIONS, verdict } from '../tests/next-contract/assumptions.ts';
import { buildTinyApp } from '../tests/next-contract/harness.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const version = process.argv[2];
const log = (line: string) => console.log(`check:next: ${line}`);

/** node_modules with next@version (a temporary folder), or the repository's own. */
function modulesFor(wanted: string | undefined): { modulesDir: string; cleanup(): void } {
  if (!wanted) return { modulesDir: path.join(root, 'node_modules'), cleanup: () => undefined };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'next-check-'));
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'next-check', private: true }));
  const site = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  const install = (react: string) => execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', `next@${wanted}`, `react@${react}`, `react-dom@${react}`], { cwd: dir, stdio: 'inherit' });
  log(`installing next@${wanted} into ${dir}`);
  try {
    install(site.dependencies.react ?? 'latest');
  } catch {
    log(`next@${wanted} wants another react: installing the latest react and react-dom`);
    install('latest');
  }
  return { modulesDir: path.join(dir, 'node_modules'), cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

const { modulesDir, cleanup } = modulesFor(version);
let broken = 0;
try {
  const app = await buildTinyApp({ modulesDir, log });
  try {
    const capture = await app.capture();
    log(`next ${capture.nextVersion}: ${ASSUMPTIONS.length} assumptions`);
    for (const assumption of ASSUMPTIONS) {
      const problem = verdict(assumption, capture);
      if (problem) broken += 1;
      console.log(problem ? `  BROKEN #${assumption.n} ${assumption.title}\n         ${problem.slice(problem.indexOf('): ') + 3)}` : `  holds  #${assumption.n} ${assumption.title}`);
    }
    console.log(`check:next: next ${capture.nextVersion}: ${ASSUMPTIONS.length - broken} hold, ${broken} broken`);
  } finally {
    app.dispose();
  }
} finally {
  cleanup();
}
process.exit(broken > 0 ? 1 : 0);
