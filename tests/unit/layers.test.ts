import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The lint rule that keeps the layers (docs/architecture.md): it fails on a planted import or `.provide(`. */
const eslint = new ESLint({ cwd: process.cwd() });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('layer rule', () => {
  it('fails when a view imports src/storage, statically or on demand', async () => {
    const found = await problems(
      'src/views/events/Plant.tsx',
      `import { eventsStore } from '../../storage/keys';
import type { CateringEvent } from '../../storage';
export const plant = [eventsStore, import('../../storage/health')] as unknown as CateringEvent;
`,
    );
    expect(found).toHaveLength(3);
    expect(found.every((p) => p.includes('Views do not import src/storage'))).toBe(true);
  });

  it('fails when a machine or domain module imports a view or the app layer', async () => {
    const found = await problems(
      'src/machines/events/plant.machine.ts',
      `import { notify } from '../../views/shell/toaster';
import { useEventsActor } from '../../app/events/useEventsActor';
export const plant = [notify, useEventsActor];
`,
    );
    expect(found).toHaveLength(2);
    expect(found[0]).toMatch(/^no-restricted-imports: .*Machines and domain code import no views/);
    // A re-export is an import too.
    expect(await problems('src/domain/plant.ts', `export { notify } from '../views/shell/toaster';\n`)).toHaveLength(1);
  });

  it('fails when a file outside src/app calls .provide(, and passes the same code in src/app', async () => {
    const code = `import { soundMachine } from '../../machines/sound.machine';
export const machine = soundMachine.provide({ actions: { playClick: () => {} } });
`;
    expect(await problems('src/views/shell/Plant.tsx', code)).toEqual([
      expect.stringMatching(/^no-restricted-syntax: Only the app layer provides effects/),
    ]);
    expect(await problems('src/domain/plant.ts', code.replace('../../machines', '../machines'))).toHaveLength(1);
    expect(await problems('src/app/shell/plant.ts', code)).toEqual([]);
  });

  it('lets views import machines and the app layer', async () => {
    const found = await problems(
      'src/views/events/Plant.tsx',
      `import type { CateringEvent } from '../../machines/events/events.machine';
import { useEventsActor } from '../../app/events/useEventsActor';
export const plant = [useEventsActor] as unknown as CateringEvent;
`,
    );
    expect(found).toEqual([]);
  });
});
