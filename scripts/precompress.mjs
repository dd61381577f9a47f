// After `vite build`: writes .br (quality 11) and .gz (level 9) beside every text asset, so the
// server sends the smallest encoding without compressing on each request.
//
// Each script's .br is the smallest of three encoder settings (block size, distance coding): any brotli
// decoder reads them all; they differ by 0-0.3 % a file (issue 23: the landing page's five start chunks,
// 89,962 bytes with the defaults, ~89,800 with the smallest of these).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const brotliVariants = [
  {},
  { [constants.BROTLI_PARAM_LGBLOCK]: 16, [constants.BROTLI_PARAM_NPOSTFIX]: 1 },
  { [constants.BROTLI_PARAM_NPOSTFIX]: 2 },
];

/** Quality 11; for scripts, the smallest of `brotliVariants`. */
function smallestBrotli(data, script) {
  let best;
  for (const variant of script ? brotliVariants : [{}]) {
    const out = brotliCompressSync(data, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length, ...variant },
    });
    if (!best || out.length < best.length) best = out;
  }
  return best;
}

const dist = new URL('../dist', import.meta.url).pathname;
const walk = (dir) =>
  readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? walk(join(dir, n)) : [join(dir, n)]));
for (const file of walk(dist)) {
  if (!/\.(js|css|html|svg|json|wav|vtt)$/.test(file)) continue;
  const data = readFileSync(file);
  if (data.length < 1024) continue;
  writeFileSync(`${file}.br`, smallestBrotli(data, file.endsWith('.js')));
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
}
