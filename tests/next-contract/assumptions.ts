// The contract: each assumption of lib/next-adapter/README.md as a check on what harness.ts captured
// from a real build, using the adapter's own code (and the site's code that depends on it), so a
// change in Next fails here, naming the assumption, before it fails in a visitor's browser.
// Relative `.ts` imports only: scripts/check-next.ts runs this with Node directly.
import { afterFirstPaint } from '../../lib/http/late-scripts.ts';
import { appRoutes, parseBuildId, parseDeploymentId, startupScriptsOf } from '../../lib/next-adapter/build.ts';
import { attribute, chunkFile, chunkSource, chunkSources, INLINE_DATA, inlineData, isScriptPreload, LINK_ELEMENT, NEXT_DATA_GLOBAL, SCRIPT_ELEMENT, STATIC_PREFIX } from '../../lib/next-adapter/html.ts';
import { ACTION_HEADER, NEXT_REQUEST_HEADERS } from '../../lib/next-adapter/request-headers.ts';
import { isInternalHeader } from '../../lib/next-adapter/response.ts';
import type { Answer, Capture } from './harness.ts';
import { TITLE } from './tiny-app.ts';

export type Assumption = { n: number; title: string; check(capture: Capture): void };

/** The error of a broken assumption: its number and title first, then what was found. */
export class BrokenAssumption extends Error {}

/** A check's condition: false fails it with `detail`. */
function holds(condition: unknown, detail: string): asserts condition {
  if (!condition) throw new BrokenAssumption(detail);
}

/** The nonce of an answer's CSP header. */
const nonceOf = (answer: Answer): string => /'nonce-([^']+)'/.exec(answer.headers['content-security-policy'] ?? '')?.[1] ?? '';
/** The nonce the tiny app's proxy made for a request (it names it in x-tiny-nonce, with or without a CSP). */
const proxyNonceOf = (answer: Answer): string => answer.headers['x-tiny-nonce'] ?? '';
const headOf = (html: string): string => html.slice(0, Math.max(0, html.indexOf('</head>')));

/** Headers Next 16.4.6 sends on the tiny app's answers that are not internal (anything new is looked at: #9). */
const KNOWN_HEADERS = new Set(['cache-control', 'connection', 'content-encoding', 'content-length', 'content-security-policy', 'content-type', 'date', 'etag', 'keep-alive', 'transfer-encoding', 'vary', 'location', 'x-nextjs-cache', 'x-nextjs-deployment-id', 'x-nextjs-prerender', 'x-nextjs-stale-time', 'x-tiny-nonce']);

