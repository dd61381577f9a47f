/**
 * What the statechart explorer shows, computed from XState's inspection events: the active state
 * paths of a snapshot (to highlight them in a diagram), a redacted copy of events and context (never a
 * password or a token), and the event log folded from the inspection stream. Pure: no DOM, no React.
 */
import type { InspectionEvent } from 'xstate';

/** One inspection event as the inspector keeps it (src/views/shell/inspector.ts). */
export interface InspectedItem {
  e: InspectionEvent;
  t: number;
  /** The actor's snapshot when the inspection event was emitted. */
  s: unknown;
}

type StateValue = string | { [key: string]: StateValue | undefined };

/** Every active state as a dotted path from the root, compound and parallel states included. */
export function activeStatePaths(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix + value];
  if (!value || typeof value !== 'object') return [];
  const out: string[] = [];
  for (const [key, child] of Object.entries(value as Record<string, StateValue | undefined>)) {
    out.push(prefix + key);
    if (child !== undefined) out.push(...activeStatePaths(child, `${prefix}${key}.`));
  }
  return out;
}

/** The leaf states only ("modal.closed, drag.idle"): how the log and the actor list word a state. */
export function leafStates(value: unknown): string[] {
  const all = activeStatePaths(value);
  return all.filter((path) => !all.some((other) => other.startsWith(`${path}.`)));
}

/**
 * What a machine declares the explorer must never show, next to its event type and given to the
 * machine as `meta: { secrets }`: per event type, the fields that hold a secret (`[]` when none), and
 * the context fields that do. Every event type that carries fields must be listed (the type says so),
 * so a new field is a decision, not a guess: `reset.submit` declares both `password` and `confirm`.
 * XState's own events may be named too (`xstate.done.actor.signOut` carries the removed token).
 */
export interface Secrets {
  events: Readonly<Record<string, readonly string[]>>;
  context?: readonly string[];
}

type TypesWithFields<E extends { type: string }> = E extends unknown
  ? [Exclude<keyof E, 'type'>] extends [never]
    ? never
    : E['type']
  : never;
type FieldsOf<E extends { type: string }, T> = Exclude<keyof Extract<E, { type: T }>, 'type'> & string;

/** The declaration a machine with events `E` and context `C` gives: every event type with fields, and its secret fields. */
export type SecretsOf<E extends { type: string }, C = never> = {
  readonly events: { readonly [T in TypesWithFields<E>]: readonly FieldsOf<E, T>[] } & {
    readonly [T in `xstate.${string}`]?: readonly string[];
  };
  readonly context?: readonly (keyof C & string)[];
};

/** The declaration of a running actor's machine (`meta.secrets` of its root), or null for logic that declares none (promises, callbacks). */
export function secretsOf(logic: unknown): Secrets | null {
  const meta = (logic as { config?: { meta?: { secrets?: Secrets } } } | null | undefined)?.config?.meta;
  return meta?.secrets ?? null;
}

/** A copy of `value` with the named top-level fields replaced (a blank, null or missing one is shown as it is). */
function hideFields(value: unknown, fields: readonly string[] | undefined): unknown {
  if (!fields?.length || !value || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const field of fields) {
    if (!(field in out)) continue;
    const child = out[field];
    out[field] = child === null || child === undefined || child === '' ? child : REDACTED;
  }
  return out;
}

/** An event as the explorer shows it: its machine's declared secret fields hidden, then `redact` (values and names) over the rest. */
export function redactEvent(event: { type: string }, secrets: Secrets | null): unknown {
  return redact(hideFields(event, secrets?.events[event.type]));
}

/** A context as the explorer shows it: its machine's declared secret fields hidden, then `redact`. */
export function redactContext(context: unknown, secrets: Secrets | null): unknown {
  return redact(hideFields(context, secrets?.context));
}

/**
 * A second net under the declarations, for what no machine declares (an actor's output, an error):
 * values under keys that name a password, token, secret, one-time code or session.
 */
