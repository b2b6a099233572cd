// The alert rules' unit tests (deploy/prometheus/alerts.test.yml), one `promtool test rules` run per test
// group so that each counts on its own in the summary line; plus `promtool check rules` and `promtool
// check config` of the rendered scrape configuration. Writes reports/promtool.json ({passed, failed,
// results}) for scripts/test-summary.mjs. Needs Debian's `prometheus` package (scripts/setup.sh).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(root, 'deploy', 'prometheus');
const out = process.argv[2] ?? path.join(root, 'reports', 'promtool.json');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'billme-promtool-'));
const results = [];

function run(name, args) {
  try {
    execFileSync('promtool', args, { stdio: 'pipe' });
    results.push({ name, ok: true });
    console.log(`  ✓ ${name}`);
  } catch (error) {
    const output = `${error.stdout ?? ''}${error.stderr ?? ''}`.trim() || String(error.message);
    results.push({ name, ok: false, output });
    console.log(`  ✘ ${name}\n${output.replace(/^/gm, '      ')}`);
  }
}

console.log('promtool: alert rules and their unit tests');
run('promtool check rules alerts.yml', ['check', 'rules', path.join(dir, 'alerts.yml')]);
// The scrape configuration as deploy/cluster.sh renders it.
fs.copyFileSync(path.join(dir, 'alerts.yml'), path.join(tmp, 'alerts.yml'));
const config = fs.readFileSync(path.join(dir, 'prometheus.yml.template'), 'utf8').replaceAll('{{INTERVAL}}', '5s').replaceAll('{{TARGETS}}', "'127.0.0.1:3221', '127.0.0.1:3222'");
fs.writeFileSync(path.join(tmp, 'prometheus.yml'), config);
run('promtool check config prometheus.yml.template (rendered)', ['check', 'config', path.join(tmp, 'prometheus.yml')]);

const suite = YAML.parse(fs.readFileSync(path.join(dir, 'alerts.test.yml'), 'utf8'));
suite.tests.forEach((test, index) => {
  const file = path.join(tmp, `test-${index}.yml`);
  fs.writeFileSync(file, YAML.stringify({ ...suite, rule_files: [path.join(dir, 'alerts.yml')], tests: [test] }));
  run(`promtool test rules: ${test.name}`, ['test', 'rules', file]);
});
fs.rmSync(tmp, { recursive: true, force: true });

const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, JSON.stringify({ passed, failed, results }, null, 2));
console.log(`promtool: ${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
