// Prints one closing line for CI over every report the test run wrote: Vitest's JSON (unit, cluster, the
// oldest Node's unit run), Playwright's JSON (the browser suite, its kill-switch subsets, the oldest Node's
// journey) and promtool's (alert rules). Each file named must exist: a step that wrote no report failed.
// Usage: node scripts/test-summary.mjs reports/vitest.json reports/playwright.json …
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** passed / failed / skipped (and flaky, counted as passed) of one report, whatever its runner. */
function counts(file) {
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0, flaky: 0, note: 'no report' };
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if (report.stats) {
    const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
    return { passed: expected + flaky, failed: unexpected, skipped, flaky };
  }
  if ('numPassedTests' in report) return { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests ?? 0, flaky: 0 };
  return { passed: report.passed ?? 0, failed: report.failed ?? 1, skipped: 0, flaky: 0 };
}

const total = { passed: 0, failed: 0, skipped: 0 };
for (const file of process.argv.slice(2)) {
  const c = counts(file);
  console.log(`${path.basename(file, '.json')}: ${c.passed} passed, ${c.failed} failed${c.flaky ? `, ${c.flaky} flaky` : ''}${c.note ? ` (${c.note})` : ''}`);
  total.passed += c.passed;
  total.failed += c.failed;
  total.skipped += c.skipped;
}
console.log(`total: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
if (total.failed > 0 || total.passed === 0) process.exitCode = 1;
