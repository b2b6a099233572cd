// Renders scripts/presentation/slides.html to public/billme-presentation.pdf
// Usage (from the project root): node scripts/presentation/build.mjs
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../chromium.mjs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import { readFileSync, statSync, mkdirSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const source = path.join(here, 'slides.html');
const output = path.join(root, 'public', 'billme-presentation.pdf');

mkdirSync(path.dirname(output), { recursive: true });

// The slides name company facts as {{facts.stats.lv.companies}} (content/facts.yaml), never as figures:
// filled in here, grouped as the site writes them ("100 000").
const facts = parseYaml(readFileSync(path.join(root, 'content', 'facts.yaml'), 'utf8'));
const factValue = (key) => {
  const value = key.split('.').reduce((node, part) => node?.[part], facts);
  const plain = value && typeof value === 'object' && 'value' in value ? value.value : value;
  if (typeof plain !== 'number' && typeof plain !== 'string') throw new Error(`slides.html: {{facts.${key}}} is not a value in content/facts.yaml`);
  return typeof plain === 'number' ? plain.toLocaleString('lv-LV') : plain;
};

const browser = await chromium.launch(chromiumLaunchOptions);

try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  await page.goto(pathToFileURL(source).href, { waitUntil: 'load' });
  const tokens = await page.evaluate(() => [...new Set(document.body.innerHTML.match(/\{\{facts\.[A-Za-z.]+\}\}/g) ?? [])]);
  const values = Object.fromEntries(tokens.map((token) => [token, factValue(token.slice(8, -2))]));
  await page.evaluate((values) => {
    document.body.innerHTML = document.body.innerHTML.replace(/\{\{facts\.[A-Za-z.]+\}\}/g, (token) => values[token]);
  }, values);
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
