import { vi } from 'vitest';
import { storeContract } from './support/store-contract';

await vi.hoisted(async () => (await import('./support/temp-env')).tempEnv());

storeContract();
