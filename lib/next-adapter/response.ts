// Next's answers (README.md, assumption 9). Erasable TypeScript only (server.ts loads it).

/** Headers of Next's internals that must not reach a client (they name internal paths). */
export const INTERNAL_HEADER = /^x-middleware-/i;
/** Is a response header one of Next's internal ones? */
export const isInternalHeader = (name: string): boolean => INTERNAL_HEADER.test(name);
