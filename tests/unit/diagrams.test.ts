import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diagramsDir, renderDiagrams } from '../../scripts/lib/diagrams';

describe('docs/statecharts', () => {
  it('matches what `npm run diagrams` generates from the machines (run it and commit)', async () => {
    const expected = await renderDiagrams();
    for (const [name, text] of expected) {
      const file = join(diagramsDir, name);
      expect(existsSync(file), `${name} is missing`).toBe(true);
      expect(readFileSync(file, 'utf8'), `${name} is stale`).toBe(text);
    }
    const stray = readdirSync(diagramsDir).filter((n) => n.endsWith('.md') && !expected.has(n));
    expect(stray, 'diagrams for machines that no longer exist').toEqual([]);
  });
});
