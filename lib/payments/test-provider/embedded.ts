/** The embedded default's sandbox provider: the sandbox mounted in the site (its page under /test-provider/, its table in the site's database). */
import { createTranslator } from 'next-intl';
import { env } from '@/lib/env';
import { contentLanguage, defaultLocale, isLocale } from '@/lib/i18n/editions';
import { loadMessages } from '@/lib/i18n/messages';
import { CARD_ATTEMPTS } from '@/lib/limits.ts';
import { logger } from '@/lib/observability';
import { clientAddress, clientKey, takeRateLimit } from '@/lib/clients';
import { deliverLocally } from '../local-delivery';
import { createSandbox, type Sandbox } from '../sandbox/core';
import type { T } from '../sandbox/page';
import { webhookSecret } from '../webhook-secret';
import { TEST_PROVIDER_PREFIX } from './paths';
import { tableStore } from './sessions';

/** The name it registers under (providers/test.ts) and the last segment of its notification path. */
export const EMBEDDED_PROVIDER = 'test';

let sandbox: Sandbox | null = null;

/**
 * Created at first use. Its page's address is a path on whatever address the payer reached the site
 * by (so a site reached through another address than NEXT_PUBLIC_SITE_URL still works); its verdicts go
 * to the site's notification handler in-process, signed with the embedded key (webhook-secret.ts).
 */
export function embeddedSandbox(): Sandbox {
  sandbox ??= createSandbox({
    store: tableStore,
    secret: webhookSecret,
    pageUrl: (id) => `${TEST_PROVIDER_PREFIX}/${id}`,
    notifyUrl: `http://embedded.invalid/api/payments/notify/${EMBEDDED_PROVIDER}`,
    deliver: (url, body, headers) => deliverLocally(EMBEDDED_PROVIDER, new Request(url, { method: 'POST', headers, body })),
    async translator(value) {
      const locale = isLocale(value) ? value : defaultLocale;
      const t = createTranslator({ locale, messages: await loadMessages(contentLanguage(locale)), namespace: 'TestProvider' });
      return { locale, t: ((key, values) => (t as (k: string, v?: Record<string, string | number>) => string)(key, values)) as T };
    },
    async attempt(kind, key) {
      const limit = kind === 'client' ? env.CARD_RATE_LIMIT : CARD_ATTEMPTS.perPayment;
      return (await takeRateLimit(kind === 'client' ? 'card-client' : 'card-session', key, { limit, windowSeconds: CARD_ATTEMPTS.windowSeconds })).ok;
    },
    clientOf: (request) => clientKey(clientAddress(request.headers)),
    formOrigins: [new URL(env.NEXT_PUBLIC_SITE_URL).origin],
    log: (level, event, fields) => logger('payments')[level]({ event, ...fields }, event),
  });
  return sandbox;
}
