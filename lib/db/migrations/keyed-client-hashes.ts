import type { Migration } from './types';

/**
 * Client and recipient hashes keyed (issue 47, finding 10; lib/clients/identity.ts): the hashes stored
 * before were plain SHA-256 of an address, which anyone can reverse by trying every IPv4 address. They
 * cannot be re-hashed (the address is not kept), so they are cleared: the submissions' client column
 * and the rate limits' counted requests (the windows start again, at most a day's worth).
 */
const clear = `UPDATE submissions SET client = NULL WHERE client IS NOT NULL;
    DELETE FROM rate_limit_hits;`;

export const keyedClientHashes: Migration = {
  id: '0013-keyed-client-hashes',
  sqlite: [clear],
  postgres: [clear],
};
