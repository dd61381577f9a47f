/**
 * Model-based testing helper (every machine uses it).
 *
 * Generates paths with @xstate/graph (shortest paths to every reachable state, plus hand-written event
 * sequences), replays each one on a real actor of the machine (side effects provided as fakes), asserts
 * on every reached state, and fails when a declared transition of the machine is taken on no path.
 */
import { getShortestPaths, type StatePath } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject, type InspectionEvent, type AnyMachineSnapshot, type AnyStateMachine, type EventFromLogic, type InputFrom, type SnapshotFrom } from 'xstate';
import { allNodes, allTransitions, keyOfDefinition, nodePath } from '../../scripts/lib/statechart';

type Ev<M extends AnyStateMachine> = EventFromLogic<M>;
export type EventSamples<M extends AnyStateMachine> = {
  [K in Ev<M>['type']]: Array<Extract<Ev<M>, { type: K }>> | ((snapshot: SnapshotFrom<M>) => Array<Extract<Ev<M>, { type: K }>>);
};

export interface ModelOptions<M extends AnyStateMachine> {
  machine: M;
  input?: InputFrom<M>;
  /** Several start inputs (hydrated from storage), when the initial state depends on them. */
  inputs?: Array<InputFrom<M>>;
  /** Sample events per event type. Typed so that a new event type does not compile until it has one. */
  events: EventSamples<M>;
  /**
   * Events the machine receives from its invoked actors (`xstate.done.actor.<id>` with an `output`,
   * `xstate.error.actor.<id>` with an `error`): traversal never finishes an invoked actor by itself,
   * so the fakes never settle and these are supplied as test data.
   */
  actorEvents?: AnyEventObject[];
  /** One assertion per leaf state, keyed by its dotted path ('system.dark'). Every leaf must have one. */
  states: Record<string, (snapshot: SnapshotFrom<M>) => void>;
  /** Extra sequences for what shortest paths never take (self-transitions, guarded repeats). */
  sequences?: Array<Array<Ev<M>>>;
  /** Bound for the graph walk (context is part of the state key). */
  limit?: number;
  /** Override how snapshots are told apart (default: value + context). */
  serializeState?: (snapshot: SnapshotFrom<M>) => string;
  /** Transitions that are deliberately unreachable in a test (e.g. real timers); each needs a reason. */
  uncovered?: Record<string, string>;
  /** Called before each replay, to reset the fakes' records. */
  reset?: () => void;
}

function describeEvent(event: { type: string }): string {
  const detail = Object.entries(event)
    .filter(([k]) => k !== 'type')
    .map(([k, v]) => `${k}=${typeof v === 'object' ? JSON.stringify(v)?.slice(0, 40) : String(v)}`)
    .join(',');
  return detail ? `${event.type}(${detail})` : event.type;
}

/** The actor id of an `xstate.done.actor.<id>` or `xstate.error.actor.<id>` event, else null. */
function actorIdOf(type: string): string | null {
  return /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(type)?.[1] ?? null;
}

/** Ids of the actors running in a snapshot: those its active states invoke, and spawned children. */
function runningActorIds(snapshot: AnyMachineSnapshot): Set<string> {
  const invoked = snapshot._nodes.flatMap((node) => node.invoke.map((invoke) => invoke.id));
  return new Set([...invoked, ...Object.keys(snapshot.children)]);
}

function leafPaths(snapshot: AnyMachineSnapshot): string[] {
  return snapshot._nodes.filter((n) => n.type === 'atomic' || n.type === 'final').map((n) => nodePath(n));
}

