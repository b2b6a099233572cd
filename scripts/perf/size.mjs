// Prints each route's first-load client JS in gzip bytes (Next 16's build no longer prints it).
// Reads .next/diagnostics/route-bundle-stats.json written by `next build`; pass --chunks for detail.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const stats = JSON.parse(readFileSync('.next/diagnostics/route-bundle-stats.json', 'utf8'));
const gzipped = new Map();
const gzip = (file) => {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(file), { level: 9 }).length);
  return gzipped.get(file);
};
const kb = (n) => `${(n / 1024).toFixed(1)} KiB`.padStart(10);

console.log('First-load client JS per route (gzip -9):');
for (const { route, firstLoadChunkPaths } of stats.sort((a, b) => a.route.localeCompare(b.route))) {
  const total = firstLoadChunkPaths.reduce((sum, f) => sum + gzip(f), 0);
  console.log(`${kb(total)}  ${String(total).padStart(7)} B  ${route}`);
}
if (process.argv.includes('--chunks')) {
  console.log('\nChunks:');
  [...gzipped].sort((a, b) => b[1] - a[1]).forEach(([f, n]) => console.log(`${kb(n)}  ${f}`));
}
