// Prints one closing line for CI over the unit, browser, cluster and promtool (alert rule) test reports.
import { existsSync, readFileSync } from 'node:fs';

const [vitestFile, playwrightFile, clusterFile, promtoolFile] = process.argv.slice(2);
const read = (file) => (file && existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);
const vitest = read(vitestFile) ?? { numPassedTests: 0, numFailedTests: 1, numPendingTests: 0 };
const playwright = read(playwrightFile) ?? { stats: { expected: 0, unexpected: 1, flaky: 0, skipped: 0 } };
const cluster = read(clusterFile) ?? { numPassedTests: 0, numFailedTests: 1, numPendingTests: 0 };
const promtool = read(promtoolFile) ?? { passed: 0, failed: 1 };

const passed = vitest.numPassedTests + (playwright.stats.expected ?? 0) + (playwright.stats.flaky ?? 0) + cluster.numPassedTests + promtool.passed;
const failed = vitest.numFailedTests + (playwright.stats.unexpected ?? 0) + cluster.numFailedTests + promtool.failed;
const skipped = (vitest.numPendingTests ?? 0) + (playwright.stats.skipped ?? 0) + (cluster.numPendingTests ?? 0);
console.log(`unit: ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed`);
console.log(`browser: ${playwright.stats.expected} passed, ${playwright.stats.unexpected} failed, ${playwright.stats.flaky} flaky`);
console.log(`cluster: ${cluster.numPassedTests} passed, ${cluster.numFailedTests} failed`);
console.log(`promtool: ${promtool.passed} passed, ${promtool.failed} failed`);
console.log(`total: ${passed} passed, ${failed} failed, ${skipped} skipped`);
if (failed > 0 || passed === 0) process.exitCode = 1;
