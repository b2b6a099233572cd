// Writes a Brotli (quality 11) and a gzip (level 9) copy beside each of the build's text files in
// .next/static, once after `next build` (the `build` script). server.ts sends these copies
// (lib/http/compression.ts): the best compression, with no work per request.
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { builtTextFiles } from '../lib/http/compression.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const distDir = path.resolve(process.argv[2] ?? '.next');
const files = builtTextFiles(distDir);

let before = 0;
let after = 0;
await Promise.all(
  files.map(async (file) => {
    const data = fs.readFileSync(file);
    const [br, gz] = await Promise.all([
      brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
      gzip(data, { level: 9 }),
    ]);
    fs.writeFileSync(`${file}.br`, br);
    fs.writeFileSync(`${file}.gz`, gz);
    before += gz.length;
    after += br.length;
  }),
);
console.log(`precompressed ${files.length} files in ${path.relative(process.cwd(), path.join(distDir, 'static'))}: gzip ${(before / 1024).toFixed(1)} KiB, Brotli ${(after / 1024).toFixed(1)} KiB`);
