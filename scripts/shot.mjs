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
// Sections below the first screen are drawn only near the viewport (content-visibility: auto), so a
// full-page shot would show them blank: draw them all first, as a visitor scrolling would see them.
if (full === '1') await page.evaluate(() => document.querySelectorAll('main > section').forEach((s) => { s.style.contentVisibility = 'visible'; }));
await page.waitForTimeout(600);
await page.screenshot({ path: out, fullPage: full === '1' });
console.log(out, 'console:', msgs.length ? msgs.join(' | ') : 'none');
await browser.close();
