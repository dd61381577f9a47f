/**
 * Turns a machine into a Mermaid stateDiagram-v2 (ours: no maintained package does this for v5).
 *
 * What the picture shows, and how (the legend in docs/statecharts/README.md says the same):
 * - every state node, ided by its full path so two `idle`s never collide; tags in brackets;
 * - entry and exit actions, invoked actors and children spawned on entry as lines inside the state;
 * - parallel regions as dashed regions side by side (Mermaid's `--`), a parallel root included;
 * - every transition as an edge `event [guard(params)] / actions`, delayed (`after 10000ms`), actor
 *   done/error and `always` ones included; several edges between the same two states are drawn as one
 *   edge with one line per transition, so self-loops stay readable;
 * - transitions of the machine itself (handled in every state) from a dashed "any state" node;
 *   transitions a compound state handles for its children are drawn from every child that takes them
 *   (Mermaid cannot draw an edge from a compound state into itself).
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import {
  actionLabel,
  allNodes,
  allTransitions,
  guardLabel,
  nodePath,
  nodesUnder,
  prettyEvent,
  type TransitionInfo,
} from './statechart';

/** Mermaid id of a state node: its path joined with `__`. */
export const mermaidId = (node: AnyStateNode): string =>
  node.path.length ? node.path.join('__').replace(/[^A-Za-z0-9_]/g, '_') : 'root';
/** Mermaid id of a state path ('modal.open'). */
const idOfPath = (path: string): string =>
  path
    .split('.')
    .join('__')
    .replace(/[^A-Za-z0-9_]/g, '_');
/** The node standing for "any state of the machine" (machine-level transitions). */
export const anyStateId = 'any_state__';

