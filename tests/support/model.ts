/**
 * Model-based testing helper (every machine uses it).
 *
 * Generates paths with @xstate/graph (shortest paths to every reachable state, each extended by every
 * event that state accepts, plus hand-written sequences), replays each on a real actor of the machine
 * with its side effects provided as fakes, and checks what every transition did:
 *
 *   - `transitions`: one expectation per declared transition, keyed like the coverage keys
 *     (`<source path>|<event>|<index>`, see scripts/lib/statechart.ts, e.g. `muted|sound.toggle|0`,
 *     `resolving||1` for the second `always` branch, `(machine)|mode.set|0` for a machine-level one).
 *     After each microstep that takes the transition, the helper checks
 *       target   the leaf paths under the transition's domain afterwards (omit for a targetless one:
 *                then nothing may move);
 *       context  `(before, event, after) => expected after-context` (compared with toEqual), or an
 *                assertion returning nothing; omitted means the context must not change;
 *       effects  the calls the fakes recorded (`world.record(name, ...args)`), in order; omitted: none;
 *       started  the actors invoked or spawned, `{ id, input }` (input read from the inspection API);
 *                omitted: none;
 *       check    anything else, given the whole step.
 *     A transition that has no expectation fails the coverage test, like one taken on no path.
 *   - `store(input)` seeds an in-memory store (`world.store`) that the fakes write, and
 *     `persisted(context)` says what the store must hold: after every step the helper asserts,
 *     unconditionally, `world.store` toEqual `persisted(context)` (both through `read`, if given). A
 *     dropped persist or a persist of the wrong value fails there; a persist that should not happen fails as an unexpected effect.
 *     `external(event, store)` applies what an event reports from elsewhere (another tab saved) first.
 *   - `states`: one assertion per leaf state (invariants), as before; `initial`: what starting does
 *     (effects and actors of the whole initial macrostep: XState runs them at start(), after its
 *     microsteps, so they are checked together); an event that takes no transition must record nothing.
 *
 * Worked examples: tests/model/sound.model.test.ts (smallest) and colorMode.model.test.ts (machine-level
 * transitions, `always`, an invoked actor).
 */
import { getShortestPaths, type StatePath } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import {
  createActor,
  type AnyActorRef,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type ContextFrom,
  type EventFromLogic,
  type InputFrom,
  type InspectionEvent,
  type SnapshotFrom,
  transition,
} from 'xstate';
import { allNodes, allTransitions, keyOfDefinition, nodePath } from '../../scripts/lib/statechart';

type Ev<M extends AnyStateMachine> = EventFromLogic<M>;

/** With MODEL_WALKS=distinct, machines with more walks than this replay one walk per distinct shape. */
const DISTINCT_ABOVE = 1000;
export type EventSamples<M extends AnyStateMachine> = {
  [K in Ev<M>['type']]:
    Array<Extract<Ev<M>, { type: K }>> | ((snapshot: SnapshotFrom<M>) => Array<Extract<Ev<M>, { type: K }>>);
};

/** One side effect a fake recorded: its name, then whatever it was called with. */
export type Effect = [string, ...unknown[]];
/** An actor the machine invoked or spawned, with the input it was given. */
export interface Started {
  id: string;
  input: unknown;
}

/** What the fakes share with the helper: the store they write and the effects they record. */
export interface World<S> {
  store: S;
  effects: Effect[];
  record: (name: string, ...args: unknown[]) => void;
}

/**
 * Starts `machine` (with `input`, if any), sends `events` and returns the message of the error that
 * stopped it, '' if none: for the checks that an unprovided effect fails loudly, naming what to provide.
 */
export function failureAfter<M extends AnyStateMachine>(
  machine: M,
  input: InputFrom<M> | undefined,
  events: Array<EventFromLogic<M>> = [],
): string {
  const actor = createActor(machine, (input === undefined ? {} : { input }) as never);
  let error: unknown = null;
  actor.subscribe({ error: (e) => (error = e) });
  actor.start();
  for (const event of events) actor.send(event as never);
  actor.stop();
  return error instanceof Error ? error.message : '';
}

export function createWorld<S = Record<string, never>>(): World<S> {
  const world: World<S> = {
    store: {} as S,
    effects: [],
    record: (name, ...args) => void world.effects.push([name, ...args]),
  };
  return world;
}

