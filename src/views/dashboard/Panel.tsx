import { useId, type ReactNode } from 'react';
import { css } from 'styled-system/css';

const panel = css({
  bg: 'surface',
  borderWidth: '2px',
  borderStyle: 'solid',
  borderColor: 'border',
  p: { base: '4', md: '6' },
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  minW: 0,
});
const header = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '3',
});
const title = css({ fontSize: { base: 'xl', md: '2xl' }, color: 'secondary' });
const subtitle = css({
  color: 'fgMuted',
  fontSize: 'sm',
  fontWeight: 'bold',
  textTransform: 'uppercase',
  letterSpacing: '0.05em',
});

/**
 * A dashboard panel: a labelled region with a heading, an optional subtitle and actions. `busy`: its content is
 * still being worked out (drawn after the first paint, issue 23): the heading only, marked aria-busy.
 */
export function Panel({
  heading,
  subtitle: sub,
  actions,
  busy,
  children,
}: {
  heading: string;
  subtitle?: string;
  actions?: ReactNode;
  busy?: boolean;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <section className={panel} aria-labelledby={id} aria-busy={busy || undefined}>
      <div className={header}>
        <div>
          <h2 id={id} className={title}>
            {heading}
          </h2>
          {sub ? <p className={subtitle}>{sub}</p> : null}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}
