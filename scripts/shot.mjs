import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium.mjs';
const [,, url, out, width = '1280', full = '1'] = process.argv;
const browser = await chromium.launch(chromiumLaunchOptions);
const page = await browser.newPage({ viewport: { width: Number(width), height: 800 } });
const msgs = [];
page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') msgs.push(m.text()); });
await page.goto(url, { waitUntil: 'load' });
// Scroll through the page so lazy images load before a full-page shot.
await page.evaluate(async () => { for (let y = 0; y < document.body.scrollHeight; y += 600) { window.scrollTo(0, y); await new Promise((r) => setTimeout(r, 60)); } window.scrollTo(0, 0); });
await page.waitForTimeout(600);
await page.screenshot({ path: out, fullPage: full === '1' });
console.log(out, 'console:', msgs.length ? msgs.join(' | ') : 'none');
await browser.close();
