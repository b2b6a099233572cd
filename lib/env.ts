import { z } from 'zod';
import { appLinks, emails, siteDomain } from './facts/facts.ts';
import { isEmail } from './forms/email.ts';
import { CARD_ATTEMPTS } from './limits.ts';

/**
 * The typed, validated environment of the app. Nothing else in the app reads `process.env` (ESLint
 * enforces it); the production server, the build and the Redis cache handler, which run outside the
 * app's bundles, read their few keys through lib/boot-env.ts. Every key is documented in
 * `.env.example` (tests/env-example.test.ts).
 *
 * Also loaded by the production server before anything else (lib/env-check.ts, with Node's type
 * stripping): an invalid environment stops the start, naming each wrong key. So this file imports
 * with extensions and no `@/` alias, and uses erasable TypeScript only.
 */
const url = z.url({ protocol: /^https?$/ });
/** MAIL_FROM: `Name <address>` or a bare address, the address as the forms check it (lib/forms/email.ts). */
const isMailbox = (value: string) => {
  const named = /^[^\r\n<>]*<([^<>]+)>$/.exec(value);
  return isEmail(named ? named[1]! : value);
};
/** An empty value in a .env file means "not set". */
const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  NEXT_PUBLIC_SITE_URL: url.default('http://localhost:3000').transform((v) => v.replace(/\/+$/, '')),
  // Defaults from the company facts (content/facts.yaml: the domain and the apps' store pages).
  CUSTOMER_LOGIN_URL: url.default(`https://app.${siteDomain}/login`),
  BUSINESS_LOGIN_URL: url.default(`https://business.${siteDomain}/login`),
  // The customer app's sign-up page: no default (nobody has given its address), and the home page shows
  // no sign-up link while it is unset.
  CUSTOMER_SIGNUP_URL: z.preprocess(emptyToUndefined, url.optional()),
  APP_STORE_URL: url.default(appLinks.appStore),
  GOOGLE_PLAY_URL: url.default(appLinks.googlePlay),
  // The release gate (lib/facts/gate.ts): a site for a public address, or with RELEASE=true, does not
  // start while a required company fact is a placeholder, unless ALLOW_OPEN_FACTS=true.
  RELEASE: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  ALLOW_OPEN_FACTS: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),

  // Content API (spec 7). Unset: the embedded content under content/ is used.
  API_BASE_URL: z.preprocess(emptyToUndefined, url.optional()).transform((v) => v?.replace(/\/+$/, '')),
  CONTENT_REVALIDATE_SECONDS: z.coerce.number().int().min(1).default(300),
  CONTENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(1500),
  REVALIDATE_SECRET: z.preprocess(emptyToUndefined, z.string().min(16).optional()),

  // Where what visitors send is stored: PostgreSQL when DATABASE_URL is set, else SQLite under DATA_DIR.
  DATABASE_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(50).default(5),
  DATA_DIR: z.string().min(1).default('./data'),
  CAREERS_API_URL: z.preprocess(emptyToUndefined, url.optional()),
  NEXT_PUBLIC_RECAPTCHA_SITE_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  RECAPTCHA_SECRET_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  RECAPTCHA_VERIFY_URL: url.default('https://www.google.com/recaptcha/api/siteverify'),
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  FORM_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  FORM_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  PAYMENT_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  CARD_RATE_LIMIT: z.coerce.number().int().min(1).default(CARD_ATTEMPTS.perClient),
  PAYMENT_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  CONFIRMATION_RATE_LIMIT: z.coerce.number().int().min(1).default(3),
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).default(0),

  // Mail. SMTP_URL set: sent over SMTP (smtp://user:pass@host:587 with STARTTLS, smtps:// for TLS on
  // connect); unset: written as .eml files under DATA_DIR/mail. Addresses are validated here.
  SMTP_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^smtps?$/ }).optional()),
  SMTP_TLS_REJECT_UNAUTHORIZED: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  MAIL_FROM: z.string().default(`Billme <no-reply@${siteDomain}>`).refine(isMailbox, 'a mailbox: "Name <address>" or "address"'),
  LEADS_EMAIL: z.string().default(emails.business).refine(isEmail, 'an email address'),
  CAREERS_EMAIL: z.string().default(emails.careers).refine(isEmail, 'an email address'),

  // How long personal data is kept (the privacy policy states these; lib/privacy applies them).
  RETENTION_QUESTIONS_MONTHS: z.coerce.number().int().min(1).default(24),
  RETENTION_APPLICATIONS_MONTHS: z.coerce.number().int().min(1).default(6),
  RETENTION_APPLICATIONS_KEPT_MONTHS: z.coerce.number().int().min(1).default(24),
  RETENTION_PAYMENTS_MONTHS: z.coerce.number().int().min(1).default(84),
  RETENTION_MAIL_DAYS: z.coerce.number().int().min(1).default(90),
  RETENTION_CLIENT_HOURS: z.coerce.number().int().min(1).default(24),

  // Payments on company pages: the embedded test provider, the sandbox provider on its own origin
  // (scripts/payment-sandbox.ts), or the remote payment API of production.
  PAYMENT_PROVIDER: z.enum(['test', 'sandbox', 'remote']).default('test'),
  // Every origin of the provider's hosted page and its redirect chain (comma-separated, e.g.
  // `https://checkout.provider.example,https://3ds.provider.example`): the checkout page's CSP allows
  // its Pay form to lead there, and the site sends a payer to no other. Required with sandbox and remote.
  PAYMENT_HOSTED_ORIGINS: z.preprocess(emptyToUndefined, z.string().optional()).transform((value, ctx) => {
    const origins = (value ?? '').split(',').map((v) => v.trim()).filter(Boolean);
    for (const origin of origins) {
      const parsed = URL.parse(origin);
      if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== origin.replace(/\/$/, '')) {
        ctx.addIssue({ code: 'custom', message: `"${origin.slice(0, 80)}" is not an origin (scheme://host[:port], nothing after it)` });
      }
    }
    return origins.map((origin) => origin.replace(/\/$/, ''));
  }),
  PAYMENT_API_URL: z.preprocess(emptyToUndefined, url.optional()),
  PAYMENT_API_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  // The key of the provider's signed notifications (Billme-Signature). Required with `remote`; the test
  // provider makes one at first start under DATA_DIR unless this is set.
  PAYMENT_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().min(16).optional()),
  // Minutes a payment may stay `processing` before reconciliation asks the provider about it.
  PAYMENT_RECONCILE_AFTER: z.coerce.number().int().min(1).default(10),

  // Backups (npm run backup): where they go and how many days of them are kept.
  BACKUP_DIR: z.string().min(1).default('./backups'),
  BACKUP_KEEP_DAYS: z.coerce.number().int().min(1).default(14),
  // The erasure log (lib/privacy/erasure-log.ts): a file kept outside the database and its backups, and
  // the key of its hashes (made at first use under DATA_DIR unless set).
  ERASURE_LOG_FILE: z.preprocess(emptyToUndefined, z.string().optional()),
  ERASURE_LOG_KEY: z.preprocess(emptyToUndefined, z.string().min(16).optional()),
  // The secret of the keyed hashes that stand for a client's address and a mail recipient in the rate
  // limits (lib/clients/identity.ts). The same on every instance; made at first use under DATA_DIR
  // unless set. Rotating it restarts the rate-limit windows (docs/operations.md).
  CLIENT_HASH_KEY: z.preprocess(emptyToUndefined, z.string().min(32).optional()),

  // Observability (lib/observability; server.ts reads the same keys, as it reads PORT, before the app loads).
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  INSTANCE_NAME: z.preprocess(emptyToUndefined, z.string().max(100).optional()),

  // Google Tag Manager container, loaded only after the visitor accepts analytics cookies.
  NEXT_PUBLIC_GTM_ID: z.preprocess(emptyToUndefined, z.string().regex(/^GTM-[A-Z0-9]{4,12}$/).optional()),
}).refine((e) => e.PAYMENT_PROVIDER === 'test' || e.PAYMENT_API_URL, {
  message: 'PAYMENT_API_URL is required when PAYMENT_PROVIDER is sandbox or remote',
  path: ['PAYMENT_API_URL'],
}).refine((e) => e.PAYMENT_PROVIDER === 'test' || e.PAYMENT_WEBHOOK_SECRET, {
  message: 'PAYMENT_WEBHOOK_SECRET is required when PAYMENT_PROVIDER is sandbox or remote (the key of the provider\'s signed notifications)',
  path: ['PAYMENT_WEBHOOK_SECRET'],
}).refine((e) => e.PAYMENT_PROVIDER === 'test' || e.PAYMENT_HOSTED_ORIGINS.length > 0, {
  message: 'PAYMENT_HOSTED_ORIGINS is required when PAYMENT_PROVIDER is sandbox or remote (every origin of the hosted payment page and its redirects)',
  path: ['PAYMENT_HOSTED_ORIGINS'],
});

