import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { css } from 'styled-system/css';
import { token } from 'styled-system/tokens';
import { Button } from '../components/Button';
import { useHydrated } from '../shell/hydration';
import { loadDiagramSvg, type MachineDiagram } from './diagrams';

const frame = css({ borderWidth: '1px', borderColor: 'border', bg: 'diagramBg', position: 'relative' });
const scroller = css({
  overflow: 'auto',
  maxH: { base: '60vh', md: '70vh' },
  bg: 'diagramBg',
  _dark: { filter: 'invert(0.9) hue-rotate(180deg)' },
  '&[data-fit="false"] svg': { width: 'var(--diagram-width) !important', maxWidth: 'none !important', height: 'auto' },
  '&[data-fit="true"] svg': { width: '100% !important', height: 'auto' },
});
const toolbar = css({
  display: 'flex',
  gap: '2',
  alignItems: 'center',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  p: '2',
  bg: 'surface',
  color: 'fg',
});

/** CSS that draws the active states: a filled, thick-bordered box for leaves, a thick border for compound states. */
function highlightRules(scope: string, active: readonly string[]): string {
  const fill = token.var('colors.diagramActive');
  const stroke = token.var('colors.diagramActiveBorder');
  return active
    .map((path) => {
      const at = `[data-diagram="${scope}"] [data-state=${JSON.stringify(path)}]`;
      return `${at} > rect.label-container, ${at} > path { fill: ${fill} !important; stroke: ${stroke} !important; stroke-width: 4px !important; }
${at} > g > rect.outer, ${at} > rect.inner { stroke: ${stroke} !important; stroke-width: 4px !important; }`;
    })
    .join('\n');
}

/**
 * One machine's diagram, inlined from its build-time SVG (role img, labelled with the machine and, when
 * given, its current states). Active states are highlighted and the box scrolls to the first of them.
 * Prerendered (/statecharts), "Fit to width" is disabled until the app has started.
 */
export function Diagram({
  machine,
  active,
  defaultFit = false,
}: {
  machine: MachineDiagram;
  active?: readonly string[];
  defaultFit?: boolean;
}) {
  const [svg, setSvg] = useState<string | 'error' | undefined>();
  const [attempt, setAttempt] = useState(0);
  const [fit, setFit] = useState(defaultFit);
  const started = useHydrated();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let live = true;
    setSvg(undefined);
    loadDiagramSvg(machine).then(
      (text) => live && setSvg(text),
      () => live && setSvg('error'),
    );
    return () => {
      live = false;
    };
  }, [machine, attempt]);
  const activeKey = (active ?? []).join(' ');
  const rules = useMemo(
    () => (activeKey ? highlightRules(machine.id, activeKey.split(' ')) : ''),
    [machine.id, activeKey],
  );
  useEffect(() => {
    const scroll = box.current;
    if (!scroll || !activeKey || typeof svg !== 'string' || svg === 'error') return;
    const leaves = activeKey.split(' ').filter((p) => !activeKey.split(' ').some((o) => o.startsWith(`${p}.`)));
    const target = leaves.map((p) => scroll.querySelector(`[data-state=${JSON.stringify(p)}]`)).find(Boolean);
    if (!target) return;
    const a = target.getBoundingClientRect();
    const b = scroll.getBoundingClientRect();
    scroll.scrollTo({
      left: scroll.scrollLeft + a.left - b.left - b.width / 2 + a.width / 2,
      top: scroll.scrollTop + a.top - b.top - b.height / 2 + a.height / 2,
    });
  }, [activeKey, svg, fit]);
  const naturalWidth = typeof svg === 'string' ? /viewBox="[-\d.]+ [-\d.]+ ([\d.]+)/.exec(svg)?.[1] : undefined;
  const states = active && active.length ? `, current state: ${activeKey.split(' ').join(', ')}` : '';
  return (
    <div className={frame}>
      <div className={toolbar}>
        <span className={css({ fontSize: 'sm', color: 'fgMuted' })}>
          {fit ? 'Fitted to the width' : 'Actual size: scroll inside the box'}
        </span>
        <Button
          size="sm"
          variant="outlineBlue"
          aria-pressed={fit}
          disabled={!started}
          onClick={() => setFit((f) => !f)}
        >
          Fit to width
        </Button>
      </div>
      {rules ? <style>{rules}</style> : null}
      <div
        ref={box}
        className={scroller}
        data-fit={String(fit)}
        data-diagram={machine.id}
        style={
          naturalWidth ? ({ '--diagram-width': `${Math.ceil(Number(naturalWidth))}px` } as CSSProperties) : undefined
        }
        role="img"
        aria-label={`${machine.title} statechart${states}`}
        tabIndex={0}
      >
        {svg === undefined ? (
          <p className={css({ p: '4', color: 'fgMuted' })}>Loading the diagram…</p>
        ) : svg === 'error' ? null : (
          <div dangerouslySetInnerHTML={{ __html: svg }} />
        )}
      </div>
      {svg === 'error' ? (
        <p
          role="alert"
          className={css({
            p: '3',
            bg: 'alertBg',
            color: 'alertFg',
            display: 'flex',
            gap: '3',
            alignItems: 'center',
            flexWrap: 'wrap',
          })}
        >
          The diagram could not be loaded. Check your connection and try again.
          <Button size="sm" variant="outlineRed" onClick={() => setAttempt((n) => n + 1)}>
            Retry
          </Button>
        </p>
      ) : null}
    </div>
  );
}
