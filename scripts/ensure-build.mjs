// `npm start` builds only when the build is missing or older than the sources.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
// The build writes index.html first and the prerendered pages last: both must be there and newer than the inputs.
const stamps = [join(root, 'dist', 'index.html'), join(root, 'dist', 'pages', 'NotFoundPage.html')];
const newest = (path) => {
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((n) => newest(join(path, n))));
};
const inputs = [
  'src',
  'public',
  'index.html',
  'panda.config.ts',
  'vite.config.ts',
  'package.json',
  'scripts/prerender.ts',
  'scripts/lib',
  'scripts/build-assets.ts',
  'scripts/precompress.mjs',
]
  .map((p) => join(root, p))
  .filter(existsSync);
const built = stamps.every(existsSync) ? Math.min(...stamps.map((p) => statSync(p).mtimeMs)) : 0;
if (Math.max(...inputs.map(newest)) > built) {
  console.log('Building the app…');
  execSync('npm run build', { stdio: 'inherit', cwd: root });
}
