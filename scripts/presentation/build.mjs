// Renders scripts/presentation/slides.html to public/billme-presentation.pdf
// Usage (from the project root): node scripts/presentation/build.mjs
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../chromium.mjs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import { statSync, mkdirSync } from 'node:fs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const source = path.join(here, 'slides.html');
const output = path.join(root, 'public', 'billme-presentation.pdf');

mkdirSync(path.dirname(output), { recursive: true });

const browser = await chromium.launch(chromiumLaunchOptions);

try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  await page.goto(pathToFileURL(source).href, { waitUntil: 'load' });
  await page.evaluate(() => document.fonts.ready);
  await page.emulateMedia({ media: 'print' });
  await page.pdf({
    path: output,
    width: '1280px',
    height: '720px',
    printBackground: true,
    margin: { top: '0', right: '0', bottom: '0', left: '0' },
  });
  console.log(`Wrote ${path.relative(root, output)} (${statSync(output).size} bytes)`);
} finally {
  await browser.close();
}
