import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { env } from '@/lib/env';
import { editionOf, isLocale, type Locale } from '@/lib/i18n/editions';
import { setNewest } from '@/lib/newest-map';
import { OG_CACHE_ENTRIES, OG_RENDERS_PER_MINUTE, OG_TITLE_MAX_CHARS } from '@/lib/limits.ts';
import type { OgDrawing, OgDrawn } from '@/lib/seo/og-draw';
import { pageTitle } from '@/lib/seo/titles';
import { clientAddress, clientKey, takeRateLimit } from '@/lib/clients';

/** Only what the bundled Inter draws (Latin, Cyrillic, Greek, punctuation): nothing is fetched from elsewhere. */
const drawable = (text: string) => text.replace(/[^\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\p{N}\p{P}\p{Zs}€$£+=<>|~^`]/gu, '').slice(0, OG_TITLE_MAX_CHARS);

/** What an image shows: the edition (or none) and the title drawn. Its inputs, and so its cache key. */
type Drawn = { locale: Locale | null; title: string };

/**
 * The drawing thread (lib/seo/og-draw.ts), started at the first image and kept. A drawing is 50-100 ms
 * of CPU in one piece: on this thread every other request would wait behind it (issue 37, finding 4).
 * Node loads the file itself, from the site's folder, outside Next's build.
 */
let drawer: Worker | null = null;
const pending = new Map<number, { resolve: (png: Uint8Array) => void; reject: (error: Error) => void }>();
let lastId = 0;
function worker(): Worker {
  if (drawer) return drawer;
  const started = new Worker(path.join(process.cwd(), 'lib/seo/og-draw.ts'));
  started.unref();
  started.on('message', (drawn: OgDrawn) => {
    const waiting = pending.get(drawn.id);
    pending.delete(drawn.id);
    if ('png' in drawn) waiting?.resolve(drawn.png);
    else waiting?.reject(new Error(drawn.error));
  });
  // A thread that failed is replaced at the next drawing; the drawings it held fail (and are not kept).
  const failed = (error: Error) => {
    if (drawer === started) drawer = null;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  started.on('error', failed);
  started.on('exit', (code) => failed(new Error(`the drawing thread stopped (${code})`)));
  return (drawer = started);
}

/** Draws the 1200×630 PNG of one title, in the drawing thread. */
function draw({ locale, title }: Drawn): Promise<Uint8Array> {
  const edition = locale ? editionOf(locale) : null;
  const drawing: OgDrawing = { id: ++lastId, title, host: new URL(env.NEXT_PUBLIC_SITE_URL).host, badge: edition ? edition.prefix.toUpperCase() : 'LV-LV' };
  return new Promise((resolve, reject) => {
    pending.set(drawing.id, { resolve, reject });
    worker().postMessage(drawing);
  });
}

/**
 * Images already drawn, by what they show, least recently used out first (at most OG_CACHE_ENTRIES,
 * per process). A pending drawing is shared: a burst for one page draws it once.
 */
const drawn = new Map<string, Promise<Uint8Array>>();

function remember(key: string, image: Promise<Uint8Array>): void {
  setNewest(drawn, key, image, OG_CACHE_ENTRIES);
  // A failed drawing is not kept: the next request tries again.
  image.catch(() => drawn.delete(key));
}

/** Clients whose last drawing was refused, until when (per process; at most OG_CACHE_ENTRIES, oldest out). */
const refused = new Map<string, number>();

export type OgAnswer = { status: 200; png: Uint8Array } | { status: 429; retryAfterSeconds: number };

/**
 * The sharing image of the page at `path` of edition `locale` (the site's default image for anything
 * else: no text from the request is ever drawn). Served from the cache when drawn before; otherwise
 * drawn, at most OG_RENDERS_PER_MINUTE times a minute per client (the rate limits' client key).
 */
export async function ogImage(locale: string | null, pagePath: string, headers: Headers): Promise<OgAnswer> {
  const edition = isLocale(locale) ? editionOf(locale) : null;
  const found = edition ? await pageTitle(edition.locale, pagePath) : null;
  const what: Drawn = { locale: edition?.locale ?? null, title: drawable(found ?? '') || 'Billme' };
  const key = JSON.stringify(what);
  let image = drawn.get(key);
  if (image) {
    setNewest(drawn, key, image, OG_CACHE_ENTRIES);
  } else {
    const client = clientKey(clientAddress(headers));
    // A client refused a moment ago is refused again from memory: a flood of new images costs no
    // database write each (a synchronous SQLite write that waits for the disk stops every request).
    const refusedUntil = refused.get(client) ?? 0;
    if (refusedUntil > Date.now()) return { status: 429, retryAfterSeconds: Math.ceil((refusedUntil - Date.now()) / 1000) };
    refused.delete(client);
    const decision = await takeRateLimit('og-image', client, { limit: OG_RENDERS_PER_MINUTE, windowSeconds: 60 });
    if (!decision.ok) {
      setNewest(refused, client, Date.now() + decision.retryAfterSeconds * 1000, OG_CACHE_ENTRIES);
      return { status: 429, retryAfterSeconds: decision.retryAfterSeconds };
    }
    image = draw(what);
    remember(key, image);
  }
  return { status: 200, png: await image };
}
