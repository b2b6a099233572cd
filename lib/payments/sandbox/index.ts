/** The sandbox provider's door for what runs it outside the site (scripts/payment-sandbox.ts): no environment, no database of the site. */
export { createSandbox, type Sandbox, type SandboxOptions } from './core';
export type { T } from './page';
export { fileStore, type SandboxStore, type Session } from './store';
