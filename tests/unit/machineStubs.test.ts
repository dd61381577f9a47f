/**
 * Every machine's default side effects are stubs that fail loudly, saying what to provide (the real
 * ones come from the app's hooks, fakes from the tests): an unprovided effect must never pass silently.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorLogic, type AnyStateMachine } from 'xstate';

const modules = import.meta.glob('../../src/machines/**/*.machine.ts', { eager: true }) as Record<
  string,
  Record<string, unknown>
>;
const machines = Object.values(modules)
  .flatMap((exports) => Object.values(exports))
  .filter(
    (value): value is AnyStateMachine =>
      !!value && typeof value === 'object' && 'root' in value && 'implementations' in value,
  );

/** assign(), raise() and the like are XState's own; only the machine's named effects are stubs. */
const isBuiltIn = (action: unknown) =>
  typeof action === 'function' && String((action as unknown as { type?: unknown }).type ?? '').startsWith('xstate.');

describe('machine stubs', () => {
  it('finds the machines', () => {
    expect(machines.length).toBeGreaterThanOrEqual(15);
  });

  for (const machine of machines) {
    const actions = Object.entries(machine.implementations.actions).filter(
      ([, action]) => typeof action === 'function' && !isBuiltIn(action),
    );
    // Child machines (an invoked form) are real logic, not stubs.
    const actors = Object.entries(machine.implementations.actors as Record<string, AnyActorLogic>).filter(
      ([, logic]) => !('root' in logic),
    );
    if (!actions.length && !actors.length) continue;
    it(`${machine.id}: each unprovided action and actor throws "provide <name>"`, async () => {
      for (const [name, action] of actions) {
        expect(
          () =>
            (action as (...args: unknown[]) => void)(
              { context: {}, event: { type: 'test' }, self: {}, system: {} },
              {},
            ),
          name,
        ).toThrow(`provide ${name}`);
      }
      for (const [name, logic] of actors) {
        const error = await new Promise<unknown>((resolve) => {
          const actor = createActor(logic, { input: {} });
          actor.subscribe({ error: resolve, complete: () => resolve(null) });
          actor.start();
        });
        expect(String((error as Error | null)?.message), name).toContain(`provide ${name}`);
      }
    });
  }
});