export const secretKey = /passw(or)?d|token|secret|otp|code|session|authorization|api_?key|credential/i;
/** A JWT (header.payload[.signature]) anywhere in a text: an error message or an address can carry one. */
const jwtLike = /eyJ[\w-]+\.[\w-]+(?:\.[\w-]*)?/g;
/** `name=value` pairs of an address or a query whose name looks secret (`refresh_token=…`, `code=…`). */
const secretParameter = /\b([\w-]*(?:passw(?:or)?d|token|secret|otp|code|session|api_?key)[\w-]*)=([^&#\s]+)/gi;
export const REDACTED = '[redacted]';

function isActorRef(value: object): value is { id: string; sessionId: string } {
  return 'sessionId' in value && 'send' in value && typeof (value as { send: unknown }).send === 'function';
}

/** Actor logic (a machine, a promise...), as an event that starts an actor carries it: code, shown by its machine's id. */
function isLogic(value: object): value is { id?: unknown } {
  const logic = value as { transition?: unknown; getInitialSnapshot?: unknown };
  return typeof logic.transition === 'function' && typeof logic.getInitialSnapshot === 'function';
}

/**
 * A copy safe to show: values under secret-looking keys (any depth, any case), JWT-looking tokens and
 * secret-looking `name=value` parameters in any string are replaced, actor references become "actor <id>", actor logic
 * "logic <machine id>", functions are dropped, cycles and depth are cut.
 */
export function redact(value: unknown, depth = 0, seen: WeakSet<object> = new WeakSet()): unknown {
  if (typeof value === 'string')
    return value.replace(jwtLike, REDACTED).replace(secretParameter, (_, name: string) => `${name}=${REDACTED}`);
  if (typeof value === 'function') return undefined;
  if (value === null || typeof value !== 'object') return value;
  if (isActorRef(value)) return `actor ${value.id}`;
  if (isLogic(value)) return typeof value.id === 'string' ? `logic ${value.id}` : 'logic';
  if (seen.has(value)) return '[circular]';
  if (depth > 8) return '…';
  seen.add(value);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1, seen));
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if (secretKey.test(key)) {
      out[key] = child === null || child === undefined || child === '' ? child : REDACTED;
      continue;
    }
    const copy = redact(child, depth + 1, seen);
    if (copy !== undefined) out[key] = copy;
  }
  return out;
}

