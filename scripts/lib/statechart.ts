/**
 * Reads an XState v5 machine's structure (machine.root): every state node and every transition,
 * including `always`, delayed and actor-done ones. Shared by the diagram generator and the
 * model-based test helper's coverage check, so both agree on what "a transition" is.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

export interface TransitionInfo {
  /** Stable id: `<source path>|<event>|<index>`. */
  key: string;
  source: AnyStateNode;
  sourcePath: string;
  event: string;
  guard: string | null;
  actions: string[];
  targets: string[];
  definition: AnyTransitionDefinition;
}

export function nodePath(node: AnyStateNode): string {
  return node.path.length ? node.path.join('.') : '(machine)';
}

/** A state node and every node under it, parents before children. */
export function nodesUnder(node: AnyStateNode): AnyStateNode[] {
  return [node, ...(Object.values(node.states) as AnyStateNode[]).flatMap(nodesUnder)];
}

export function allNodes(machine: AnyStateMachine): AnyStateNode[] {
  return nodesUnder(machine.root);
}

function nameOf(thing: unknown): string {
  if (typeof thing === 'string') return thing;
  if (thing && typeof thing === 'object' && 'type' in thing && typeof (thing as { type: unknown }).type === 'string') {
    return (thing as { type: string }).type;
  }
  if (typeof thing === 'function') return thing.name || 'inline';
  return 'inline';
}

export function guardName(guard: unknown): string | null {
  if (!guard) return null;
  if (typeof guard === 'object' && guard && 'type' in guard) {
    const g = guard as { type: string; params?: unknown };
    // xstate's `not()`, `and()`, `or()` helpers are functions with a name; keep plain names otherwise.
    return g.type;
  }
  if (typeof guard === 'function') {
    const g = guard as { check?: unknown; guards?: unknown[] } & ((...a: unknown[]) => unknown);
    if (Array.isArray(g.guards)) return `${g.name || 'guard'}(${g.guards.map((x) => guardName(x)).join(', ')})`;
    return g.name || 'inline';
  }
  return nameOf(guard);
}

/** A parameter list for display: static params as their values (`isSection(events)`), dynamic ones as `(…)`. */
function paramsText(params: unknown): string {
  if (params === undefined) return '';
  if (typeof params === 'function') return '(…)';
  if (params && typeof params === 'object') {
    const values = Object.values(params as Record<string, unknown>).map((v) =>
      typeof v === 'object' ? JSON.stringify(v) : String(v),
    );
    return `(${values.join(', ')})`;
  }
  return `(${String(params)})`;
}

/** A guard as a diagram shows it: its name with its parameters (`isSection(events)`, `not(hasItem)`). */
export function guardLabel(guard: unknown): string | null {
  if (!guard) return null;
  if (typeof guard === 'object' && 'type' in guard) {
    const g = guard as { type: string; params?: unknown };
    return g.type + paramsText(g.params);
  }
  if (typeof guard === 'function') {
    const g = guard as { guards?: unknown[] } & ((...a: unknown[]) => unknown);
    if (Array.isArray(g.guards)) return `${g.name || 'guard'}(${g.guards.map((x) => guardLabel(x)).join(', ')})`;
    return g.name || 'inline';
  }
  return nameOf(guard);
}

/** An action as a diagram shows it: its name with its parameters, spawned children as `spawn <id>`. */
export function actionLabel(action: unknown): string {
  if (action && typeof action === 'object' && 'type' in action) {
    const a = action as { type: string; params?: unknown };
    return a.type + paramsText(a.params);
  }
  if (typeof action === 'function') {
    const f = action as { type?: string; id?: unknown; src?: unknown } & ((...args: unknown[]) => unknown);
    if (f.type === 'xstate.spawnChild') {
      const src = typeof f.src === 'string' ? f.src : 'actor';
      return `spawn ${typeof f.id === 'string' ? f.id : src}`;
    }
    if (typeof f.type === 'string' && f.type.startsWith('xstate.')) return f.type.replace(/^xstate\./, '');
  }
  return nameOf(action);
}

/** The delays a machine names (`delays: { retry: 10_000 }`), to show `after retry (10 s)`. */
function delayText(name: string, machine?: AnyStateMachine): string {
  if (/^\d+$/.test(name)) return `after ${name}ms`;
  const value = (machine?.implementations?.delays as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'number' ? `after ${name} (${value}ms)` : `after ${name}`;
}

export function prettyEvent(eventType: string, machineId: string, machine?: AnyStateMachine): string {
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after) return delayText(after[1]!, machine);
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (done) return `done: ${done[1]}`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (error) return `error: ${error[1]}`;
  const doneState = /^xstate\.done\.state\.(.+)$/.exec(eventType);
  if (doneState) return `done: ${doneState[1]!.replace(`${machineId}.`, '')}`;
  return eventType === '' ? 'always' : eventType;
}

export function allTransitions(machine: AnyStateMachine): TransitionInfo[] {
  const out: TransitionInfo[] = [];
  for (const node of allNodes(machine)) {
    const push = (eventType: string, list: readonly AnyTransitionDefinition[]) => {
      list.forEach((definition, index) => {
        out.push({
          key: `${nodePath(node)}|${eventType}|${index}`,
          source: node,
          sourcePath: nodePath(node),
          event: eventType,
          guard: guardName(definition.guard),
          actions: definition.actions.map(nameOf),
          targets: (definition.target ?? []).map((t: AnyStateNode) => nodePath(t)),
          definition,
        });
      });
    };
    for (const [eventType, list] of node.transitions) push(eventType, list);
    if (node.always) push('', node.always);
  }
  return out;
}

/** Finds the key of a transition definition reported by the inspector. */
export function keyOfDefinition(machine: AnyStateMachine, definition: AnyTransitionDefinition): string | null {
  const node = definition.source;
  const list =
    definition.eventType === '' || !node.transitions.has(definition.eventType)
      ? node.always
      : node.transitions.get(definition.eventType);
  const index = list ? list.indexOf(definition) : -1;
  if (index < 0) {
    // Fallback: compare by serialised shape (definitions may be re-created by provide()).
    const json = JSON.stringify(definition.toJSON());
    const match = allTransitions(machine).find(
      (t) => t.sourcePath === nodePath(node) && JSON.stringify(t.definition.toJSON()) === json,
    );
    return match?.key ?? null;
  }
  const eventKey = list === node.always ? '' : definition.eventType;
  return `${nodePath(node)}|${eventKey}|${index}`;
}
