/**
 * The explorer's live view of the inspector: the ring as it was when the panel opened, then every
 * inspection event while it is open (up to 2,000, oldest dropped), re-read at most once a frame.
 */
import { useEffect, useMemo, useState } from 'react';
import type { AnyActorRef } from 'xstate';
import {
  actorLabel,
  activeStatePaths,
  foldLog,
  leafStates,
  redactContext,
  secretsOf,
  type LogEntry,
} from '../../../domain/inspection';
import { liveRoots, listen, recent, type Inspected } from '../inspector';

const KEEP = 2000;

export interface RunningActor {
  ref: AnyActorRef;
  key: string;
  label: string;
  machineId: string | undefined;
  /** Every active path (for the highlight) and the leaves (for the words). */
  paths: string[];
  states: string[];
  children: string[];
}

function describe(ref: AnyActorRef): RunningActor {
  const snapshot = ref.getSnapshot() as { value?: unknown; children?: Record<string, AnyActorRef> };
  const logicId = (ref as unknown as { logic?: { id?: unknown } }).logic?.id;
  return {
    ref,
    key: ref.sessionId,
    label: actorLabel(ref as unknown as Parameters<typeof actorLabel>[0]),
    machineId: typeof logicId === 'string' ? logicId : undefined,
    paths: activeStatePaths(snapshot.value),
    states: leafStates(snapshot.value),
    children: Object.keys(snapshot.children ?? {}),
  };
}

/** A root and, for the app system's root, its app-wide actors (its children with a systemId: auth, colorMode, ...). */
function withSystemActors(root: AnyActorRef): AnyActorRef[] {
  const children = (root.getSnapshot() as { children?: Record<string, AnyActorRef | undefined> }).children ?? {};
  return [
    root,
    ...Object.values(children).filter(
      (child): child is AnyActorRef => !!(child as { systemId?: string } | undefined)?.systemId,
    ),
  ];
}

export function useInspection(): { actors: RunningActor[]; log: LogEntry[] } {
  const [state, setState] = useState(() => ({ items: [...recent], dropped: 0, version: 0 }));
  useEffect(() => {
    let frame = 0;
    const pending: Inspected[] = [];
    listen((item) => {
      pending.push(item);
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        const add = pending.splice(0);
        setState((s) => {
          const items = s.items.concat(add);
          const over = Math.max(0, items.length - KEEP);
          return { items: over ? items.slice(over) : items, dropped: s.dropped + over, version: s.version + 1 };
        });
      });
    });
    return () => {
      listen(undefined);
      cancelAnimationFrame(frame);
    };
  }, []);
  const log = useMemo(() => foldLog(state.items, state.dropped).reverse(), [state.items, state.dropped]);
  // The live roots (and the app system's actors) change with the stream; re-read them on every version.
  const actors = useMemo(() => {
    void state.version;
    return [...liveRoots].flatMap(withSystemActors).map(describe);
  }, [state.version]);
  return { actors, log };
}

/** The actor's context, redacted (its machine's declared secret fields, then anything secret-looking), as indented JSON (cut at 6,000 characters). */
export function contextText(ref: AnyActorRef): string {
  const text =
    JSON.stringify(
      redactContext(
        (ref.getSnapshot() as { context?: unknown }).context,
        secretsOf((ref as { logic?: unknown }).logic),
      ),
      null,
      2,
    ) ?? '(none)';
  return text.length > 6000 ? `${text.slice(0, 5999)}…` : text;
}
