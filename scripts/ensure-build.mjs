// `npm start` builds only when the build is missing or older than the sources.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const stamp = join(root, 'dist', 'index.html');
const newest = (path) => {
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((n) => newest(join(path, n))));
};
const inputs = ['src', 'public', 'index.html', 'panda.config.ts', 'vite.config.ts', 'package.json'].map((p) => join(root, p)).filter(existsSync);
if (!existsSync(stamp) || Math.max(...inputs.map(newest)) > statSync(stamp).mtimeMs) {
  console.log('Building the app…');
  execSync('npm run build', { stdio: 'inherit', cwd: root });
}