export const ASSUMPTIONS: Assumption[] = [
  {
    n: 1,
    title: "The page's RSC data is inline as self.__next_f.push(…) scripts, read by the client runtime",
    check(c) {
      const data = inlineData(c.page.body);
      holds(data.length >= 2, `found ${data.length} inline data scripts in the page (INLINE_DATA of lib/next-adapter/html.ts)`);
      holds(JSON.stringify(data[0]) === '[0]', `the first push is ${JSON.stringify(data[0])}, not [0]`);
      holds(data.slice(1).every((push) => Array.isArray(push) && typeof push[0] === 'number'), 'a push is not [type, …]');
      const left = c.page.body.replace(INLINE_DATA, '');
      holds(!left.includes(NEXT_DATA_GLOBAL), `the page still names ${NEXT_DATA_GLOBAL} outside the scripts INLINE_DATA recognises: ${/.{0,80}__next_f.{0,80}/.exec(left)?.[0]}`);
      holds(Object.values(c.chunks).some((source) => source.includes(NEXT_DATA_GLOBAL)), `no chunk of the page reads self.${NEXT_DATA_GLOBAL}: the runtime takes its data from elsewhere`);
      const late = afterFirstPaint(c.page.body, nonceOf(c.page));
      holds(late.data !== null && JSON.parse(late.data).length === data.length, 'lib/http/late-scripts.ts did not take the data out of the page');
      holds(inlineData(late.html).length === 0, 'lib/http/late-scripts.ts left inline data in the page');
      if (c.lateHydration !== null) {
        const hydrated = c.lateHydration;
        holds(!('error' in hydrated) && hydrated.fiber && hydrated.clicked === 'Clicked 1', `the page with its data pushed to self.${NEXT_DATA_GLOBAL} after the first paint (lib/http/late-scripts.ts) did not hydrate: ${JSON.stringify(hydrated)}`);
      }
    },
  },
  {
    n: 2,
    title: 'Chunks are <script src="/_next/static/…" async> elements and script preloads are <link rel="preload" as="script">',
    check(c) {
      const sources = chunkSources(c.page.body);
      holds(sources.length > 0, 'no chunk script in the page (chunkSource of lib/next-adapter/html.ts)');
      const missed = [...c.page.body.matchAll(SCRIPT_ELEMENT)].map((m) => m[1] ?? '').filter((attrs) => attribute(attrs, 'src')?.[1]?.startsWith(STATIC_PREFIX) && !chunkSource(attrs) && !attribute(attrs, 'nomodule'));
      holds(missed.length === 0, `scripts of Next that chunkSource does not recognise: ${missed.join(' | ')}`);
      const scriptLinks = [...c.page.body.matchAll(LINK_ELEMENT)].map((m) => m[0]).filter((element) => /\bas="script"/i.test(element));
      holds(scriptLinks.length > 0 && scriptLinks.every(isScriptPreload), `script preloads: ${scriptLinks.join(' | ') || 'none'} (isScriptPreload)`);
      for (const src of sources) holds(c.chunks[src] !== undefined && c.chunks[src].length > 0, `the chunk ${src} is not served`);
      const late = afterFirstPaint(c.page.body, nonceOf(c.page));
      holds(chunkSources(late.html).length === 0, 'lib/http/late-scripts.ts left chunk scripts in the page');
      holds(![...late.html.matchAll(LINK_ELEMENT)].some((m) => isScriptPreload(m[0])), 'lib/http/late-scripts.ts left script preloads in the page');
      for (const file of new Set(sources.map(chunkFile))) holds(late.html.includes(JSON.stringify(file).slice(0, -1)), `the loader does not load ${file}`);
    },
  },
  {
    n: 3,
    title: 'With a deployment id chunks are named file?dpl=<id>, the same file as without it',
    check(c) {
      const sources = chunkSources(c.page.body);
      const queried = sources.filter((src) => src.includes('?'));
      holds(queried.length > 0, `no chunk named with ?dpl=${c.deploymentId}: ${sources.join(' ')}`);
      for (const src of queried) holds(src.endsWith(`?dpl=${c.deploymentId}`), `a chunk's query is not ?dpl=<deployment id>: ${src}`);
      for (const src of queried) {
        const plain = chunkFile(src);
        if (c.chunks[plain] !== undefined) holds(c.chunks[plain] === c.chunks[src], `${plain} and ${src} are different files (chunkFile takes them for one)`);
      }
      // Served late, each file is fetched once: the loader's one element per file, and hydration adds no
      // second script of it (the data names each chunk as the page does while the server runs with its
      // build's deployment id, #14).
      if (c.lateHydration !== null && !('error' in c.lateHydration)) {
        const files = c.lateHydration.scripts.filter((src) => src.startsWith(STATIC_PREFIX)).map(chunkFile);
        const twice = files.filter((file, i) => files.indexOf(file) !== i);
        holds(twice.length === 0, `served by lib/http/late-scripts.ts, the browser fetched ${[...new Set(twice)].join(' ')} twice: ${c.lateHydration.scripts.join(' ')}`);
      }
    },
  },
  {
    n: 4,
    title: "Turbopack's bootstrap script has id _R_ and React marks a hydrated <body> with a __reactFiber key",
    check(c) {
      holds(c.hydration !== null, 'not checked (no browser)');
      holds(!('error' in c.hydration), `the browser could not load the page: ${'error' in c.hydration ? c.hydration.error : ''}`);
      holds(c.hydration.bootstrap, 'no element with the bootstrap id (BOOTSTRAP_ID of lib/next-adapter/hydration.ts)');
      holds(c.hydration.fiber, 'no key with REACT_FIBER_PREFIX on <body> within 15 s');
      holds(c.hydration.clicked === 'Clicked 1', `the client component did not run (button: ${c.hydration.clicked})`);
    },
  },
  {
    n: 5,
    title: "Next's router and action request headers are rsc, next-action, next-router-*, next-url, next-hmr-refresh",
    check(c) {
      const exported = c.routerHeaders;
      holds(exported.ACTION_HEADER === ACTION_HEADER, `next's ACTION_HEADER is ${String(exported.ACTION_HEADER)}, the adapter's ${ACTION_HEADER}`);
      const flight = Array.isArray(exported.FLIGHT_HEADERS) ? (exported.FLIGHT_HEADERS as string[]) : [];
      holds(flight.length > 0, 'next exports no FLIGHT_HEADERS (app-router-headers.js)');
      const requestHeaders = Object.values(exported).filter((value): value is string => typeof value === 'string' && /^(next-|rsc$)/.test(value) && !value.startsWith('next-instant'));
      const unknown = [...new Set([...flight, ...requestHeaders])].filter((name) => !(NEXT_REQUEST_HEADERS as readonly string[]).includes(name));
      holds(unknown.length === 0, `request headers of Next's router the page cache does not know: ${unknown.join(', ')} (NEXT_REQUEST_HEADERS)`);
      const vary = (c.page.headers.vary ?? '').split(',').map((name) => name.trim().toLowerCase()).filter((name) => name && name !== 'accept-encoding');
      const unvaried = vary.filter((name) => !(NEXT_REQUEST_HEADERS as readonly string[]).includes(name));
      holds(unvaried.length === 0, `the page varies on headers the page cache ignores: ${unvaried.join(', ')}`);
      holds(!/^text\/html/.test(c.rsc.headers['content-type'] ?? ''), `a request with rsc: 1 got ${c.rsc.headers['content-type']}: the header no longer asks for RSC data`);
    },
  },
  {
    n: 6,
    title: 'Next puts the metadata in <head> for HTML-limited bots (by user agent) and streams it for browsers',
    check(c) {
      holds(!('error' in c.botTest), `the bot test of lib/next-adapter/bots.ts cannot load: ${'error' in c.botTest ? c.botTest.error : ''}`);
      holds(c.botTest.bot && !c.botTest.browser, `htmlLimitedBot says bot ${c.botTest.bot}, browser ${c.botTest.browser}`);
      holds(headOf(c.botPage.body).includes(`<title>${TITLE}</title>`), "the bot's page has no title in <head>");
      holds(!headOf(c.page.body).includes(`<title>${TITLE}</title>`), "the browser's page has the title in <head>: metadata is no longer streamed, the HTML no longer differs");
    },
  },
  {
    n: 7,
    title: "Next takes the nonce from the content-security-policy header the proxy passes and puts it on its scripts",
    check(c) {
      const nonce = proxyNonceOf(c.page);
      holds(nonce !== '', 'the tiny proxy named no nonce');
      const scripts = [...c.page.body.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      const without = scripts.filter((element) => !element.includes(`nonce="${nonce}"`));
      holds(scripts.length > 0 && without.length === 0, `${without.length} of ${scripts.length} scripts lack the proxy's nonce: ${without.slice(0, 2).join(' ')}`);
      const preloads = [...c.page.body.matchAll(LINK_ELEMENT)].map((m) => m[0]).filter(isScriptPreload);
      holds(preloads.every((element) => element.includes(`nonce="${nonce}"`)), 'a script preload lacks the nonce');
    },
  },
  {
    n: 8,
    title: "Next writes its answer through the response's setHeader/writeHead/write/end/flushHeaders",
    check(c) {
      holds(c.writes !== null, 'the custom server recorded nothing');
      const patched = ['setHeader', 'writeHead', 'write', 'end', 'flushHeaders'];
      holds(c.writes.calls.includes('end'), `Next never called res.end (calls: ${c.writes.calls.join(', ')})`);
      holds(c.writes.bytes === c.writes.received, `${c.writes.received} bytes reached the client, ${c.writes.bytes} went through write/end: Next writes some other way`);
      holds(c.writes.calls.every((name) => patched.includes(name)), `calls: ${c.writes.calls.join(', ')}`);
    },
  },
  {
    n: 9,
    title: 'x-middleware-* are the only internal headers Next leaves on answers',
    check(c) {
      const answers = { page: c.page, rsc: c.rsc, rewritten: c.rewritten, api: c.api, missing: c.missing };
      const unknown = Object.entries(answers).flatMap(([name, answer]) =>
        Object.keys(answer.headers)
          .filter((header) => !isInternalHeader(header) && !KNOWN_HEADERS.has(header.toLowerCase()))
          .map((header) => `${header}: ${answer.headers[header]} (${name})`),
      );
      holds(unknown.length === 0, `headers not known to be safe: ${unknown.join('; ')} (internal? add to lib/next-adapter/response.ts; else to KNOWN_HEADERS)`);
    },
  },
  {
    n: 10,
    title: "A rewrite answers 200 whatever status the proxy asks for (hence lib/handoff.ts's STATUS_HEADER)",
    check(c) {
      holds(c.rewritten.body.includes('<h1>Tiny</h1>'), `the rewrite did not render the page (status ${c.rewritten.status})`);
      holds(c.rewritten.status === 200, `a rewrite asking for 503 now answers ${c.rewritten.status}: the status handoff may be simpler`);
    },
  },
  {
    n: 11,
    title: 'routes-manifest.json (staticRoutes, dynamicRoutes: page, regex) and server/app-paths-manifest.json (…/page, …/route)',
    check(c) {
      const routes = appRoutes(c.dist.routesManifest, c.dist.appPathsManifest);
      const route = (pattern: string) => routes.find((r) => r.pattern === pattern);
      holds(route('/')?.kind === 'page', `'/' is ${JSON.stringify(route('/'))} (appRoutes of lib/next-adapter/build.ts)`);
      holds(route('/posts/[slug]')?.kind === 'page' && new RegExp(route('/posts/[slug]')?.regex ?? '$^').test('/posts/hello'), `'/posts/[slug]' is ${JSON.stringify(route('/posts/[slug]'))}`);
      holds(route('/api/ping')?.kind === 'api', `'/api/ping' is ${JSON.stringify(route('/api/ping'))}`);
    },
  },
  {
    n: 12,
    title: "build-manifest.json's rootMainFiles/polyfillFiles and the client reference manifests name a page's startup scripts",
    check(c) {
      const startup = startupScriptsOf(c.dist.buildManifest, c.dist.clientManifests);
      holds(startup.length > 0, 'no startup scripts (startupScriptsOf of lib/next-adapter/build.ts)');
      for (const script of startup) holds(c.dist.files.includes(script), `a startup script is not in the build: ${script}`);
      const named = new Set(chunkSources(c.page.body).map((src) => chunkFile(src).slice('/_next/'.length)));
      const missing = [...named].filter((script) => !startup.includes(script));
      holds(missing.length === 0, `scripts the page starts with that the manifests do not name: ${missing.join(', ')}`);
    },
  },
  {
    n: 13,
    title: '.next/BUILD_ID names the build',
    check(c) {
      holds(parseBuildId(c.dist.buildId) !== null, `BUILD_ID is ${JSON.stringify(c.dist.buildId)} (readBuildId of lib/next-adapter/build.ts)`);
    },
  },
  {
    n: 14,
    title: ".next/required-server-files.json's config.deploymentId names the build's deployment id",
    check(c) {
      const id = parseDeploymentId(c.dist.requiredServerFiles);
      holds(id === c.deploymentId, `it names ${JSON.stringify(id)}, the build was made with ${c.deploymentId} (parseDeploymentId of lib/next-adapter/build.ts)`);
    },
  },
];

/** Runs one assumption's check: null when it holds, else the message, which names it. */
export function verdict(assumption: Assumption, capture: Capture): string | null {
  try {
    assumption.check(capture);
    return null;
  } catch (error) {
    const detail = error instanceof BrokenAssumption ? error.message : `the check failed: ${error instanceof Error ? error.stack : String(error)}`;
    return `Next assumption #${assumption.n} broken (${assumption.title}): ${detail}`;
  }
}
