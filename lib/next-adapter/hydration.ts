// How a browser test tells that a Next page has hydrated (README.md, assumption 4): e2e/fixtures.ts and
// e2e/helpers.ts. The values are passed into page.evaluate (its function runs in the page, not here).

/** The id of Turbopack's inline bootstrap script: its presence says the page is one of Next's. */
export const BOOTSTRAP_ID = '_R_';
/** The prefix of the key React puts on a DOM node it has hydrated. */
export const REACT_FIBER_PREFIX = '__reactFiber';
