import { useCallback, useEffect, type ReactNode } from 'react';
import { parseSheetId } from '../../domain/eventSheet';
import { Redirect, useLocation } from 'wouter';
import { useAuth } from '../../app/auth/AuthContext';
import { Loading } from '../shell/Loading';
import { Button, ButtonLink } from '../components/Button';
import { EventSheetView } from '../eventSheet/EventSheetView';
import { CostingFigures } from '../toolkit/CostingFigures';
import { useEventSheet } from '../../app/eventSheet/useEventSheet';
import { useHoldEventHere } from '../../app/sync/useEventsInAccount';
import { useEventMoved } from '../../app/sync/eventMoves';
import { eventSheetPath } from '../eventSheet/path';
import { routes } from '../shell/routes';
import { IcsButton } from '../calendar/IcsButton';
import { DocumentLinks } from '../invoice/DocumentLinks';
import { CustomerPageLink } from '../customers/CustomerLink';
import { EventFromAccount } from '../sync/EventFromAccount';
import { loadEvents } from '../../app/events/eventsData';
import { toISODate } from '../../domain/eventDates';

/** The browser's print dialog (the page has no machine: printing is its one action). */
const printSheet = () => window.print();

/**
 * The printable sheet of one event (/events/:id/sheet, matched by NotFoundPage, which passes the id
 * and its not-found page: an id that names no event shows it, with its way back), with the event's
 * cost, price and margin (src/domain/costing.ts, issue 11 part 4) under the pricing summary.
 */
export function EventSheetPage({ id, notFound }: { id: string | undefined; notFound: ReactNode }) {
  const { status } = useAuth();
  if (status === 'checking') return <Loading>Checking your session…</Loading>;
  if (status === 'signedOut') return <Redirect to={routes.login} replace />;
  return <EventSheet id={id} notFound={notFound} />;
}

function EventSheet({ id, notFound }: { id: string | undefined; notFound: ReactNode }) {
  const sheetId = parseSheetId(id);
  const data = useEventSheet(sheetId);
  // Shown: a sync does not let it go to the account meanwhile (issue 24 part 7).
  useHoldEventHere(sheetId);
  // Moved by sync to a free id (another device had added an event with its number): the sheet follows it.
  const [, navigate] = useLocation();
  useEventMoved(
    sheetId,
    useCallback((to: number) => navigate(eventSheetPath(to), { replace: true }), [navigate]),
  );
  const name = data?.sheet.name;
  useEffect(() => {
    if (name !== undefined) document.title = `Event Sheet: ${name} · Cater Captain`;
  }, [name]);
  // Not on this device: perhaps kept only in the account (fetched, then shown).
  if (!data) return <EventFromAccount id={sheetId} notFound={notFound} />;
  return (
    <EventSheetView
      sheet={data.sheet}
      costing={<CostingFigures costing={data.costing} heading="Cost, price and margin" compact />}
      actions={
        <>
          <ButtonLink href={routes.events} variant="outlineBlue">
            Back to Events
          </ButtonLink>
          <CustomerPageLink event={data.event} />
          <DocumentLinks id={data.sheet.id} />
          <Button variant="solidGreen" onClick={printSheet}>
            Print
          </Button>
          <IcsButton
            event={() => loadEvents(toISODate(new Date())).events.find((e) => e.id === parseSheetId(id))}
            name={data.sheet.name}
          />
        </>
      }
    />
  );
}
