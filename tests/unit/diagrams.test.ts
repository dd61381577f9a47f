import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { diagramsDir, loadDiagrams, renderDiagrams, sourceHash } from '../../scripts/lib/diagrams';
import { anyStateId, toMermaid } from '../../scripts/lib/mermaid';

const diagrams = await loadDiagrams();

describe('docs/statecharts', () => {
  it('matches what `npm run diagrams` generates from the machines (run it and commit)', async () => {
    const expected = await renderDiagrams(diagrams);
    for (const [name, text] of expected) {
      const file = join(diagramsDir, name);
      expect(existsSync(file), `${name} is missing`).toBe(true);
      expect(readFileSync(file, 'utf8'), `${name} is stale`).toBe(text);
    }
    const stray = readdirSync(diagramsDir).filter((n) => /\.(md|json)$/.test(n) && !expected.has(n));
    expect(stray, 'diagrams for machines that no longer exist').toEqual([]);
  });

  it('has a rendered picture of every machine, made from its current Mermaid text, with every state marked', () => {
    for (const d of diagrams) {
      const file = join(diagramsDir, `${d.name}.svg`);
      expect(existsSync(file), `${d.name}.svg is missing: run npm run diagrams`).toBe(true);
      const svg = readFileSync(file, 'utf8');
      expect(/data-source-sha256="([0-9a-f]+)"/.exec(svg)?.[1], `${d.name}.svg is stale: run npm run diagrams`).toBe(
        sourceHash(d.mermaid),
      );
      expect(svg).toContain(`data-machine="${d.id}"`);
      const marked = new Set([...svg.matchAll(/data-state="([^"]+)"/g)].map((m) => m[1]));
      expect(
        d.states.map((s) => s.path).filter((p) => !marked.has(p)),
        `${d.name}.svg: states without data-state`,
      ).toEqual([]);
    }
    const stray = readdirSync(diagramsDir).filter(
      (n) => n.endsWith('.svg') && !diagrams.some((d) => `${d.name}.svg` === n),
    );
    expect(stray).toEqual([]);
  });
});

describe('toMermaid', () => {
  const machine = createMachine({
    id: 'demo',
    initial: 'idle',
    invoke: { id: 'watcher', src: 'watch' },
    on: { 'storage.change': { actions: 'setItems' }, reset: { target: '.idle' } },
    states: {
      idle: {
        entry: 'clear',
        exit: ['stamp'],
        on: { go: { target: 'busy', guard: { type: 'isSection', params: { section: 'events' } } } },
      },
      busy: {
        initial: 'a',
        on: { poke: { actions: 'note' }, 'a.only': { target: '.b' } },
        states: {
          a: { on: { poke: { actions: 'own' } }, after: { 1000: 'b' } },
          b: { always: { target: '#demo.done', actions: { type: 'log', params: { level: 'info' } } } },
        },
      },
      split: {
        type: 'parallel',
        states: { left: { initial: 'l', states: { l: {} } }, right: { initial: 'r', states: { r: {} } } },
      },
      done: { type: 'final' },
    },
  });
  const text = toMermaid(machine);

  it('draws machine-level transitions from the "any state" node, with the machine\'s invoked actors', () => {
    expect(text).toContain(`state "any state of demo" as ${anyStateId}`);
    expect(text).toContain(`${anyStateId} : invokes watcher`);
    expect(text).toContain(`${anyStateId} --> ${anyStateId} : storage.change / setItems (internal)`);
    expect(text).toContain(`${anyStateId} --> idle : reset`);
  });
  it('shows entry and exit actions, guard parameters, delays and action parameters', () => {
    expect(text).toContain('idle : entry / clear');
    expect(text).toContain('idle : exit / stamp');
    expect(text).toContain('idle --> busy : go [isSection(events)]');
    expect(text).toContain('busy__a --> busy__b : a.only<br/>after 1000ms');
    // XState schedules the delay with entry/exit actions of its own: the edge says it, the state does not.
    expect(text).not.toMatch(/busy__a : (entry|exit)/);
    expect(text).toContain('busy__b --> done : always / log(info)');
  });
  it("draws a compound state's transition into itself from each child that takes it, not from a child that handles the event itself", () => {
    expect(text).toMatch(/busy__a --> busy__b : a\.only/);
    expect(text).toMatch(/busy__b --> busy__b : .*a\.only/);
    expect(text).toContain('busy__a --> busy__a : poke / own (internal)');
    expect(text).not.toContain('busy__a --> busy__a : poke / note');
    expect(text).toMatch(/busy__b --> busy__b : .*poke \/ note \(internal\)/);
  });
  it("draws parallel regions with Mermaid's region separator", () => {
    expect(text).toMatch(
      /state "split \(parallel\)" as split \{\n\s+state "left" as split__left \{[\s\S]*?\}\n\s+--\n\s+state "right" as split__right/,
    );
  });
  it('groups several transitions between the same two states on one edge, one line each', () => {
    expect(text).toContain('busy__b --> busy__b : poke / note (internal)<br/>a.only');
  });
});
