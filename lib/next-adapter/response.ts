// Next's answers (README.md, assumption 9). Erasable TypeScript only (server.ts loads it).

/** Headers of Next's internals that must not reach a client (they name internal paths). */
export const INTERNAL_HEADER = /^x-middleware-/i;
/** Is a response header one of Next's internal ones? */
export const isInternalHeader = (name: string): boolean => INTERNAL_HEADER.test(name);

/** Next's own cache state: tells anyone whether a page was rendered for them (issue 47, finding 6). */
const CACHE_STATE = /^x-nextjs-cache$/i;
/**
 * Headers Next's client router reads from its RSC answers (the rewritten path and query: its
 * route-params and flight-data helpers): kept on those, internal on every other answer (issue 47,
 * finding 6: `x-nextjs-rewritten-path` named the 404 page's internal path on an HTML answer).
 */
const ROUTER_ONLY = /^x-nextjs-rewritten-(?:path|query)$/i;

/** Must the header be removed from an answer (`router`: the request is one of Next's router's)? */
export const isHiddenHeader = (name: string, router: boolean): boolean => isInternalHeader(name) || CACHE_STATE.test(name) || (!router && ROUTER_ONLY.test(name));
