// Draws the sharing images of /api/og in a worker thread (lib/seo/og-image.tsx starts it, once). A
// drawing is 50-100 ms of CPU in one piece (layout and PNG encoding, in WebAssembly): on the server's own
// thread every other request would wait behind it (issue 37, finding 4). Here it runs beside them.
// No JSX and no `@/` imports: Node loads this file itself (type stripping), outside Next's build.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import { ImageResponse } from 'next/og.js';

// This thread at the lowest CPU priority (on Linux a priority is per thread): a drawing uses only the CPU
// that requests leave, so a burst of new images never slows the pages of the same server.
try {
  os.setPriority(19);
} catch {
  // not allowed here: the drawing still runs beside the requests, at their priority
}

/** What to draw: the page's title, the site's host and the edition's badge (`LV-EN`). */
export type OgDrawing = { id: number; title: string; host: string; badge: string };
export type OgDrawn = { id: number; png: Uint8Array } | { id: number; error: string };

/** Inter Bold, per script: latin, latin-ext (Latvian, Estonian), Cyrillic, Greek. Each its own family, in order. */
const SUBSETS = ['latin', 'latin-ext', 'cyrillic', 'greek'];
const FAMILY = SUBSETS.map((subset) => `'Inter ${subset}'`).join(', ');
const fonts = SUBSETS.map((subset) => ({
  name: `Inter ${subset}`,
  data: fs.readFileSync(path.join(process.cwd(), 'node_modules/@fontsource/inter/files', `inter-${subset}-700-normal.woff`)),
  weight: 700 as const,
  style: 'normal' as const,
}));

type Box = { type: 'div'; props: { style: Record<string, string | number>; children?: string | Box | Box[] } };
const box = (style: Box['props']['style'], children?: Box['props']['children']): Box => ({ type: 'div', props: { style, children } });

/** The 1200×630 layout: the logo, the title, the host and the edition. */
function layout({ title, host, badge }: OgDrawing): Box {
  return box({ width: '100%', height: '100%', display: 'flex', flexDirection: 'column', justifyContent: 'space-between', padding: 72, background: '#f5f7fc', fontFamily: FAMILY }, [
    box({ display: 'flex', alignItems: 'center', gap: 20 }, [
      box({ width: 72, height: 72, borderRadius: 18, background: '#2453d6', display: 'flex', alignItems: 'center', justifyContent: 'center', color: '#fff', fontSize: 44 }, 'B'),
      box({ fontSize: 44, color: '#111a33' }, 'Billme'),
    ]),
    box({ display: 'flex', fontSize: title.length > 60 ? 56 : 72, color: '#111a33', lineHeight: 1.15, letterSpacing: -1 }, title),
    box({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', fontSize: 28, color: '#4b5570' }, [
      box({ display: 'flex' }, host),
      box({ display: 'flex', padding: '8px 20px', borderRadius: 999, background: '#2453d6', color: '#fff' }, badge),
    ]),
  ]);
}

parentPort?.on('message', async (drawing: OgDrawing) => {
  try {
    // satori takes plain { type, props } elements: React's own carry a symbol, which no message can.
    const image = new ImageResponse(layout(drawing) as unknown as ConstructorParameters<typeof ImageResponse>[0], { width: 1200, height: 630, fonts });
    const png = new Uint8Array(await image.arrayBuffer());
    parentPort!.postMessage({ id: drawing.id, png } satisfies OgDrawn, [png.buffer]);
  } catch (error) {
    parentPort!.postMessage({ id: drawing.id, error: String(error) } satisfies OgDrawn);
  }
});
