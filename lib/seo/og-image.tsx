import fs from 'node:fs/promises';
import path from 'node:path';
import { ImageResponse } from 'next/og';
import { env } from '@/lib/env';
import { editionOf, isLocale, type Locale } from '@/lib/i18n/editions';
import { OG_CACHE_ENTRIES, OG_RENDERS_PER_MINUTE } from '@/lib/limits.ts';
import { pageTitle } from '@/lib/seo/titles';
import { clientAddress, clientKey, takeRateLimit } from '@/lib/submissions';

/** Inter Bold, per script: latin, latin-ext (Latvian, Estonian), Cyrillic, Greek. Read once. */
const SUBSETS = ['latin', 'latin-ext', 'cyrillic', 'greek'];
/** Each subset is its own family, listed in order, so every glyph finds the file that has it. */
const FAMILY = SUBSETS.map((subset) => `'Inter ${subset}'`).join(', ');
let fonts: Promise<{ name: string; data: Buffer; weight: 700; style: 'normal' }[]> | null = null;
function loadFonts() {
  fonts ??= Promise.all(
    SUBSETS.map(async (subset) => ({
      name: `Inter ${subset}`,
      data: await fs.readFile(path.join(process.cwd(), 'node_modules/@fontsource/inter/files', `inter-${subset}-700-normal.woff`)),
      weight: 700 as const,
      style: 'normal' as const,
    })),
  );
  return fonts;
}

/** Only what the bundled Inter draws (Latin, Cyrillic, Greek, punctuation): nothing is fetched from elsewhere. */
const drawable = (text: string) => text.replace(/[^\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\p{N}\p{P}\p{Zs}€$£+=<>|~^`]/gu, '').slice(0, 140);

/** What an image shows: the edition (or none) and the title drawn. Its inputs, and so its cache key. */
type Drawn = { locale: Locale | null; title: string };

/** Draws the 1200×630 PNG of one title. About 50-100 ms of CPU: the reason for the cache and the limit. */
async function draw({ locale, title }: Drawn): Promise<Uint8Array> {
  const edition = locale ? editionOf(locale) : null;
  const image = new ImageResponse(
    (
      <div style={{ width: '100%', height: '100%', display: 'flex', flexDirection: 'column', justifyContent: 'space-between', padding: 72, background: '#f5f7fc', fontFamily: FAMILY }}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 20 }}>
          <div style={{ width: 72, height: 72, borderRadius: 18, background: '#2453d6', display: 'flex', alignItems: 'center', justifyContent: 'center', color: '#fff', fontSize: 44 }}>B</div>
          <div style={{ fontSize: 44, color: '#111a33' }}>Billme</div>
        </div>
        <div style={{ display: 'flex', fontSize: title.length > 60 ? 56 : 72, color: '#111a33', lineHeight: 1.15, letterSpacing: -1 }}>{title}</div>
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', fontSize: 28, color: '#4b5570' }}>
          <div style={{ display: 'flex' }}>{new URL(env.NEXT_PUBLIC_SITE_URL).host}</div>
          <div style={{ display: 'flex', padding: '8px 20px', borderRadius: 999, background: '#2453d6', color: '#fff' }}>
            {edition ? edition.prefix.toUpperCase() : 'LV-LV'}
          </div>
        </div>
      </div>
    ),
    { width: 1200, height: 630, fonts: await loadFonts() },
  );
  return new Uint8Array(await image.arrayBuffer());
}

/**
 * Images already drawn, by what they show, least recently used out first (at most OG_CACHE_ENTRIES,
 * per process). A pending drawing is shared: a burst for one page draws it once.
 */
const drawn = new Map<string, Promise<Uint8Array>>();

function remember(key: string, image: Promise<Uint8Array>): void {
  drawn.set(key, image);
  if (drawn.size > OG_CACHE_ENTRIES) drawn.delete(drawn.keys().next().value!);
  // A failed drawing is not kept: the next request tries again.
  image.catch(() => drawn.delete(key));
}

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
    drawn.delete(key);
    drawn.set(key, image);
  } else {
    const decision = await takeRateLimit('og-image', clientKey(clientAddress(headers)), { limit: OG_RENDERS_PER_MINUTE, windowSeconds: 60 });
    if (!decision.ok) return { status: 429, retryAfterSeconds: decision.retryAfterSeconds };
    image = draw(what);
    remember(key, image);
  }
  return { status: 200, png: await image };
}
