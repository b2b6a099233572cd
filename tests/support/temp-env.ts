import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A fresh DATA_DIR and the given variables, for one test file. Call it from `vi.hoisted`, so it runs
 * before lib/env.ts reads the environment.
 */
export function tempEnv(vars: Record<string, string> = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'billme-test-'));
  Object.assign(process.env, { DATA_DIR: dir, ...vars });
  return dir;
}
