import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { Link } from 'wouter';
import { Button } from '../../components/Button';
import { Diagram } from '../../statecharts/Diagram';
import { machineById, machines } from '../../statecharts/diagrams';
import { routes } from '../routes';
import { contextText, useInspection, type RunningActor } from './useInspection';

const backdrop = css({ position: 'fixed', inset: 0, bg: 'rgba(0,0,0,0.55)', zIndex: 40 });
const positioner = css({ position: 'fixed', inset: 0, display: 'flex', justifyContent: 'flex-end', zIndex: 50 });
const content = css({
  bg: 'surface',
  color: 'fg',
  borderLeftWidth: '3px',
  borderColor: 'primary',
  boxShadow: '2xl',
  width: 'min(1000px, 100vw)',
  height: '100dvh',
  overflowY: 'auto',
  overflowX: 'hidden',
  p: { base: '3', md: '6' },
  display: 'flex',
  flexDirection: 'column',
  gap: '5',
});
const h3 = css({ fontSize: 'xl', color: 'secondary', mb: '2' });
const chip = css({
  display: 'inline-block',
  fontFamily: 'mono',
  fontSize: 'sm',
  bg: 'surfaceRaised',
  px: '1.5',
  mr: '1',
  mb: '1',
});
const table = css({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: 'sm',
  '& th, & td': { borderBottomWidth: '1px', borderColor: 'border', p: '1.5', textAlign: 'left', verticalAlign: 'top' },
  '& th': { bg: 'surfaceRaised', position: 'sticky', top: 0 },
  '& td': { overflowWrap: 'break-word' },
  minWidth: '720px',
});

/** Actors every page has (the app system's, the route's chunk, the kept-changes offer); the explorer first shows the page's own actor instead. */
const appWide = ['app', 'colorMode', 'sound', 'auth', 'storageHealth', 'sync', 'routeChunk', 'pendingChanges'];
/** Small parts of a page's forms (a picker inside a form): the page's own actor is shown before them. */
const formParts = ['allergenPicker'];

const time = (t: number) =>
  new Date(t).toLocaleTimeString(undefined, { hour12: false }) + `.${String(t % 1000).padStart(3, '0')}`;

function States({ states }: { states: string[] | null }) {
  if (!states) return <span className={css({ color: 'fgMuted' })}>?</span>;
  if (!states.length) return <span className={css({ color: 'fgMuted' })}>—</span>;
  return (
    <>
      {states.map((s) => (
        <code key={s} className={chip}>
          {s}
        </code>
      ))}
    </>
  );
}

function ActorDetail({ actor }: { actor: RunningActor }) {
  const machine = machineById(actor.machineId);
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
      <p>
        Current state of <strong>{actor.label}</strong>: <States states={actor.states} />
      </p>
      {actor.children.length ? (
        <p className={css({ fontSize: 'sm' })}>
          Running children: <States states={actor.children} />
        </p>
      ) : null}
      {machine ? (
        <Diagram key={machine.id} machine={machine} active={actor.paths} />
      ) : (
        <p>No diagram for this actor ({actor.machineId ?? 'not a state machine'}).</p>
      )}
      <details>
        <summary className={css({ cursor: 'pointer' })}>Context (passwords and tokens hidden)</summary>
        <pre
          className={css({
            fontSize: 'xs',
            bg: 'surfaceRaised',
            p: '2',
            overflow: 'auto',
            maxH: '40vh',
            whiteSpace: 'pre-wrap',
          })}
        >
          {contextText(actor.ref)}
        </pre>
      </details>
    </div>
  );
}

function AllMachines() {
  const [shown, setShown] = useState<string>();
  const machine = machineById(shown);
  return (
    <section aria-labelledby="explorer-all">
      <h3 id="explorer-all" className={h3}>
        Every machine of the app
      </h3>
      <ul className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', mb: '3' })}>
        {machines.map((m) => (
          <li key={m.id}>
            <Button
              size="sm"
              variant={shown === m.id ? 'solidBlue' : 'outlineBlue'}
              aria-pressed={shown === m.id}
              onClick={() => setShown((s) => (s === m.id ? undefined : m.id))}
            >
              {m.title}
            </Button>
          </li>
        ))}
      </ul>
      {machine ? <Diagram key={machine.id} machine={machine} /> : null}
    </section>
  );
}

