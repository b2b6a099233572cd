import { expect, test, type Page } from './fixtures';
import { localContent } from '@/lib/content/local';
import { editions, expectNoAxeViolations, hydrated, message, watchProblems } from './helpers';
import { storedJson } from './support/servers';
import { pdfBytes } from '../tests/support/cv-files';

/** What `npm run submissions -- list --json` shows for the main test server. */
function stored(): Record<string, string | number>[] {
  return storedJson('list');
}
const storedWith = (marker: string) => stored().filter((s) => Object.values(s).some((v) => String(v).includes(marker)));
const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function fill(page: Page, lang: Parameters<typeof message>[0], kind: string, values: Record<string, string>) {
  for (const [field, value] of Object.entries(values)) {
    await page.locator(`#${kind}-${field}`).fill(value);
  }
  void lang;
}

test('every edition has the two form pages, translated', async ({ request }) => {
  for (const edition of editions) {
    for (const [path, key] of [['/ask-question', 'Forms.askQuestion.title'], ['/business-start-form', 'Forms.businessStart.title'], ['/form-success', 'Forms.success.title']] as const) {
      const response = await request.get(`/${edition.prefix}${path}`);
      expect(response.status(), `${edition.prefix}${path}`).toBe(200);
      expect(await response.text()).toContain(message(edition.language, key).replace(/&/g, '&amp;'));
    }
  }
});

test('lv-lv, with JavaScript: ask a question, fail, correct, and land on the success page', async ({ page }) => {
  const problems = await watchProblems(page);
  await page.goto('/lv-lv/ask-question');
  await hydrated(page, '#ask-question-name');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('lv', 'Forms.askQuestion.title'));
  await page.getByRole('button', { name: message('lv', 'Forms.send') }).click();
  // Checked in the browser with the same schema: messages next to the fields and in a summary.
  const summary = page.getByRole('alert').filter({ hasText: message('lv', 'Forms.errorSummary') });
  await expect(summary).toBeVisible();
  await expect(page.locator('#ask-question-name-error')).toHaveText(message('lv', 'Forms.errors.required'));
  await expect(page.locator('#ask-question-name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#ask-question-name')).toBeFocused();
  await fill(page, 'lv', 'ask-question', { name: 'Anna', email: 'anna@', phone: '12' });
  await page.locator('#ask-question-message').fill('x');
  await expect(page.locator('#ask-question-email-error')).toHaveText(message('lv', 'Forms.errors.email'));
  await expect(page.locator('#ask-question-phone-error')).toHaveText(message('lv', 'Forms.errors.phone'));
  await expectNoAxeViolations(page);

  const marker = unique('Jautājums par rēķinu');
  await fill(page, 'lv', 'ask-question', { email: 'anna@example.lv', phone: '+371 2000 0000', message: marker });
  await page.getByRole('button', { name: message('lv', 'Forms.send') }).click();
  await expect(page).toHaveURL('/lv-lv/form-success');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('lv', 'Forms.success.title'));
  expect(storedWith(marker)).toEqual([expect.objectContaining({ kind: 'ask-question', locale: 'lv-LV', email: 'anna@example.lv', delivery: 'stored' })]);
  expect(problems).toEqual([]);
});

