import { expect, test, type Locator } from './fixtures';
import { expectNoAxeViolations, message } from './helpers';
import { remotePort } from './support/servers';

/**
 * /business (issue 49): its closing call to action stands out from its band (WCAG 1.4.11: axe checks
 * only the text, so the fill is computed here), axe with every rule passes, and each slot that a company
 * fact fills is there when the fact is given and absent, never "to be published", while it is not
 * (content/facts.yaml: the Latvian figures are given; payout, integrations, rates and proof are not yet;
 * tests/business-slots.test.tsx renders those slots with given values).
 */

type Rgb = [number, number, number, number];
const parse = (css: string): Rgb => {
  const [r = 0, g = 0, b = 0, a = 1] = css.match(/[\d.]+/g)!.map(Number);
  return [r, g, b, css.startsWith('rgba') ? a : 1];
};
const luminance = ([r, g, b]: Rgb) => {
  const linear = (c: number) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
};
const contrast = (a: Rgb, b: Rgb) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

/** The computed colours of a button and of the first opaque background behind it. */
async function colours(button: Locator) {
  return button.evaluate((el) => {
    const style = getComputedStyle(el);
    let band = el.parentElement;
    while (band && /rgba\(0, 0, 0, 0\)|transparent/.test(getComputedStyle(band).backgroundColor)) band = band.parentElement;
    return { fill: style.backgroundColor, border: style.borderTopColor, borderWidth: parseFloat(style.borderTopWidth), text: style.color, band: getComputedStyle(band ?? document.body).backgroundColor };
  });
}

for (const [prefix, lang] of [
  ['lv-lv', 'lv'],
  ['ee-ru', 'ru'],
  ['cy-el', 'el'],
] as const) {
  test(`${prefix}/business: the closing call to action stands at least 3:1 against its band, its text at 4.5:1`, async ({ page }) => {
    await page.goto(`/${prefix}/business`);
    const band = page.getByRole('region', { name: message(lang, 'Business.ctaTitle') });
    const button = band.getByRole('link', { name: message(lang, 'Business.primaryCta') });
    await button.scrollIntoViewIfNeeded();
    await expect(button).toBeVisible();
    const c = await colours(button);
    const fill = parse(c.fill);
    // The fill, or a border of at least 2 px around it, tells the button from the band.
    const edge = Math.max(fill[3] === 1 ? contrast(fill, parse(c.band)) : 1, c.borderWidth >= 2 ? contrast(parse(c.border), parse(c.band)) : 1);
    expect(edge, `${c.fill} / border ${c.border} on ${c.band}`).toBeGreaterThanOrEqual(3);
    expect(contrast(parse(c.text), fill[3] === 1 ? fill : parse(c.band)), `${c.text} on ${c.fill}`).toBeGreaterThanOrEqual(4.5);
  });
}

for (const prefix of ['lv-en', 'ee-et', 'cy-ru']) {
  test(`${prefix}/business passes axe with every rule`, async ({ page }) => {
    await page.goto(`/${prefix}/business`);
    await expectNoAxeViolations(page);
  });
}

test('the figures band is on /business and home where the country\'s figures are given, and absent elsewhere', async ({ page }) => {
  for (const [path, title] of [
    ['/lv-lv/business', message('lv', 'Business.statsTitle')],
    ['/lv-ru', 'Нам доверяют в Латвии'],
    ['/ee-et/business', null],
    ['/ee-ru', null],
    ['/cy-el', null],
  ] as const) {
    await page.goto(path);
    const band = page.locator('section[aria-labelledby="stats-title"]');
    if (title) {
      await expect(band.getByRole('heading', { level: 2 }), path).toHaveText(title);
      // 180+ companies: the figure from content/facts.yaml.
      await expect(band, path).toContainText('180');
    } else {
      await expect(band, path).toHaveCount(0);
    }
  }
});

test('/business shows no slot whose fact is unknown, and no "to be published" anywhere on it', async ({ page }) => {
  for (const [prefix, lang] of [
    ['lv-lv', 'lv'],
    ['ee-en', 'en'],
    ['cy-el', 'el'],
  ] as const) {
    await page.goto(`/${prefix}/business`);
    const main = page.locator('main');
    for (const slot of ['payout', 'integrations', 'fees', 'fee-example', 'proof', 'logos', 'quote']) await expect(main.locator(`[data-slot="${slot}"]`), `${prefix} ${slot}`).toHaveCount(0);
    await expect(main.locator('.fact-pending')).toHaveCount(0);
    await expect(main).not.toContainText(message(lang, 'Business.proofTitle'));
    await expect(main).not.toContainText(message(lang, 'Business.feesRatesTitle'));
    // What the content does say: how the fees work, and the business questions of the FAQ.
    await expect(page.getByRole('region', { name: message(lang, 'Business.pricingTitle') })).toContainText(message(lang, 'Business.pricingBusinessText'));
    await expect(page.getByRole('region', { name: message(lang, 'Business.faqTitle') }).locator('details')).not.toHaveCount(0);
  }
});

test('home: a new payer\'s sign-up link where CUSTOMER_SIGNUP_URL is set, none where it is not; private login comes first', async ({ page }) => {
  await page.goto('/lv-en');
  await expect(page.locator('[data-signup]')).toHaveCount(0);
  await expect(page.locator('main')).not.toContainText(message('en', 'Home.signup'));
  await expect(page.locator('#hero-title ~ div a').first()).toHaveText(message('en', 'Home.heroPrimary'));
  // The remote-mode server of the suite has a sign-up address (playwright.config.ts).
  await page.goto(`http://localhost:${remotePort}/ee-ru`);
  const signup = page.locator('[data-signup]');
  await expect(signup).toHaveText(message('ru', 'Home.signup'));
  await expect(signup).toHaveAttribute('href', 'https://signup.example.com/start');
  await expect(page.locator('#hero-title ~ div a').first()).toHaveText(message('ru', 'Home.heroPrimary'));
});