export function describeModel<M extends AnyStateMachine>(name: string, options: ModelOptions<M>) {
  const { machine } = options;
  const inputs = options.inputs ?? [options.input as InputFrom<M>];
  // An actor's done/error event is only offered while that actor runs. Sent anywhere else, XState puts the
  // snapshot in status 'error', and since a state's key ignores status, that broken snapshot would stand in
  // for a healthy state of the same value and context, and no event could be extended from it.
  const eventList = (snapshot: SnapshotFrom<M>): Array<Ev<M>> => {
    const running = runningActorIds(snapshot as AnyMachineSnapshot);
    return [
      ...Object.values(options.events).flatMap((sample) =>
        typeof sample === 'function' ? (sample as (s: SnapshotFrom<M>) => Array<Ev<M>>)(snapshot) : (sample as Array<Ev<M>>),
      ),
      ...((options.actorEvents ?? []) as Array<Ev<M>>),
    ].filter((event) => {
      const id = actorIdOf(event.type);
      return id === null || running.has(id);
    });
  };
  const traversalFor = (input: InputFrom<M>) => ({
    events: eventList as never,
    input: input as never,
    limit: options.limit ?? 500,
    ...(options.serializeState ? { serializeState: options.serializeState as never } : {}),
  });
  // Shortest path to every reachable state, then each of those extended by every event that state
  // accepts: together they take every reachable transition at least once.
  const walks: Array<{ name: string; input: InputFrom<M>; events: Array<Ev<M>> }> = [];
  const seen = new Set<string>();
  inputs.forEach((input, inputIndex) => {
    const add = (events: Array<Ev<M>>) => {
      const id = JSON.stringify([inputIndex, events]);
      if (seen.has(id)) return;
      seen.add(id);
      const prefix = inputs.length > 1 ? `[input ${JSON.stringify(input)}] ` : '';
      walks.push({ name: prefix + (events.length ? events.map(describeEvent).join(' → ') : '(initial state)'), input, events });
    };
    const shortest = getShortestPaths(machine, traversalFor(input)) as never as Array<StatePath<SnapshotFrom<M>, Ev<M>>>;
    for (const path of shortest) {
      const prefix = path.steps.map((s) => s.event).filter((e) => e.type !== 'xstate.init');
      add(prefix);
      const snapshot = path.state;
      if ((snapshot as AnyMachineSnapshot).status !== 'active') continue;
      for (const event of eventList(snapshot)) {
        if ((snapshot as AnyMachineSnapshot).can(event)) add([...prefix, event]);
      }
    }
    for (const sequence of options.sequences ?? []) add(sequence);
  });
  const taken = new Set<string>();
  const leaves = allNodes(machine).filter((n) => n.type === 'atomic' || n.type === 'final').map((n) => nodePath(n));

  describe(`${name} (model-based)`, () => {
    it('has an assertion for every leaf state and no assertion for a state that does not exist', () => {
      expect(leaves.filter((leaf) => !(leaf in options.states)), 'leaf states without an assertion').toEqual([]);
      expect(Object.keys(options.states).filter((key) => !leaves.includes(key)), 'assertions naming no real state').toEqual([]);
    });

    for (const walk of walks) {
      it(`walks ${walk.name}`, () => {
        options.reset?.();
        const actor = createActor(machine, {
          input: walk.input,
          inspect: (inspection: InspectionEvent) => {
            if (inspection.type === '@xstate.microstep') {
              for (const t of inspection._transitions) {
                const key = keyOfDefinition(machine, t);
                if (key) taken.add(key);
              }
            }
          },
        } as never);
        actor.start();
        const check = () => {
          const snapshot = actor.getSnapshot() as SnapshotFrom<M>;
          expect((snapshot as AnyMachineSnapshot).status, `an error stopped the machine: ${String((snapshot as AnyMachineSnapshot).error)}`).not.toBe('error');
          for (const leaf of leafPaths(snapshot as AnyMachineSnapshot)) options.states[leaf]?.(snapshot);
        };
        check();
        for (const event of walk.events) {
          actor.send(event as never);
          check();
        }
        actor.stop();
      });
    }

    it('takes every declared transition on some path', () => {
      const missing = allTransitions(machine)
        .filter((t) => !taken.has(t.key) && !(options.uncovered && t.key in options.uncovered))
        .map((t) => `${t.key}${t.guard ? ` [${t.guard}]` : ''}`);
      expect(missing, 'transitions on no generated path').toEqual([]);
    });
  });
}
