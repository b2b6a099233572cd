import net from 'node:net';

/**
 * A loopback port free at this moment, for a stub whose address must be in the environment before
 * lib/env.ts is loaded (inside `vi.hoisted`). Test files never bind fixed ports: two runs (or two
 * worktrees) on one machine would collide.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}