/**
 * The live statechart explorer: this page's running actors with their states highlighted in their
 * diagrams, the event log, and every machine's diagram. Opens on mount; onClosed once it has closed.
 */
export function Explorer({ onClosed }: { onClosed: () => void }) {
  const [open, setOpen] = useState(true);
  const { actors, log } = useInspection();
  const [picked, setPicked] = useState<string>();
  const selected =
    actors.find((a) => a.key === picked) ??
    actors.find((a) => a.machineId && !appWide.includes(a.machineId) && !formParts.includes(a.machineId)) ??
    actors.find((a) => a.machineId && !appWide.includes(a.machineId)) ??
    actors[0];
  return (
    <Dialog.Root open={open} onOpenChange={(d) => setOpen(d.open)} onExitComplete={onClosed} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop className={backdrop} />
        <Dialog.Positioner className={positioner}>
          <Dialog.Content className={content}>
            <div
              className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: '3' })}
            >
              <div>
                <Dialog.Title className={css({ fontSize: '2xl', color: 'primary' })}>Statecharts</Dialog.Title>
                <Dialog.Description className={css({ color: 'fgMuted', fontSize: 'sm' })}>
                  The running actors of this page, their current states highlighted as you use the app, and every event
                  they handle. Passwords and tokens are never shown.
                </Dialog.Description>
              </div>
              <Dialog.CloseTrigger asChild>
                <Button variant="outlineRed" size="sm" className={css({ flexShrink: 0, whiteSpace: 'nowrap' })}>
                  Close
                </Button>
              </Dialog.CloseTrigger>
            </div>
            <p>
              <Link href={routes.statecharts} onClick={() => setOpen(false)}>
                See every diagram on the Statecharts page
              </Link>
            </p>
            <section aria-labelledby="explorer-running">
              <h3 id="explorer-running" className={h3}>
                Running actors
              </h3>
              <ul className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', mb: '3' })}>
                {actors.map((a) => (
                  <li key={a.key}>
                    <Button
                      size="sm"
                      variant={a === selected ? 'solidGreen' : 'outlineGreen'}
                      aria-pressed={a === selected}
                      onClick={() => setPicked(a.key)}
                    >
                      {a.label}
                    </Button>
                  </li>
                ))}
              </ul>
              {selected ? <ActorDetail actor={selected} /> : <p>No actor is running.</p>}
            </section>
            <section aria-labelledby="explorer-log">
              <h3 id="explorer-log" className={h3}>
                Event log
              </h3>
              <p className={css({ fontSize: 'sm', color: 'fgMuted', mb: '2' })}>
                Newest first: the last 200 inspection events before the panel opened, and everything since.
              </p>
              <div className={css({ overflow: 'auto', maxH: '60vh', borderWidth: '1px', borderColor: 'border' })}>
                <table className={table}>
                  <caption className={css({ srOnly: true })}>Events handled by the running actors</caption>
                  <thead>
                    <tr>
                      <th scope="col">Time</th>
                      <th scope="col">Actor</th>
                      <th scope="col">Event</th>
                      <th scope="col">From → To</th>
                      <th scope="col">Side effects</th>
                    </tr>
                  </thead>
                  <tbody>
                    {log.slice(0, 300).map((e) => (
                      <tr key={e.key}>
                        <td className={css({ whiteSpace: 'nowrap' })}>{time(e.time)}</td>
                        <td className={css({ maxW: '180px' })}>{e.actor}</td>
                        <td>
                          <code className={css({ fontWeight: 'bold' })}>{e.event}</code>
                          {e.details ? (
                            <div className={css({ fontFamily: 'mono', fontSize: 'xs', color: 'fgMuted' })}>
                              {e.details}
                            </div>
                          ) : null}
                        </td>
                        <td>
                          <div>
                            <States states={e.from} />
                          </div>
                          <div>
                            →{' '}
                            {e.done ? (
                              <States states={e.to} />
                            ) : (
                              <span className={css({ color: 'fgMuted' })}>(handling)</span>
                            )}
                          </div>
                        </td>
                        <td>
                          {e.actions.length ? <div>actions: {e.actions.join(', ')}</div> : null}
                          {e.actors.length ? <div>started: {e.actors.join(', ')}</div> : null}
                          {!e.actions.length && !e.actors.length ? (
                            <span className={css({ color: 'fgMuted' })}>none</span>
                          ) : null}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>
            <AllMachines />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
