// The Next contract: each assumption of lib/next-adapter/README.md checked on the real output of a tiny
// app built with the installed next (harness.ts), through the adapter's own code (assumptions.ts). A
// failure names the assumption. The second part breaks each assumption on purpose, on a mutated copy of
// the real output (and, for the nonce, on the tiny app really run without it), and shows that its check
// fails with its number and title. `npm run check:next -- <version>` runs the same checks on another next.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunkFile } from '../../lib/next-adapter/html.ts';
import { ASSUMPTIONS, verdict } from './assumptions.ts';
import { buildTinyApp, type Answer, type Capture, type TinyApp } from './harness.ts';
import { TITLE } from './tiny-app.ts';

let app: TinyApp | null = null;
let capture: Capture;

beforeAll(async () => {
  app = await buildTinyApp({ modulesDir: path.resolve('node_modules'), log: (line) => console.log(`next-contract: ${line}`) });
  capture = await app.capture();
});
afterAll(() => app?.dispose());

const assumption = (n: number) => ASSUMPTIONS.find((a) => a.n === n)!;

describe('the Next contract on the installed next', () => {
  for (const a of ASSUMPTIONS) {
    it(`#${a.n} ${a.title}`, () => {
      const problem = verdict(a, capture);
      if (problem) throw new Error(problem);
      expect(problem).toBeNull();
    });
  }
});

const withBody = (answer: Answer, change: (body: string) => string): Answer => ({ ...answer, body: change(answer.body) });

/** Each assumption broken on purpose: a copy of the real output changed the way a Next upgrade could. */
const BREAKS: [number, string, (c: Capture) => Capture][] = [
  [1, 'the inline data moves to another global', (c) => ({ ...c, page: withBody(c.page, (b) => b.replaceAll('self.__next_f', 'self.__next_d')), chunks: Object.fromEntries(Object.entries(c.chunks).map(([src, s]) => [src, s.replaceAll('__next_f', '__next_d')])) })],
  [1, "the runtime ignores data pushed after the first paint (late-scripts.ts's loader)", (c) => ({ ...c, lateHydration: { bootstrap: true, fiber: false, clicked: 'Clicked 0', scripts: [] } })],
  [2, 'chunks are loaded with defer instead of async', (c) => ({ ...c, page: withBody(c.page, (b) => b.replaceAll(' async=""', ' defer=""')) })],
  [3, 'the deployment id goes into another query', (c) => ({ ...c, page: withBody(c.page, (b) => b.replaceAll('?dpl=', '?v=')) })],
  [3, 'a chunk is fetched under both names (the data names it unlike the page)', (c) => ({ ...c, lateHydration: c.lateHydration && !('error' in c.lateHydration) ? { ...c.lateHydration, scripts: [...c.lateHydration.scripts, ...c.lateHydration.scripts.filter((src) => src.includes('?dpl=')).map(chunkFile)] } : c.lateHydration })],
  [4, "React renames the key on a hydrated node", (c) => ({ ...c, hydration: { bootstrap: true, fiber: false, clicked: 'Clicked 1', scripts: [] } })],
  [5, 'the router sends a new header', (c) => ({ ...c, routerHeaders: { ...c.routerHeaders, FLIGHT_HEADERS: [...(c.routerHeaders.FLIGHT_HEADERS as string[]), 'next-router-cache-key'] } })],
  [6, 'metadata is no longer streamed to browsers', (c) => ({ ...c, page: withBody(c.page, (b) => b.replace('</head>', `<title>${TITLE}</title></head>`)) })],
  [8, 'Next writes part of the body around res.write/end', (c) => ({ ...c, writes: c.writes && { ...c.writes, bytes: c.writes.bytes - 100 } })],
  [9, 'a new internal header names the rewritten path', (c) => ({ ...c, rewritten: { ...c.rewritten, headers: { ...c.rewritten.headers, 'x-nextjs-rewritten-path': '/' } } })],
  [10, "a rewrite answers the proxy's status", (c) => ({ ...c, rewritten: { ...c.rewritten, status: 503 } })],
  [11, 'the routes manifest renames its lists', (c) => ({ ...c, dist: { ...c.dist, routesManifest: JSON.parse(JSON.stringify(c.dist.routesManifest).replace('"staticRoutes"', '"static"')) } })],
  [12, 'the build manifest and client manifests name no scripts', (c) => ({ ...c, dist: { ...c.dist, buildManifest: { ...(c.dist.buildManifest as object), rootMainFiles: [] }, clientManifests: [] } })],
  [13, 'the build id file is empty', (c) => ({ ...c, dist: { ...c.dist, buildId: '\n' } })],
  [14, 'the build records its configuration elsewhere', (c) => ({ ...c, dist: { ...c.dist, requiredServerFiles: { version: 1, files: [] } } })],
];

describe('a broken assumption fails with its number and title', () => {
  for (const [n, how, breakIt] of BREAKS) {
    it(`#${n} fails when ${how}`, () => {
      expect(verdict(assumption(n), capture), 'holds on the real output').toBeNull();
      const problem = verdict(assumption(n), breakIt(structuredClone(capture)));
      expect(problem).toMatch(new RegExp(`^Next assumption #${n} broken \\(`));
      expect(problem).toContain(assumption(n).title);
    });
  }

  it("#7 fails when the tiny app's proxy gives Next no nonce (the app really run with TINY_DROP_NONCE=1)", async () => {
    const dropped = await app!.capture({ TINY_DROP_NONCE: '1', TINY_SKIP_BROWSER: '1' });
    expect(verdict(assumption(7), capture)).toBeNull();
    const problem = verdict(assumption(7), dropped);
    expect(problem).toMatch(/^Next assumption #7 broken \(Next takes the nonce from the content-security-policy header the proxy passes/);
    expect(problem).toMatch(/scripts lack the proxy's nonce/);
  });
});
