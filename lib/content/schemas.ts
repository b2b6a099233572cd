import { z } from 'zod';
import { countryCodes } from '@/lib/i18n/editions';

/**
 * The wire format of the content API (`/site/*`, spec 7), documented in docs/api.md. Both sources (the
 * embedded one and a remote API) answer in this shape, and every answer is parsed with these schemas.
 */

/** `DD.MM.YYYY`, a real calendar date. */
export const contentDate = z
  .string()
  .regex(/^\d{2}\.\d{2}\.\d{4}$/, 'expected DD.MM.YYYY')
  .refine((value) => {
    const [d, m, y] = value.split('.').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(y, m - 1, d));
    return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  }, 'not a calendar date');

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'expected a lowercase, hyphenated slug');
const text = z.string().min(1);

export const articleSchema = z.object({
  slug,
  title: text,
  summary: text,
  /** HTML; sanitized before rendering */
  text,
  date: contentDate,
  image: z.string().min(1),
  image_alt: z.string(),
});

export const guideSchema = z.object({
  slug,
  title: text,
  summary: text,
  text,
  updated_at: contentDate,
});

export const pageSchema = z.object({
  slug,
  title: text,
  summary: z.string(),
  text,
  updated_at: contentDate,
});

export const vacancySchema = z.object({
  slug,
  title: text,
  location: text,
  employment_type: text,
  summary: text,
  text,
  requirements: z.array(text),
  offer: z.array(text),
  date: contentDate,
  /**
   * Gross pay as the job ad must state it (Darba likums 32(3), EU Directive 2023/970). Optional on the
   * wire; the embedded source takes it from the company facts (content/facts.yaml).
   */
  salary: z
    .object({ min: z.number().positive(), max: z.number().positive(), currency: z.string().regex(/^[A-Z]{3}$/), period: z.enum(['month', 'year']) })
    .refine((s) => s.min <= s.max, 'min above max')
    .optional(),
  /** The country whose Billme entity employs (a country code of lib/i18n/editions.ts): the employer named in the ad. */
  employer_country: z.enum(countryCodes).optional(),
});

export const articleList = z.array(articleSchema);
export const guideList = z.array(guideSchema);
export const pageList = z.array(pageSchema);
export const vacancyList = z.array(vacancySchema);

export type Article = z.infer<typeof articleSchema>;
export type Guide = z.infer<typeof guideSchema>;
export type Page = z.infer<typeof pageSchema>;
export type Vacancy = z.infer<typeof vacancySchema>;

/** FAQ is the site's own text catalogue (spec 3), not a call of the content API. */
export const faqCategories = [
  'usingBillme',
  'registration',
  'billmeForBusiness',
  'security',
  'registerAndLogin',
  'profileAndSettings',
  'receivingBills',
  'payingDelegatingNotifications',
  'meterReadings',
  'mobileApp',
] as const;
export type FaqCategory = (typeof faqCategories)[number];

export const faqItemSchema = z.object({
  category: z.enum(faqCategories),
  slug,
  updated_at: contentDate,
  question: text,
  /** HTML once loaded (Markdown in the file) */
  answer: text,
});
export type FaqItem = z.infer<typeof faqItemSchema>;
