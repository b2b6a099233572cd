import fs from 'node:fs';
import path from 'node:path';
import { Marked } from 'marked';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { languages, type Language } from '@/lib/i18n/editions';
import { vacancyFacts } from '@/lib/facts/facts';
import { contentRoot } from '@/lib/content-root';
import { processValue } from '@/lib/handoff.ts';
import { dateValue } from './format';
import {
  articleSchema,
  faqItemSchema,
  guideSchema,
  pageSchema,
  vacancySchema,
  type Article,
  type FaqItem,
  type Guide,
  type Page,
  type Vacancy,
} from './schemas';

/**
 * The embedded content under `content/` (format in content/README.md), read and converted to the API's
 * wire format once per process. The embedded API serves it; the local source reads it directly.
 */

export type LocalContent = {
  articles: Article[];
  guides: Guide[];
  pages: Page[];
  vacancies: Vacancy[];
  faq: FaqItem[];
};

const markdown = new Marked({ gfm: true, async: false });

function toHtml(source: string): string {
  return markdown.parse(source) as string;
}

function readMarkdownDir(kind: string, lang: Language): { file: string; data: Record<string, unknown>; body: string }[] {
  const dir = path.join(contentRoot(), kind, lang);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => {
      const file = path.join(dir, name);
      const source = fs.readFileSync(file, 'utf8');
      const match = source.match(/^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/);
      if (!match) throw new Error(`${file}: missing front matter`);
      const data = (parseYaml(match[1]!) ?? {}) as Record<string, unknown>;
      return { file, data: { slug: name.slice(0, -3), ...data }, body: match[2]! };
    });
}

function parseItem<T>(schema: z.ZodType<T>, file: string, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(`${file}:\n${z.prettifyError(result.error)}`);
  return result.data;
}

function loadLanguage(lang: Language): LocalContent {
  const articles = readMarkdownDir('articles', lang)
    .map(({ file, data, body }) =>
      parseItem(articleSchema, file, { ...data, image_alt: data.imageAlt ?? '', imageAlt: undefined, text: toHtml(body) }),
    )
    .sort((a, b) => dateValue(b.date) - dateValue(a.date) || a.slug.localeCompare(b.slug));

  const guides = readMarkdownDir('guides', lang)
    .map(({ file, data, body }) => ({
      order: Number(data.order ?? 0),
      guide: parseItem(guideSchema, file, { ...data, text: toHtml(body) }),
    }))
    .sort((a, b) => a.order - b.order)
    .map(({ guide }) => guide);

  const pages = readMarkdownDir('pages', lang).map(({ file, data, body }) =>
    parseItem(pageSchema, file, { summary: '', ...data, text: toHtml(body) }),
  );

  const vacancies = readMarkdownDir('vacancies', lang)
    .map(({ file, data, body }) => {
      // Pay and employer are company facts, kept with the others in content/facts.yaml.
      const facts = vacancyFacts(String(data.slug));
      return parseItem(vacancySchema, file, { ...data, text: toHtml(body), salary: facts?.salary, employer_country: facts?.country });
    })
    .sort((a, b) => dateValue(b.date) - dateValue(a.date));

  const faqFile = path.join(contentRoot(), 'faq', `${lang}.yaml`);
  const faqSource = fs.existsSync(faqFile) ? (parseYaml(fs.readFileSync(faqFile, 'utf8')) as unknown) : [];
  const faq = (Array.isArray(faqSource) ? faqSource : []).map((item: Record<string, unknown>) =>
    parseItem(faqItemSchema, faqFile, { ...item, answer: toHtml(String(item.answer ?? '')) }),
  );

  return { articles, guides, pages, vacancies, faq };
}

/**
 * The loaded languages, by content root: one copy for the whole process (lib/handoff.ts), not one per
 * bundle of Next (the proxy, the pages, the route handlers and instrumentation.ts each have their own
 * copy of this module): with a hundred times today's content, each copy was its whole size again.
 */
const loadedContent = processValue('local-content', () => new Map<string, Map<Language, LocalContent>>());

/** All embedded content of one language, loaded on first use and kept for the life of the process. */
export function localContent(lang: Language): LocalContent {
  const root = contentRoot();
  let cache = loadedContent.get(root);
  if (!cache) loadedContent.set(root, (cache = new Map()));
  let content = cache.get(lang);
  if (!content) {
    content = loadLanguage(lang);
    cache.set(lang, content);
  }
  return content;
}

/** Loads every language now (server start), so the first visitor does not wait for it. */
export function preloadLocalContent(): void {
  for (const lang of languages) localContent(lang);
}