test('leaving a form with unsaved edits asks first', async ({ page }) => {
  await page.goto('/cy-en/ask-question');
  await hydrated(page, '#ask-question-name');
  await page.locator('#ask-question-name').fill('Half-written');
  const prompts: string[] = [];
  page.once('dialog', (dialog) => {
    prompts.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole('navigation', { name: message('en', 'Nav.main') }).getByRole('link', { name: message('en', 'Nav.blog') }).click();
  await expect.poll(() => prompts).toEqual([message('en', 'Forms.leaveConfirm')]);
  await expect(page).toHaveURL('/cy-en/ask-question');
  await expect(page.locator('#ask-question-name')).toHaveValue('Half-written');
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('navigation', { name: message('en', 'Nav.main') }).getByRole('link', { name: message('en', 'Nav.blog') }).click();
  await expect(page).toHaveURL('/cy-en/blog');
});

test('ee-et, with JavaScript: the business start form thanks in place, once stored', async ({ page }) => {
  await page.goto('/ee-et/business-start-form');
  await hydrated(page, '#business-start-name');
  const marker = unique('Arveldame igakuiselt');
  await fill(page, 'et', 'business-start', {
    name: 'Mari Maasikas',
    email: 'mari@example.ee',
    phone: '+372 5000 0000',
    company: 'Maasika OÜ',
    website: 'maasikas.ee',
    message: marker,
  });
  await page.getByRole('button', { name: message('et', 'Forms.submit') }).click();
  await expect(page.getByRole('heading', { name: message('et', 'Forms.businessStart.thanksTitle') })).toBeFocused();
  expect(storedWith(marker)).toHaveLength(1);
  await expectNoAxeViolations(page);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('ee-ru: the server shows the errors, keeps the values escaped, then stores the request', async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto('/ee-ru/business-start-form');
    const name = '<script>alert(1)</script> Иван';
    await fill(page, 'ru', 'business-start', { name, email: 'ivan@', phone: '+372 5000 0000', company: '' });
    await page.getByRole('button', { name: message('ru', 'Forms.submit') }).click();
    await expect(page.getByRole('alert').filter({ hasText: message('ru', 'Forms.errorSummary') })).toBeVisible();
    await expect(page.locator('#business-start-email-error')).toHaveText(message('ru', 'Forms.errors.email'));
    await expect(page.locator('#business-start-company-error')).toHaveText(message('ru', 'Forms.errors.required'));
    await expect(page.locator('#business-start-name')).toHaveValue(name);
    expect(dialogs).toEqual([]);

    const marker = unique('Без JavaScript');
    await fill(page, 'ru', 'business-start', { email: 'ivan@example.com', company: 'ООО Пример', message: marker });
    await page.getByRole('button', { name: message('ru', 'Forms.submit') }).click();
    await expect(page.getByRole('heading', { name: message('ru', 'Forms.businessStart.thanksTitle') })).toBeVisible();
    const rows = storedWith(marker);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.name).toBe(name); // stored verbatim, shown escaped
    expect(dialogs).toEqual([]);
  });

  test('lv-en: ask a question and reach the success page', async ({ page }) => {
    await page.goto('/lv-en/ask-question');
    const marker = unique('No-JS question');
    await fill(page, 'en', 'ask-question', { name: 'Ivo', email: 'ivo@example.lv', message: marker });
    await page.getByRole('button', { name: message('en', 'Forms.send') }).click();
    await expect(page).toHaveURL('/lv-en/form-success');
    expect(storedWith(marker)).toHaveLength(1);
  });

  test('cy-ru: apply for a job with a CV', async ({ page }) => {
    const vacancy = localContent('ru').vacancies[0]!;
    await page.goto(`/cy-ru/careers/${vacancy.slug}`);
    const marker = unique('Отклик без JS');
    await fill(page, 'ru', 'job-application', { name: 'Олег', email: 'oleg@example.com', phone: '+357 9900 0000', message: marker });
    await page.locator('#job-application-cv').setInputFiles({ name: 'Олег CV.pdf', mimeType: 'application/pdf', buffer: Buffer.from(pdfBytes()) });
    await page.getByRole('button', { name: message('ru', 'Forms.submit') }).click();
    await expect(page.getByRole('heading', { name: message('ru', 'Forms.jobApplication.thanksTitle') })).toBeVisible();
    expect(storedWith(marker)).toEqual([expect.objectContaining({ kind: 'job-application', vacancy: vacancy.slug, cv: 'Олег CV.pdf' })]);
  });
});

test('cy-el, with JavaScript: a job application refuses a wrong file, then accepts a PDF', async ({ page }) => {
  const vacancy = localContent('el').vacancies[1]!;
  await page.goto(`/cy-el/careers/${vacancy.slug}`);
  const marker = unique('Αίτηση');
  await fill(page, 'el', 'job-application', { name: 'Νίκος', email: 'nikos@example.com', phone: '+357 9900 0000', linkedin: 'https://www.linkedin.com/in/nikos', message: marker });
  await page.locator('#job-application-cv').setInputFiles({ name: 'cv.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
  await page.getByRole('button', { name: message('el', 'Forms.submit') }).click();
  await expect(page.locator('#job-application-cv-error')).toHaveText(message('el', 'Forms.errors.cvType'));
  // A file named .pdf that is not a PDF gets past the browser, not past the server.
  await page.locator('#job-application-cv').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('MZ not a pdf') });
  await page.getByRole('button', { name: message('el', 'Forms.submit') }).click();
  await expect(page.locator('#job-application-cv-error')).toHaveText(message('el', 'Forms.errors.cvType'));
  expect(storedWith(marker)).toHaveLength(0);
  await page.locator('#job-application-cv').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from(pdfBytes()) });
  await page.getByRole('button', { name: message('el', 'Forms.submit') }).click();
  await expect(page.getByRole('heading', { name: message('el', 'Forms.jobApplication.thanksTitle') })).toBeVisible();
  expect(storedWith(marker)).toHaveLength(1);
  await expectNoAxeViolations(page);
});

test('an oversized post gets 413 in the edition\'s language and stores nothing', async ({ request }) => {
  const vacancy = localContent('et').vacancies[0]!;
  // Other workers store forms meanwhile: count only what this post could have made (no other test
  // sends an Estonian job application).
  const etApplications = () => stored().filter((s) => s.kind === 'job-application' && s.locale === 'et-EE').length;
  const before = etApplications();
  const response = await request.post(`/ee-et/careers/${vacancy.slug}`, {
    headers: { 'content-type': 'application/octet-stream' },
    data: Buffer.alloc(7 * 1024 * 1024, 1),
  });
  expect(response.status()).toBe(413);
  const html = await response.text();
  expect(html).toContain('lang="et-EE"');
  expect(html).toContain(message('et', 'Forms.formErrors.tooLarge'));
  expect(etApplications()).toBe(before);
});
