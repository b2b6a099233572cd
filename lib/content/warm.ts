import { languages } from '@/lib/i18n/editions';
import { source } from './index';
import { preloadLocalContent } from './local';
import { logger } from '@/lib/observability';

/** Fetch pages, guides and articles (in that order, spec 7) for every language; ignore failures. */
export async function warmContent(): Promise<void> {
  try {
    preloadLocalContent(); // the FAQ is always local
  } catch (error) {
    logger('content').error({ event: 'content.warm_failed', err: error }, 'embedded content failed to load');
  }
  for (const kind of ['pages', 'guides', 'articles'] as const) {
    await Promise.all(languages.map((lang) => source[kind](lang).catch(() => undefined)));
  }
}
