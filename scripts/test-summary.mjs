// Prints one closing line for CI over the unit and browser test reports.
import { readFileSync } from 'node:fs';

const [vitestFile, playwrightFile] = process.argv.slice(2);
const vitest = JSON.parse(readFileSync(vitestFile, 'utf8'));
const playwright = JSON.parse(readFileSync(playwrightFile, 'utf8'));

const passed = vitest.numPassedTests + (playwright.stats.expected ?? 0) + (playwright.stats.flaky ?? 0);
const failed = vitest.numFailedTests + (playwright.stats.unexpected ?? 0);
const skipped = (vitest.numPendingTests ?? 0) + (playwright.stats.skipped ?? 0);
console.log(`unit: ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed`);
console.log(`browser: ${playwright.stats.expected} passed, ${playwright.stats.unexpected} failed, ${playwright.stats.flaky} flaky`);
console.log(`total: ${passed} passed, ${failed} failed, ${skipped} skipped`);
if (failed > 0 || passed === 0) process.exitCode = 1;
