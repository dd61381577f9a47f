/**
 * `npm run bench`: runs every scripts/bench/<area>.ts that exports a `run*Bench` function against
 * the current build and prints each figure with its budget. Exits non-zero when a budget is missed.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { printFigures, root, type Figure } from './support';

const dir = join(root, 'scripts/bench');
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && !['index.ts', 'support.ts'].includes(f))
  .sort();
let failed = 0;
const only = process.argv.slice(2);
for (const file of files) {
  const area = file.replace(/\.ts$/, '');
  if (only.length && !only.includes(area)) continue;
  const mod = (await import(pathToFileURL(join(dir, file)).href)) as Record<string, unknown>;
  const run = Object.entries(mod).find(
    ([name, value]) => /^run.*Bench$/.test(name) && typeof value === 'function',
  )?.[1] as (() => Promise<Figure[]>) | undefined;
  if (!run) continue;
  try {
    const figures = await run();
    printFigures(area, figures);
    failed += figures.filter((f) => !f.pass).length;
  } catch (error) {
    console.log(`\n${area}\n  FAIL  bench crashed: ${(error as Error).message}`);
    failed++;
  }
}
console.log(`\n${failed === 0 ? 'All budgets met.' : `${failed} budget(s) missed.`}`);
process.exit(failed === 0 ? 0 : 1);
