import fs from 'node:fs/promises';
import path from 'node:path';
import { ImageResponse } from 'next/og';
import { env } from '@/lib/env';
import { editionOf, isLocale } from '@/lib/i18n/editions';
import { pageTitle } from '@/lib/seo/titles';

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

/**
 * GET /api/og?locale=el-CY&path=/blog/x — the 1200×630 sharing image of a page (OpenGraph and Twitter),
 * with the title of that page of that edition. Anything else (no such page, no locale) is the site's
 * default image: no text from the request is ever drawn. Cached by browsers and crawlers for a day.
 */
export async function GET(request: Request) {
  const params = new URL(request.url).searchParams;
  const locale = params.get('locale');
  const edition = isLocale(locale) ? editionOf(locale) : null;
  const found = edition ? await pageTitle(edition.locale, params.get('path') ?? '') : null;
  const title = drawable(found ?? '') || 'Billme';
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
  image.headers.set('cache-control', 'public, max-age=86400, immutable');
  return image;
}
