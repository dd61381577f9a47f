import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { useAccountEvent } from '../../app/sync/useAccountEvent';
import { Button } from '../components/Button';
import { Loading } from '../shell/Loading';

const box = css({
  maxW: '60ch',
  mx: 'auto',
  my: '10',
  px: '4',
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  alignItems: 'flex-start',
});
const mark = css({ fontSize: 'sm', fontWeight: 'bold', color: 'link', textTransform: 'uppercase' });

/**
 * What an event's address (its sheet, quote, invoice or Tool Kit) shows when this browser does not hold
 * the event (issue 24 part 7): if the account keeps it, "fetching it" and then the event itself (the page
 * reads it once it is here, or `onFetched` opens it); offline, why it cannot open yet, with Retry (it also
 * opens once back online); an id no event has, `notFound`, as before.
 */
export function EventFromAccount({
  id,
  notFound,
  onFetched,
}: {
  id: number | null;
  notFound: ReactNode;
  onFetched?: (id: number) => void;
}) {
  if (id === null) return <>{notFound}</>;
  return <Fetch key={id} id={id} notFound={notFound} onFetched={onFetched} />;
}

function Fetch({ id, notFound, onFetched }: { id: number; notFound: ReactNode; onFetched?: (id: number) => void }) {
  const view = useAccountEvent(id, onFetched);
  if (view.notFound)
    return (
      <>
        {view.note ? (
          <p role="alert" className={box}>
            {view.note}
          </p>
        ) : null}
        {notFound}
      </>
    );
  if (view.alert)
    return (
      <section className={box} aria-label="Event in your account">
        <span className={mark}>In your account</span>
        <p role="alert">{view.alert}</p>
        {view.canRetry ? (
          <Button variant="solidBlue" onClick={view.retry}>
            Retry
          </Button>
        ) : null}
      </section>
    );
  return <Loading>{view.loading ?? 'Opening the event…'}</Loading>;
}
