import { openFacts, type OpenFact } from './facts';

/**
 * The release gate: a site meant for the public (its address is not a local one, or RELEASE=true) must
 * not state placeholders or unconfirmed claims as facts, so it refuses to start while a required company
 * fact is open, and names each one. ALLOW_OPEN_FACTS=true is the operator's one explicit override. The
 * embedded default on localhost keeps serving with its markers, so a fresh checkout still runs.
 * `npm run check:facts -- --strict` applies the same rule (requiredOpenFacts) without a server.
 */

export type GateSettings = { siteUrl: string; release: boolean; allowOpenFacts: boolean };

const LOCAL_HOST = /^(?:localhost|.+\.localhost|127(?:\.\d{1,3}){3}|\[::1\]|0\.0\.0\.0)$/;

/** True when the site is configured for a public address or for release. */
export function isPublicSite({ siteUrl, release }: Pick<GateSettings, 'siteUrl' | 'release'>): boolean {
  return release || !LOCAL_HOST.test(new URL(siteUrl).hostname);
}

/** The open facts that block publication: required placeholders and values still to be confirmed. */
export function requiredOpenFacts(open: OpenFact[] = openFacts()): OpenFact[] {
  return open.filter((fact) => fact.required);
}

/** The lines that name each blocking fact, as `npm run check:facts` prints them. */
export function describeOpenFacts(open: OpenFact[]): string[] {
  return open.map((fact) => `  ${fact.path} (${fact.kind}: ${fact.value})`);
}

/**
 * Null when the server may start, or the message it stops with. `open` defaults to the facts file's
 * open items (a test passes a fixture's).
 */
export function releaseGate(settings: GateSettings, open: OpenFact[] = openFacts()): string | null {
  if (!isPublicSite(settings)) return null;
  const blocking = requiredOpenFacts(open);
  if (!blocking.length || settings.allowOpenFacts) return null;
  const why = settings.release ? 'RELEASE=true' : `the site's address is ${new URL(settings.siteUrl).origin}`;
  return [
    `[start] refusing to start: ${why}, and ${blocking.length} required company facts in content/facts.yaml are not filled in or not confirmed:`,
    ...describeOpenFacts(blocking),
    'Fill them in (npm run check:facts -- --strict lists them), or set ALLOW_OPEN_FACTS=true to publish with the markers.',
  ].join('\n');
}

/** At server start (instrumentation.ts): print the refusal and exit, or return to let the server start. */
export function enforceReleaseGate(settings: GateSettings): void {
  const refusal = releaseGate(settings);
  if (!refusal) return;
  console.error(refusal);
  process.exit(1);
}
