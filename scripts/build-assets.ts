/**
 * Build steps around `vite build` (see server/assets.ts):
 *   `retire`: before the build empties dist/, keep the current build's assets for open tabs
 *             (RETAINED_ASSETS_DIR, default .data/old-assets; ASSET_RETENTION_DAYS, default 7);
 *   `stamp`:  after it, write dist/version.json and the build id in index.html.
 */
import { join } from 'node:path';
import { DEFAULT_RETENTION_DAYS, retireAssets, stampBuild } from '../server/assets.ts';

const root = new URL('..', import.meta.url).pathname;
const distDir = process.env.DIST_DIR ?? join(root, 'dist');
const step = process.argv[2];

if (step === 'retire') {
  const retainedDir = process.env.RETAINED_ASSETS_DIR ?? join(root, '.data', 'old-assets');
  const days = Number(process.env.ASSET_RETENTION_DAYS ?? DEFAULT_RETENTION_DAYS);
  const retired = retireAssets(distDir, retainedDir, { maxAgeMs: days * 24 * 60 * 60 * 1000 });
  if (retired) console.log(`Kept the assets of build ${retired} for ${days} days in ${retainedDir}`);
} else if (step === 'stamp') {
  console.log(`Build id ${stampBuild(distDir)}`);
} else {
  console.error('usage: tsx scripts/build-assets.ts retire|stamp');
  process.exit(1);
}
