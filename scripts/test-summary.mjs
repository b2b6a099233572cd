// Prints one closing line for CI over the unit, browser, cluster and promtool (alert rule) test reports,
// and the unit and browser reports of the run on the oldest supported Node (scripts/test-oldest-node.sh).
import { existsSync, readFileSync } from 'node:fs';

const [vitestFile, playwrightFile, clusterFile, promtoolFile, oldestUnitFile, oldestBrowserFile] = process.argv.slice(2);
const read = (file) => (file && existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);
const vitest = read(vitestFile) ?? { numPassedTests: 0, numFailedTests: 1, numPendingTests: 0 };
const playwright = read(playwrightFile) ?? { stats: { expected: 0, unexpected: 1, flaky: 0, skipped: 0 } };
const cluster = read(clusterFile) ?? { numPassedTests: 0, numFailedTests: 1, numPendingTests: 0 };
const promtool = read(promtoolFile) ?? { passed: 0, failed: 1 };
// Given, they must be there: a run on the oldest Node that wrote no report failed.
const oldestUnit = oldestUnitFile ? (read(oldestUnitFile) ?? { numPassedTests: 0, numFailedTests: 1, numPendingTests: 0 }) : { numPassedTests: 0, numFailedTests: 0, numPendingTests: 0 };
const oldestBrowser = oldestBrowserFile ? (read(oldestBrowserFile) ?? { stats: { expected: 0, unexpected: 1, flaky: 0, skipped: 0 } }) : { stats: { expected: 0, unexpected: 0, flaky: 0, skipped: 0 } };

const passed = vitest.numPassedTests + (playwright.stats.expected ?? 0) + (playwright.stats.flaky ?? 0) + cluster.numPassedTests + promtool.passed
  + oldestUnit.numPassedTests + (oldestBrowser.stats.expected ?? 0) + (oldestBrowser.stats.flaky ?? 0);
const failed = vitest.numFailedTests + (playwright.stats.unexpected ?? 0) + cluster.numFailedTests + promtool.failed + oldestUnit.numFailedTests + (oldestBrowser.stats.unexpected ?? 0);
const skipped = (vitest.numPendingTests ?? 0) + (playwright.stats.skipped ?? 0) + (cluster.numPendingTests ?? 0) + (oldestUnit.numPendingTests ?? 0) + (oldestBrowser.stats.skipped ?? 0);
console.log(`unit: ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed`);
console.log(`browser: ${playwright.stats.expected} passed, ${playwright.stats.unexpected} failed, ${playwright.stats.flaky} flaky`);
console.log(`cluster: ${cluster.numPassedTests} passed, ${cluster.numFailedTests} failed`);
console.log(`promtool: ${promtool.passed} passed, ${promtool.failed} failed`);
if (oldestUnitFile) {
  console.log(`oldest Node: unit ${oldestUnit.numPassedTests} passed, ${oldestUnit.numFailedTests} failed; browser ${oldestBrowser.stats.expected} passed, ${oldestBrowser.stats.unexpected} failed`);
}
console.log(`total: ${passed} passed, ${failed} failed, ${skipped} skipped`);
if (failed > 0 || passed === 0) process.exitCode = 1;
