import { editionByPrefix, type Locale, prefixes } from './editions';
import { editionForBareSegment, resolveLocale, type Signals } from './resolve';

/** Old addresses of the previous site, kept alive with permanent redirects. */
export const legacyPaths: Record<string, string> = {
  '/terms-and-conditions': '/terms-and-conditions',
  '/privacy-policy': '/privacy-policy',
  '/index/privacy': '/privacy-policy',
  '/faqs': '/faq',
};

export type Decision =
  | { kind: 'edition'; locale: Locale }
  | { kind: 'redirect'; location: string; status: 307 | 308 }
  | { kind: 'not-found'; locale: Locale };

const PREFIX_SHAPE = /^[a-z]{2}-[a-z]{2}$/i;

/**
 * Decides what the proxy does with a page request, given only its path and the visitor's signals.
 * `location` is a path with the original query appended by the caller.
 */
export function routeRequest(pathname: string, signals: Signals): Decision {
  const [, first = '', ...rest] = pathname.split('/');
  const tail = rest.length ? `/${rest.join('/')}` : '';

  const edition = editionByPrefix(first);
  if (edition) return { kind: 'edition', locale: edition.locale };

  const lower = editionByPrefix(first.toLowerCase());
  if (lower) return { kind: 'redirect', location: `/${lower.prefix}${tail}`, status: 308 };

  const visitor = resolveLocale(signals);
  if (PREFIX_SHAPE.test(first)) return { kind: 'not-found', locale: visitor };

  const trimmed = pathname.replace(/\/+$/, '') || '/';
  const legacy = legacyPaths[trimmed.toLowerCase()];
  if (legacy) return { kind: 'redirect', location: `${prefixes[visitor]}${legacy}`, status: 308 };

  const bare = editionForBareSegment(first, visitor);
  if (bare) return { kind: 'redirect', location: `/${bare.prefix}${tail}`, status: 308 };

  return { kind: 'redirect', location: `${prefixes[visitor]}${trimmed === '/' ? '' : trimmed}`, status: 307 };
}