export type Env = z.infer<typeof schema>;

/** The keys this file reads (tests/env-example.test.ts). */
export const envKeys: readonly string[] = Object.keys(schema.shape);

/** A wrong key and why (never its value: it may be a secret). */
export type EnvironmentProblem = { key: string; problem: string };

/** What is wrong with an environment, one entry per wrong key and reason; empty when it is valid. */
export function environmentProblems(source: Record<string, string | undefined>): EnvironmentProblem[] {
  const parsed = schema.safeParse(source);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => ({ key: issue.path.join('.') || '(environment)', problem: issue.message }));
}

function load(): Env {
  const parsed = schema.safeParse(process.env);
  if (parsed.success) return parsed.data;
  // The problems ride on the error, for the start-up check (lib/env-check.ts) to print.
  throw Object.assign(new Error(`Invalid environment (see .env.example):\n${z.prettifyError(parsed.error)}`), { environmentProblems: environmentProblems(process.env) });
}

export const env: Env = load();

/** reCAPTCHA v3 is on when both keys are set: the site key the browser needs, or null. */
export const captchaSiteKey: string | null = env.NEXT_PUBLIC_RECAPTCHA_SITE_KEY && env.RECAPTCHA_SECRET_KEY ? env.NEXT_PUBLIC_RECAPTCHA_SITE_KEY : null;