/** The event's fields after its type, with its machine's declared secrets and anything else secret-looking redacted, as short JSON ("" when it has none). */
export function eventDetails(event: { type: string }, max = 160, secrets: Secrets | null = null): string {
  const { type: _type, ...rest } = redactEvent(event, secrets) as Record<string, unknown>;
  void _type;
  if (!Object.keys(rest).length) return '';
  const text = JSON.stringify(rest) ?? '';
  if (text === '{}') return '';
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export interface LogEntry {
  /** Stable within one fold: the position in the inspection stream of the event that opened it. */
  key: number;
  time: number;
  actor: string;
  event: string;
  details: string;
  /** Leaf states before and after; null when unknown (not a state machine, or before the ring). */
  from: string[] | null;
  to: string[] | null;
  /** Named side effects: actions executed and actors started (invoked or spawned) while handling it. */
  actions: string[];
  actors: string[];
  microsteps: number;
  done: boolean;
}

interface RefLike {
  id: string;
  sessionId: string;
  /** Its name in its actor system (the app-wide actors: 'auth', 'colorMode', ...). */
  systemId?: string;
  logic?: { id?: unknown };
  _parent?: RefLike;
}

/**
 * "inventoryBoard" for a machine's root actor, "inventoryBoard › storageSync" for its children; an
 * actor with a systemId (the app system's "auth", "colorMode", ...) by that name, unique in its system.
 */
export function actorLabel(ref: RefLike): string {
  if (ref.systemId) return ref.systemId;
  const own = typeof ref.logic?.id === 'string' && !ref._parent ? ref.logic.id : ref.id;
  return ref._parent ? `${actorLabel(ref._parent)} › ${own}` : own;
}

function actionName(action: unknown): string | undefined {
  if (typeof action === 'string') return action;
  const type = (action as { type?: unknown } | null)?.type;
  return typeof type === 'string' ? type : undefined;
}

function stateOf(snapshot: unknown): string[] | null {
  const value = (snapshot as { value?: unknown } | undefined)?.value;
  return value === undefined ? null : leafStates(value);
}

/**
 * Folds the inspection stream into one log entry per event an actor handled: from `@xstate.event`
 * (before) to the `@xstate.snapshot` that carries the same event object (after), with the
 * `@xstate.action`, `@xstate.microstep` and `@xstate.actor` events in between attributed to it.
 * Entries whose start fell out of the ring are still shown, with an unknown "from".
 */
export function foldLog(items: readonly InspectedItem[], startKey = 0): LogEntry[] {
  const log: LogEntry[] = [];
  const pending = new Map<string, Array<{ entry: LogEntry; event: unknown }>>();
  const head = (sessionId: string) => pending.get(sessionId)?.[0]?.entry;
  // In the chart's order: the transitions' actions (assign included), then entry/exit actions executed.
  const actionsOf = new Map<LogEntry, { planned: string[]; executed: string[] }>();
  const named = (entry: LogEntry) => {
    let lists = actionsOf.get(entry);
    if (!lists) actionsOf.set(entry, (lists = { planned: [], executed: [] }));
    return lists;
  };
  items.forEach((item, index) => {
    const e = item.e;
    const ref = e.actorRef as unknown as RefLike;
    switch (e.type) {
      case '@xstate.event': {
        const entry: LogEntry = {
          key: startKey + index,
          time: item.t,
          actor: actorLabel(ref),
          event: e.event.type,
          details: eventDetails(e.event, undefined, secretsOf(ref.logic)),
          from: stateOf(item.s),
          to: null,
          actions: [],
          actors: [],
          microsteps: 0,
          done: false,
        };
        log.push(entry);
        const queue = pending.get(ref.sessionId) ?? [];
        queue.push({ entry, event: e.event });
        pending.set(ref.sessionId, queue);
        break;
      }
      case '@xstate.action': {
        const entry = head(ref.sessionId);
        if (entry) named(entry).executed.push(e.action.type);
        break;
      }
      case '@xstate.microstep': {
        const entry = head(ref.sessionId);
        if (!entry) break;
        entry.microsteps++;
        // assign() actions change context inside the transition and are not executed as @xstate.action:
        // the transitions taken name them.
        for (const transition of e._transitions) {
          for (const action of (transition.actions ?? []) as unknown[]) {
            const name = actionName(action);
            if (name) named(entry).planned.push(name);
          }
        }
        break;
      }
      case '@xstate.actor': {
        if (!ref._parent) break;
        const entry = head(ref._parent.sessionId);
        entry?.actors.push(ref.id);
        break;
      }
      case '@xstate.snapshot': {
        const queue = pending.get(ref.sessionId) ?? [];
        const at = queue.findIndex((p) => p.event === e.event);
        let entry: LogEntry;
        if (at >= 0) {
          entry = queue[at]!.entry;
          queue.splice(at, 1);
        } else {
          entry = {
            key: startKey + index,
            time: item.t,
            actor: actorLabel(ref),
            event: e.event.type,
            details: eventDetails(e.event, undefined, secretsOf(ref.logic)),
            from: null,
            to: null,
            actions: [],
            actors: [],
            microsteps: 0,
            done: false,
          };
          log.push(entry);
        }
        entry.to = stateOf(e.snapshot);
        entry.done = true;
        break;
      }
    }
  });
  for (const [entry, { planned, executed }] of actionsOf) entry.actions = [...new Set([...planned, ...executed])];
  return log;
}
