// Next's build folder (.next) as the site reads it (README.md, assumptions 11-13): the build's id, the
// route patterns of its manifests, and the scripts a page starts with. Each reader has a pure part that
// takes the files' text (the contract test feeds it real and broken output) and a part that reads
// the folder. Erasable TypeScript only: server.ts loads it through Node's type stripping.
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';

/** The build's id (assumption 13), in `<distDir>/BUILD_ID`. */
export const BUILD_ID_FILE = 'BUILD_ID';
/** The route patterns (assumption 11): `staticRoutes` and `dynamicRoutes`, each with `page` and `regex`. */
export const ROUTES_MANIFEST = 'routes-manifest.json';
/** The app's entries (assumption 11): keys `/…/page` and `/…/route`. */
export const APP_PATHS_MANIFEST = 'server/app-paths-manifest.json';
/** The scripts of every page (assumption 12): `rootMainFiles`, `polyfillFiles`. */
export const BUILD_MANIFEST = 'build-manifest.json';
/** The build's configuration as Next's server reads it (assumption 14): `config.deploymentId`. */
export const REQUIRED_SERVER_FILES = 'required-server-files.json';
/** The client reference manifests (assumption 12), scripts under `server/app` that set `globalThis.__RSC_MANIFEST[route]`. */
export const CLIENT_MANIFEST_SUFFIX = '_client-reference-manifest.js';

/** The build's id from the file's text, or null when there is none. */
export function parseBuildId(text: string | null): string | null {
  const id = text?.trim() ?? '';
  return id === '' ? null : id;
}

/** The build's id, or null when `distDir` holds no build (a development run). */
export function readBuildId(distDir: string): string | null {
  try {
    return parseBuildId(fs.readFileSync(path.join(distDir, BUILD_ID_FILE), 'utf8'));
  } catch {
    return null;
  }
}

/**
 * The deployment id the build was made with (assumption 14), from the parsed `required-server-files.json`,
 * or null for none. Its chunk names carry it (`?dpl=<id>`, assumption 3), and a server started with
 * another one names the same chunks otherwise in what it renders: the browser fetches them twice.
 */
export function parseDeploymentId(requiredServerFiles: unknown): string | null {
  const config = (requiredServerFiles as { config?: { deploymentId?: unknown } } | null)?.config;
  return typeof config?.deploymentId === 'string' && config.deploymentId !== '' ? config.deploymentId : null;
}

/** The build's deployment id, or null (none, or no build in `distDir`). */
export function readDeploymentId(distDir: string): string | null {
  try {
    return parseDeploymentId(JSON.parse(fs.readFileSync(path.join(distDir, REQUIRED_SERVER_FILES), 'utf8')));
  } catch {
    return null;
  }
}

/** A route of the build: its pattern (`/[locale]/blog/[slug]`), its regex source, a page or a route handler. */
export type AppRoute = { pattern: string; regex: string; kind: 'page' | 'api' };
type RoutesManifest = { staticRoutes?: { page: string; regex: string }[]; dynamicRoutes?: { page: string; regex: string }[] };

/** The routes of the manifests' contents (parsed JSON; null for a missing file). Next's own (`/_not-found`, `/_global-error`) are left out. */
export function appRoutes(routesManifest: unknown, appPathsManifest: unknown): AppRoute[] {
  const manifest = (routesManifest ?? {}) as RoutesManifest;
  const appPaths = Object.keys((appPathsManifest ?? {}) as Record<string, string>);
  const pages = new Set(appPaths.filter((key) => key.endsWith('/page')).map((key) => key.slice(0, -'/page'.length) || '/'));
  return [...(manifest.staticRoutes ?? []), ...(manifest.dynamicRoutes ?? [])]
    .filter((route) => !route.page.startsWith('/_'))
    .map((route) => ({ pattern: route.page, regex: route.regex, kind: pages.has(route.page) ? 'page' : 'api' }));
}

const readJson = (file: string): unknown => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};

/** The routes of the build in `distDir` (none without a build). */
export function readAppRoutes(distDir: string): AppRoute[] {
  return appRoutes(readJson(path.join(distDir, ROUTES_MANIFEST)), readJson(path.join(distDir, APP_PATHS_MANIFEST)));
}

/**
 * The startup scripts (paths relative to distDir, like `static/chunks/x.js`) from the build manifest's
 * contents and the sources of the client reference manifests: the root main files and each route's
 * entry scripts, without the polyfills.
 */
export function startupScriptsOf(buildManifest: unknown, clientManifests: string[]): string[] {
  const manifest = (buildManifest ?? {}) as { rootMainFiles?: string[]; polyfillFiles?: string[] };
  const scripts = new Set(manifest.rootMainFiles ?? []);
  for (const source of clientManifests) {
    // Each sets globalThis.__RSC_MANIFEST[route] = {..., entryJSFiles: {entry: [script, ...]}}: run in a
    // sandbox of its own, so nothing of it reaches this process's globals.
    const sandbox: { globalThis?: unknown; __RSC_MANIFEST?: Record<string, { entryJSFiles?: Record<string, string[]> }> } = {};
    sandbox.globalThis = sandbox;
    vm.runInNewContext(source, sandbox);
    for (const route of Object.values(sandbox.__RSC_MANIFEST ?? {})) for (const files of Object.values(route.entryJSFiles ?? {})) for (const script of files) scripts.add(script);
  }
  for (const polyfill of manifest.polyfillFiles ?? []) scripts.delete(polyfill);
  return [...scripts].filter((script) => script.endsWith('.js'));
}

/** The sources of the build's client reference manifests. */
export function readClientManifests(distDir: string): string[] {
  const appDir = path.join(distDir, 'server', 'app');
  const files = fs.existsSync(appDir) ? fs.readdirSync(appDir, { recursive: true }).filter((file) => String(file).endsWith(CLIENT_MANIFEST_SUFFIX)) : [];
  return files.map((file) => fs.readFileSync(path.join(appDir, String(file)), 'utf8'));
}

/** The startup scripts of the build in `distDir` (scripts/compile-hints.mjs marks them). */
export function startupScripts(distDir: string): string[] {
  return startupScriptsOf(JSON.parse(fs.readFileSync(path.join(distDir, BUILD_MANIFEST), 'utf8')), readClientManifests(distDir));
}
