import { containsCardNumber } from '@/lib/forms/card-number';
import { isEmail } from '@/lib/forms/email';
import { FIELD_LIMITS } from '@/lib/limits.ts';
import { config, enum as oneOf, maxLength, minLength, object, pipe, refine, string, transform, trim } from 'zod/mini';

// zod 4 probes `new Function` to speed up parsing; under our CSP (no 'unsafe-eval') that probe is a
// reported violation in the browser. Without JIT, parsing small forms is just as quick.
config({ jitless: true });

/**
 * One schema per form, used by react-hook-form in the browser and again on the server. Issues carry
 * an error code, not text: both sides show it as `Forms.errors.<code>` in the visitor's language.
 * Written with zod/mini, the tree-shakable zod: the form pages ship a few KB of it instead of ~40.
 */
export const errorCodes = ['required', 'email', 'tooLong', 'phone', 'url', 'linkedin', 'cvType', 'cvSize', 'control', 'cardNumber'] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** The fields' lengths (lib/limits.ts, the one place of every limit). */
export const limits = FIELD_LIMITS;

/** Digits with an optional leading +, spaces, dots, dashes and brackets; 7 to 15 digits in all. */
const PHONE = /^\(?\+?\d[\d\s().-]*$/;

const digits = (value: string) => value.replace(/\D/g, '').length;
const isUrl = (value: string) => {
  try {
    const url = new URL(/^https?:\/\//i.test(value) ? value : `https://${value}`);
    return /^https?:$/.test(url.protocol) && url.hostname.includes('.');
  } catch {
    return false;
  }
};

/**
 * Characters no single-line field takes: control characters (C0, DEL, C1: an ESC sequence drives an
 * operator's terminal, a line break forges a mail header or a record line), line and paragraph
 * separators, and every invisible format character (\p{Cf}): the marks and overrides that reorder how
 * text is shown (U+202E makes `exe.pdf` of `fdp.exe`) and the zero-width ones (U+200B, U+FEFF, U+2060,
 * soft hyphen U+00AD) that make a name or subject look like another in the team's mail. A message may
 * have line breaks and tabs, nothing else of these but the plain marks.
 */
const SINGLE_LINE_UNSAFE = /[\p{Cc}\p{Cf}\u2028\u2029]/u;
const MULTI_LINE_UNSAFE = /[\0-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/u;
export const hasUnsafeCharacters = (value: string, multiline = false) => (multiline ? MULTI_LINE_UNSAFE : SINGLE_LINE_UNSAFE).test(value);
const safe = (multiline: boolean) => refine((v: unknown) => typeof v !== 'string' || !hasUnsafeCharacters(v, multiline), 'control');

/**
 * A card number has no place in any text field (the site never takes one: the payer types it on the
 * provider's page only): refused with `cardNumber`, so it is never stored, shown or mailed.
 */
const noCard = refine((v: unknown) => typeof v !== 'string' || !containsCardNumber(v), 'cardNumber');

/** Field builders shared with the payment form (lib/payments/schemas.ts): single-line unless `multiline`. */
export const required = (max: number, multiline = false) => string().check(trim(), minLength(1, 'required'), maxLength(max, 'tooLong'), safe(multiline), noCard);
export const optional = (max: number, multiline = false) => string().check(trim(), maxLength(max, 'tooLong'), safe(multiline), noCard);
/**
 * The site's one address check (lib/forms/email.ts), the same erase and the stores use: Unicode letters
 * allowed (ΝΙΚΟΣ@example.com.cy, idn@παράδειγμα.gr), a fullwidth ＠ counted as an at sign.
 */
export const email = required(limits.email).check(refine(isEmail, 'email'));
// A phone number is digits by nature (a 13-digit German mobile can pass Luhn with a Visa prefix): it
// has its own pattern and no card check.
const phone = (mandatory: boolean) =>
  (mandatory ? string().check(trim(), minLength(1, 'required'), maxLength(limits.phone, 'tooLong'), safe(false)) : string().check(trim(), maxLength(limits.phone, 'tooLong'), safe(false))).check(
    refine((v) => v === '' || (PHONE.test(v) && digits(v) >= 7 && digits(v) <= 15), 'phone'),
  );

export const askQuestionSchema = object({
  name: required(limits.name),
  email,
  phone: phone(false),
  message: required(limits.message, true),
});

export const businessStartSchema = object({
  name: required(limits.name),
  email,
  phone: phone(true),
  company: required(limits.company),
  field: optional(limits.field),
  website: optional(limits.website).check(refine((v) => v === '' || isUrl(v), 'url')),
  message: optional(limits.message, true),
});

export const jobApplicationSchema = object({
  name: required(limits.name),
  email,
  phone: phone(true),
  linkedin: optional(limits.linkedin).check(
    refine((v) => v === '' || (isUrl(v) && /^(https?:\/\/)?([a-z]{2,3}\.)?linkedin\.com\/(in|pub)\/[^/?#\s]+/i.test(v)), 'linkedin'),
  ),
  message: optional(limits.message, true),
  /** Consent to keep the application for other vacancies (24 months instead of 6: lib/privacy). */
  keep: pipe(transform((v: unknown) => (v === 'yes' || v === true ? 'yes' : '')), oneOf(['', 'yes'])),
});

export const formSchemas = {
  'ask-question': askQuestionSchema,
  'business-start': businessStartSchema,
  'job-application': jobApplicationSchema,
} as const;

export type FormKind = keyof typeof formSchemas;

/** Field names of a form, in order. */
export function fieldsOf(kind: FormKind): string[] {
  return Object.keys(formSchemas[kind].shape);
}

/** The first error code of each field. */
export function fieldErrors(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): Record<string, ErrorCode> {
  const errors: Record<string, ErrorCode> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !errors[field]) errors[field] = (errorCodes as readonly string[]).includes(issue.message) ? (issue.message as ErrorCode) : 'required';
  }
  return errors;
}