/** What one microstep did, as handed to expectations. */
export interface Step<M extends AnyStateMachine, S = unknown> {
  /** The event sent (for `always` transitions: the event whose macrostep they ran in). */
  event: Ev<M>;
  before: ContextFrom<M>;
  after: ContextFrom<M>;
  /** Active leaf paths before and after. */
  from: string[];
  to: string[];
  effects: Effect[];
  started: Started[];
  store: S;
  snapshot: SnapshotFrom<M>;
}

export interface Expectation<M extends AnyStateMachine, S = unknown> {
  target?: string | string[];
  context?: (before: ContextFrom<M>, event: Ev<M>, after: ContextFrom<M>) => ContextFrom<M> | void;
  effects?: Effect[] | ((step: Step<M, S>) => Effect[]);
  started?: Started[] | ((step: Step<M, S>) => Started[]);
  check?: (step: Step<M, S>) => void;
}

export interface ModelOptions<M extends AnyStateMachine, S = unknown> {
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
  /** What must hold after each transition, keyed by coverage key. Every transition must have one. */
  transitions: Record<string, Expectation<M, S>>;
  /** What starting the actor does: the effects and actors of its whole initial macrostep (entry and `always`). */
  initial?: {
    effects?: Effect[] | ((input: InputFrom<M>) => Effect[]);
    started?: Started[] | ((input: InputFrom<M>) => Started[]);
  };
  /** The fakes' shared world; required with `store`. */
  world?: World<S>;
  /** The store seeded from the input (what storage held when the machine was hydrated). */
  store?: (input: InputFrom<M>) => S;
  /** What the store must hold for a given context (and state, when the state is what is saved): checked after every step. */
  persisted?: (context: ContextFrom<M>, snapshot: SnapshotFrom<M>) => S;
  /**
   * How the app reads the store back, when reads are tolerant (e.g. flags of deleted items are ignored):
   * applied to both the store and persisted(context) before they are compared. Default: as stored.
   */
  read?: (store: S) => unknown;
  /** Applies to the store what an event says happened elsewhere (another tab saved), before it is sent. */
  external?: (event: Ev<M>, store: S) => void;
  /** How contexts are compared (drop actor refs, functions): default the context itself. */
  view?: (context: ContextFrom<M>) => unknown;
  /** Extra sequences for what shortest paths never take (self-transitions, guarded repeats); a function gives them per start input. */
  sequences?: Array<Array<Ev<M>>> | ((input: InputFrom<M>) => Array<Array<Ev<M>>>);
  /** Bound for the graph walk (context is part of the state key). */
  limit?: number;
  /** Override how snapshots are told apart (default: value + context). */
  serializeState?: (snapshot: SnapshotFrom<M>) => string;
  /** Transitions that are deliberately unreachable in a test (e.g. real timers); each needs a reason. */
  uncovered?: Record<string, string>;
  /** Called before each replay, to reset the fakes' own records (the world is reset by the helper). */
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

/**
 * The state a transition exits and re-enters below (XState's transition domain, as in its
 * getTransitionDomain): leaves outside it must not move. Null for a targetless transition.
 */
function domainOf(definition: AnyTransitionDefinition): string[] | null {
  const targets = (definition.target ?? []) as AnyStateNode[];
  if (!targets.length) return null;
  const source = definition.source as AnyStateNode;
  const contains = (outer: AnyStateNode, inner: AnyStateNode) =>
    inner.path.length > outer.path.length && outer.path.every((key: string, i: number) => inner.path[i] === key);
  if (!definition.reenter && targets.every((t) => t === source || contains(source, t))) return [...source.path];
  const [head, ...tail] = [...targets, source];
  for (let ancestor = head!.parent; ancestor; ancestor = ancestor.parent) {
    if (tail.every((node) => contains(ancestor!, node))) return [...ancestor.path];
  }
  return [];
}

const under = (leaf: string, domain: string[]) =>
  !domain.length || leaf === domain.join('.') || leaf.startsWith(`${domain.join('.')}.`);
const sortJson = <T>(list: T[]) => [...list].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

export function describeModel<M extends AnyStateMachine, S = unknown>(name: string, options: ModelOptions<M, S>) {
  const { machine } = options;
  const inputs = options.inputs ?? [options.input as InputFrom<M>];
  const world = options.world;
  const view = options.view ?? ((context: ContextFrom<M>) => context);
  // An actor's done/error event is only offered while that actor runs. Sent anywhere else, XState puts the
  // snapshot in status 'error', and since a state's key ignores status, that broken snapshot would stand in
  // for a healthy state of the same value and context, and no event could be extended from it.
  const eventList = (snapshot: SnapshotFrom<M>): Array<Ev<M>> => {
    const running = runningActorIds(snapshot as AnyMachineSnapshot);
    return [
      ...Object.values(options.events).flatMap((sample) =>
        typeof sample === 'function'
          ? (sample as (s: SnapshotFrom<M>) => Array<Ev<M>>)(snapshot)
          : (sample as Array<Ev<M>>),
      ),
      ...((options.actorEvents ?? []) as Array<Ev<M>>),
    ].filter((event) => {
      const id = actorIdOf(event.type);
      return id === null || running.has(id);
    });
  };
  const seedWorld = (input: InputFrom<M>) => {
    if (!world) return;
    world.effects.length = 0;
    world.store = (options.store ? structuredClone(options.store(input)) : {}) as S;
  };
  const traversalFor = (input: InputFrom<M>) => ({
    events: eventList as never,
    input: input as never,
    limit: options.limit ?? 500,
    ...(options.serializeState ? { serializeState: options.serializeState as never } : {}),
  });
  // Shortest path to every reachable state, then each of those extended by every event that state
  // accepts: together they take every reachable transition at least once.
  let walks: Array<{ name: string; input: InputFrom<M>; events: Array<Ev<M>>; shape?: string }> = [];
  const seen = new Set<string>();
  // MODEL_WALKS=distinct (set by vitest.mutation.config.ts): a machine with more than
  // DISTINCT_ABOVE walks keeps one walk per distinct shape (the state value reached, plus for an
  // extension the event type and the transitions it selects there) instead of one per context; a
  // smaller machine keeps them all. A subset of the full walks with the same per-step checks, so a
  // mutant it kills the full suite kills too: mutation scores measured this way are a lower bound.
  const distinct = process.env.MODEL_WALKS === 'distinct';
  inputs.forEach((input, inputIndex) => {
    const add = (events: Array<Ev<M>>, shape?: string) => {
      const id = JSON.stringify([inputIndex, events]);
      if (seen.has(id)) return;
      seen.add(id);
      const prefix = inputs.length > 1 ? `[input ${JSON.stringify(input)}] ` : '';
      walks.push({
        name: prefix + (events.length ? events.map(describeEvent).join(' → ') : '(initial state)'),
        input,
        events,
        shape,
      });
    };
    seedWorld(input);
    const shortest = getShortestPaths(machine, traversalFor(input)) as never as Array<
      StatePath<SnapshotFrom<M>, Ev<M>>
    >;
    for (const path of shortest) {
      const prefix = path.steps.map((s) => s.event).filter((e) => e.type !== 'xstate.init');
      const snapshot = path.state;
      const value = JSON.stringify([
        inputIndex,
        (snapshot as AnyMachineSnapshot).value,
        (snapshot as AnyMachineSnapshot).status,
      ]);
      add(prefix, distinct ? `reach ${value}` : undefined);
      if ((snapshot as AnyMachineSnapshot).status !== 'active') continue;
      for (const event of eventList(snapshot)) {
        if (!(snapshot as AnyMachineSnapshot).can(event)) continue;
        // The shape of an extension: where it is, the event, the transitions it selects and (for the
        // eventless transitions that follow, which depend on the data) the state value it ends in.
        const shape = () => {
          const selected = machine
            .getTransitionData(snapshot as never, event as never)
            .map((t) => keyOfDefinition(machine, t as AnyTransitionDefinition));
          const [next] = transition(machine as never, snapshot as never, event as never) as unknown as [
            AnyMachineSnapshot,
          ];
          return `take ${value} ${event.type} ${JSON.stringify(selected)} ${JSON.stringify([next.value, next.status])}`;
        };
        add([...prefix, event], distinct ? shape() : undefined);
      }
    }
    const sequences = typeof options.sequences === 'function' ? options.sequences(input) : (options.sequences ?? []);
    for (const sequence of sequences) add(sequence);
  });
  if (distinct && walks.length > DISTINCT_ABOVE) {
    const shapes = new Set<string>();
    walks = walks.filter(({ shape }) => shape === undefined || (!shapes.has(shape) && Boolean(shapes.add(shape))));
  }
  const taken = new Set<string>();
  const leaves = allNodes(machine)
    .filter((n) => n.type === 'atomic' || n.type === 'final')
    .map((n) => nodePath(n));
  const declared = allTransitions(machine);

  const checkMicrostep = (
    definitions: AnyTransitionDefinition[],
    step: Step<M, S>,
    label: string,
    starting: boolean,
  ) => {
    const keyed = definitions.map((d) => ({ definition: d, key: keyOfDefinition(machine, d) }));
    const expectations = keyed.map(({ key }) => (key ? options.transitions?.[key] : undefined));
    if (expectations.some((e) => !e)) return; // reported by the coverage test
    const where = `${label} [${keyed.map((k) => k.key).join(' + ')}]`;
    // Target: leaves under each transition's domain are exactly the declared ones; others stay put.
    const domains: string[][] = [];
    keyed.forEach(({ definition, key }, i) => {
      const domain = domainOf(definition);
      const target = expectations[i]!.target;
      if (domain === null) {
        expect(target, `${key} is targetless: declare no target`).toBeUndefined();
        return;
      }
      expect(target, `${key} has a target: declare the leaves it reaches`).toBeDefined();
      domains.push(domain);
      const expected = (Array.isArray(target) ? target : [target!]).slice().sort();
      expect(step.to.filter((leaf) => under(leaf, domain)).sort(), `${where}: target`).toEqual(expected);
    });
    if (step.from.length) {
      const outside = (list: string[]) => list.filter((leaf) => !domains.some((d) => under(leaf, d))).sort();
      expect(outside(step.to), `${where}: leaves outside the transition moved`).toEqual(outside(step.from));
    }
    // Context: composed over the microstep's transitions (several only in parallel regions).
    let expectedContext: ContextFrom<M> | undefined = step.before;
    for (const e of expectations) {
      if (!e!.context) continue;
      const next: ContextFrom<M> | void = e!.context(expectedContext ?? step.before, step.event, step.after);
      expectedContext = next === undefined ? undefined : next;
      if (expectedContext === undefined) break;
    }
    if (expectedContext !== undefined) expect(view(step.after), `${where}: context`).toEqual(view(expectedContext));
    // Effects and started actors: in order for one transition, as a multiset for several.
    const expectedEffects = expectations.flatMap((e) =>
      typeof e!.effects === 'function' ? e!.effects(step) : (e!.effects ?? []),
    );
    const expectedStarted = expectations.flatMap((e) =>
      typeof e!.started === 'function' ? e!.started(step) : (e!.started ?? []),
    );
    if (starting) {
      // checked as a whole against `initial`
    } else if (expectations.length === 1) {
      expect(step.effects, `${where}: effects`).toEqual(expectedEffects);
      expect(step.started, `${where}: started actors`).toEqual(expectedStarted);
    } else {
      expect(sortJson(step.effects), `${where}: effects`).toEqual(sortJson(expectedEffects));
      expect(sortJson(step.started), `${where}: started actors`).toEqual(sortJson(expectedStarted));
    }
    for (const e of expectations) e!.check?.(step);
  };

  describe(`${name} (model-based)`, () => {
    it('has an assertion for every leaf state and no assertion for a state that does not exist', () => {
      expect(
        leaves.filter((leaf) => !(leaf in options.states)),
        'leaf states without an assertion',
      ).toEqual([]);
      expect(
        Object.keys(options.states).filter((key) => !leaves.includes(key)),
        'assertions naming no real state',
      ).toEqual([]);
    });

    it('has an expectation for every transition and none for a transition that does not exist', () => {
      const keys = new Set(declared.map((t) => t.key));
      const missing = declared
        .filter((t) => !(t.key in (options.transitions ?? {})) && !(options.uncovered && t.key in options.uncovered))
        .map((t) => `${t.key}${t.guard ? ` [${t.guard}]` : ''} → ${t.targets.join(', ') || '(targetless)'}`);
      expect(missing, 'transitions without an expectation').toEqual([]);
      expect(
        Object.keys(options.transitions ?? {}).filter((key) => !keys.has(key)),
        'expectations naming no real transition',
      ).toEqual([]);
      if (options.store) {
        expect(world, 'a store needs the world its fakes write').toBeDefined();
        expect(options.persisted, 'a store needs `persisted`').toBeDefined();
      }
    });

    for (const walk of walks) {
      it(`walks ${walk.name}`, () => {
        options.reset?.();
        seedWorld(walk.input);
        const started: Started[] = [];
        let effectsSeen = 0;
        let current: { event: Ev<M>; context: ContextFrom<M>; leaves: string[] } | null = null;
        const failures: unknown[] = [];
        const init = options.initial ?? {};
        const initEffects = typeof init.effects === 'function' ? init.effects(walk.input) : (init.effects ?? []);
        const initStarted = typeof init.started === 'function' ? init.started(walk.input) : (init.started ?? []);
        let starting = true;
        let root: AnyActorRef | undefined;
        const takeEffects = () => {
          const list = world ? world.effects.slice(effectsSeen) : [];
          effectsSeen = world?.effects.length ?? 0;
          return list;
        };
        const actor = createActor(machine, {
          input: walk.input,
          inspect: (inspection: InspectionEvent) => {
            if (inspection.type === '@xstate.actor') {
              const ref = inspection.actorRef as AnyActorRef & { options?: { input?: unknown } };
              if (!root) root = ref;
              else if (ref !== root) started.push({ id: ref.id, input: ref.options?.input });
            }
            if (inspection.type !== '@xstate.microstep' || inspection.actorRef !== root) return;
            const after = inspection.snapshot as AnyMachineSnapshot;
            for (const t of inspection._transitions) {
              const key = keyOfDefinition(machine, t);
              if (key) taken.add(key);
            }
            const to = leafPaths(after);
            // While the actor is created, XState defers the actions of its initial macrostep to start():
            // those effects and actors are checked together against `initial`.
            const effects = starting ? [] : takeEffects();
            const actors = starting ? [] : started.splice(0);
            const step: Step<M, S> = {
              event: (current?.event ?? { type: 'xstate.init' }) as Ev<M>,
              before: (current?.context ?? after.context) as ContextFrom<M>,
              after: after.context as ContextFrom<M>,
              from: current?.leaves ?? [],
              to,
              effects,
              started: actors,
              store: world?.store as S,
              snapshot: after as SnapshotFrom<M>,
            };
            try {
              checkMicrostep(inspection._transitions, step, `after ${describeEvent(step.event)}`, starting);
            } catch (error) {
              failures.push(error);
            }
            current = { event: step.event, context: step.after, leaves: to };
          },
        } as never);
        const check = (label: string) => {
          if (failures.length) throw failures[0];
          const snapshot = actor.getSnapshot() as SnapshotFrom<M>;
          expect(
            (snapshot as AnyMachineSnapshot).status,
            `an error stopped the machine: ${String((snapshot as AnyMachineSnapshot).error)}`,
          ).not.toBe('error');
          if (options.persisted) {
            const read = options.read ?? ((store: S) => store);
            expect(read(world!.store), `${label}: the store holds what the context says was saved`).toEqual(
              read(options.persisted((snapshot as AnyMachineSnapshot).context as ContextFrom<M>, snapshot)),
            );
          }
          for (const leaf of leafPaths(snapshot as AnyMachineSnapshot)) options.states[leaf]?.(snapshot);
          current = {
            event: current?.event as Ev<M>,
            context: (snapshot as AnyMachineSnapshot).context as ContextFrom<M>,
            leaves: leafPaths(snapshot as AnyMachineSnapshot),
          };
        };
        actor.start();
        starting = false;
        // Starting: the effects and actors of the whole initial macrostep (entry and `always` steps).
        expect(takeEffects(), 'starting: effects').toEqual(initEffects);
        expect(started.splice(0), 'starting: started actors').toEqual(initStarted);
        check('after start');
        for (const event of walk.events) {
          current = { ...current!, event };
          expect(takeEffects(), 'effects between steps').toEqual([]);
          started.length = 0;
          if (world && options.external) options.external(event, world.store);
          actor.send(event as never);
          // An event that takes no transition must do nothing.
          expect(takeEffects(), `after ${describeEvent(event)}: effects outside any transition`).toEqual([]);
          check(`after ${describeEvent(event)}`);
        }
        actor.stop();
      });
    }

    it('takes every declared transition on some path', () => {
      const missing = declared
        .filter((t) => !taken.has(t.key) && !(options.uncovered && t.key in options.uncovered))
        .map((t) => `${t.key}${t.guard ? ` [${t.guard}]` : ''}`);
      expect(missing, 'transitions on no generated path').toEqual([]);
    });
  });
}