const children = (node: AnyStateNode) => Object.values(node.states) as AnyStateNode[];
const clean = (text: string) => text.replace(/:/g, '∶').replace(/"/g, "'").replace(/;/g, ',');

function edgeLabel(t: TransitionInfo, machine: AnyStateMachine): string {
  const guard = guardLabel(t.definition.guard);
  const actions = t.definition.actions.map(actionLabel);
  return clean(
    [
      prettyEvent(t.event, machine.id, machine),
      guard ? `[${guard}]` : '',
      actions.length ? `/ ${actions.join(', ')}` : '',
    ]
      .filter(Boolean)
      .join(' '),
  );
}

/** XState's own scheduling of a delayed transition (raise on entry, cancel on exit): the edge shows it. */
function isDelaySchedule(action: unknown): boolean {
  const a = action as { type?: string; event?: { type?: string }; sendId?: unknown };
  if (typeof action !== 'function') return false;
  if (a.type === 'xstate.raise') return typeof a.event?.type === 'string' && a.event.type.startsWith('xstate.after.');
  if (a.type === 'xstate.cancel') return typeof a.sendId === 'string' && a.sendId.startsWith('xstate.after.');
  return false;
}

/** Lines drawn inside a state: entry and exit actions, invoked actors. */
function stateLines(node: AnyStateNode): string[] {
  const out: string[] = [];
  const entry = (node.entry ?? []).filter((a: unknown) => !isDelaySchedule(a)).map(actionLabel);
  const exit = (node.exit ?? []).filter((a: unknown) => !isDelaySchedule(a)).map(actionLabel);
  const invoked = (node.invoke ?? []).map((i: { id: string }) => i.id);
  if (entry.length) out.push(`entry / ${entry.join(', ')}`);
  if (exit.length) out.push(`exit / ${exit.join(', ')}`);
  if (invoked.length) out.push(`invokes ${invoked.join(', ')}`);
  return out.map(clean);
}

/** Whether a state (or one of its ancestors up to, not including, `upTo`) handles `event` itself. */
function handledBelow(leaf: AnyStateNode, upTo: AnyStateNode, event: string): boolean {
  for (let node: AnyStateNode | undefined = leaf; node && node !== upTo; node = node.parent) {
    if (event === '' ? node.always?.length : node.transitions.has(event)) return true;
  }
  return false;
}

/** The states an edge is drawn from: see the file comment. */
function sourcesOf(t: TransitionInfo): string[] {
  const source = t.source;
  if (!source.path.length) return [anyStateId];
  if (source.type === 'atomic' || source.type === 'final' || source.type === 'history') return [mermaidId(source)];
  const inside = (path: string) => path === nodePath(source) || path.startsWith(`${nodePath(source)}.`);
  if (t.targets.length && !t.targets.some(inside)) return [mermaidId(source)];
  return nodesUnder(source)
    .filter((n) => n !== source && n.type === 'atomic' && !handledBelow(n, source, t.event))
    .map(mermaidId);
}

export function toMermaid(machine: AnyStateMachine): string {
  const lines: string[] = ['stateDiagram-v2', '  classDef anyState stroke-dasharray: 4 3, font-style: italic'];
  const transitions = allTransitions(machine);

  const declare = (node: AnyStateNode, indent: string) => {
    for (const child of children(node)) {
      const id = mermaidId(child);
      const label = clean(
        child.key +
          (child.type === 'final' ? ' (final)' : '') +
          (child.tags.length ? ` [${child.tags.join(', ')}]` : ''),
      );
      const inner = stateLines(child);
      if (children(child).length) {
        // Mermaid draws no text inside a compound state: its entry/exit/invokes go in its title.
        const title = [label + (child.type === 'parallel' ? ' (parallel)' : ''), ...inner].join(' · ');
        lines.push(`${indent}state "${title}" as ${id} {`);
        declareInner(child, `${indent}  `);
        lines.push(`${indent}}`);
      } else {
        lines.push(`${indent}state "${label}" as ${id}`);
        for (const line of inner) lines.push(`${indent}${id} : ${line}`);
      }
    }
  };
  const declareInner = (node: AnyStateNode, indent: string) => {
    if (node.type === 'parallel') {
      children(node).forEach((region, i) => {
        if (i > 0) lines.push(`${indent}--`);
        lines.push(`${indent}state "${clean(region.key)}" as ${mermaidId(region)} {`);
        declareInner(region, `${indent}  `);
        lines.push(`${indent}}`);
      });
      return;
    }
    const initial = node.initial?.target?.[0];
    if (initial) lines.push(`${indent}[*] --> ${mermaidId(initial)}`);
    declare(node, indent);
  };

  const root = machine.root;
  const rootLines = stateLines(root);
  if (root.type === 'parallel') {
    lines.push(`  state "${clean(machine.id)} (parallel)" as root {`);
    declareInner(root, '    ');
    lines.push('  }');
  } else {
    declareInner(root, '  ');
  }
  for (const node of children(root)) {
    if (node.type === 'final') lines.push(`  ${mermaidId(node)} --> [*]`);
  }

  // Edges, grouped by (from, to) in first-seen order: one edge, one line per transition.
  const edges = new Map<string, { from: string; to: string; labels: string[] }>();
  for (const t of transitions) {
    const label = edgeLabel(t, machine);
    for (const from of sourcesOf(t)) {
      const targets = t.targets.length
        ? t.targets.map((path) => (path === '(machine)' ? from : idOfPath(path)))
        : [from];
      for (const to of targets) {
        const key = `${from}->${to}`;
        const edge = edges.get(key) ?? { from, to, labels: [] };
        const text = t.targets.length ? label : `${label} (internal)`;
        if (!edge.labels.includes(text)) edge.labels.push(text);
        edges.set(key, edge);
      }
    }
  }
  // The machine's own transitions, entry/exit actions and invoked actors hang on the "any state" node.
  if ([...edges.values()].some((e) => e.from === anyStateId) || rootLines.length) {
    lines.push(`  state "any state of ${clean(machine.id)}" as ${anyStateId}`);
    for (const line of rootLines) lines.push(`  ${anyStateId} : ${line}`);
    lines.push(`  class ${anyStateId} anyState`);
  }
  for (const edge of edges.values()) lines.push(`  ${edge.from} --> ${edge.to} : ${edge.labels.join('<br/>')}`);
  return lines.join('\n');
}

/** Every state path of a machine with its Mermaid id (the SVG's `data-state` comes from this). */
export function statePaths(machine: AnyStateMachine): Array<{ path: string; id: string }> {
  return allNodes(machine)
    .filter((n) => n.path.length)
    .map((n) => ({ path: nodePath(n), id: mermaidId(n) }));
}

export function diagramMarkdown(d: {
  name: string;
  id: string;
  invokes: string[];
  source: string;
  mermaid: string;
}): string {
  const invokes = d.invokes.map((id) => `\`${id}\``);
  return `# ${d.name}\n\n<!-- Generated by \`npm run diagrams\` from ${d.source}. Do not edit. -->\n\nMachine id: \`${d.id}\`${
    invokes.length ? ` · invokes ${invokes.join(', ')}` : ''
  } · [legend](./README.md#reading-the-diagrams)\n\n![${d.name} statechart](./${d.name}.svg)\n\n\`\`\`mermaid\n${d.mermaid}\n\`\`\`\n`;
}
