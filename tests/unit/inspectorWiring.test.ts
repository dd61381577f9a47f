import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every root actor the views and the app layer create is inspected, or the statechart explorer silently misses it. */
const root = join(process.cwd(), 'src');
const scanned = ['views', 'app'].map((dir) => join(root, dir));
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
  });

/** The text of each call `name(...)` (balanced parentheses), excluding `X.useActorRef()` context hooks. */
function calls(source: string, name: string): string[] {
  const out: string[] = [];
  const pattern = new RegExp(`(?<![.\\w])${name}(<[^>]*>)?\\(`, 'g');
  for (const match of source.matchAll(pattern)) {
    let depth = 0;
    let i = match.index + match[0].length - 1;
    const start = i;
    for (; i < source.length; i++) {
      if (source[i] === '(') depth++;
      if (source[i] === ')' && --depth === 0) break;
    }
    out.push(source.slice(start, i + 1));
  }
  return out;
}

describe('inspector wiring', () => {
  const sites = scanned.flatMap(files).flatMap((file) => {
    const source = readFileSync(file, 'utf8').replace(/import[^;]+;/g, '');
    return ['useActorRef', 'useMachine', 'createActor', 'createActorContext'].flatMap((name) =>
      calls(source, name).map((call) => ({ where: `${file.slice(root.length + 1)}: ${name}`, call })),
    );
  });

  it('finds the creation sites', () => {
    expect(sites.length).toBeGreaterThanOrEqual(15);
  });

  it.each(sites.map((s) => [s.where, s.call] as const))('%s passes the shared inspector', (_where, call) => {
    expect(call).toMatch(/\binspect\b/);
  });
});
