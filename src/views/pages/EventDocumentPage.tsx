import { useCallback, useEffect, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import { Link, Redirect, useLocation } from 'wouter';
import { useAuth } from '../../app/auth/AuthContext';
import { useEventDocument } from '../../app/documents/useEventDocument';
import { useEventMoved } from '../../app/sync/eventMoves';
import { parseSheetId } from '../../domain/eventSheet';
import { statusOf } from '../../domain/eventStatus';
import { dollars, type DocumentKind } from '../../domain/invoice';
import { formatMoney } from '../../domain/money';
import { Button, ButtonLink } from '../components/Button';
import { eventSheetPath } from '../eventSheet/path';
import { DocumentPageView } from '../invoice/DocumentView';
import { documentPath } from '../invoice/path';
import { CustomerPageLink } from '../customers/CustomerLink';
import { EventFromAccount } from '../sync/EventFromAccount';
import { Loading } from '../shell/Loading';
import { routes } from '../shell/routes';

/** The browser's print dialog. */
const printDocument = () => window.print();

const notice = css({
  borderWidth: '2px',
  borderColor: 'border',
  bg: 'surface',
  px: '3',
  py: '2',
  display: 'flex',
  flexWrap: 'wrap',
  gap: '3',
  alignItems: 'center',
  _print: { display: 'none' },
});
const group = css({ display: 'flex', flexWrap: 'wrap', gap: '3' });
const changedNotice = css({ borderColor: 'alertFg', color: 'alertFg', fontWeight: 'bold' });

/**
 * An event's printable quote or invoice (/events/:id/quote, /events/:id/invoice, issue 22 part 4; matched by
 * NotFoundPage, which passes the id, the kind and its not-found page).
 */
export function EventDocumentPage({
  id,
  kind,
  notFound,
}: {
  id: string | undefined;
  kind: DocumentKind;
  notFound: ReactNode;
}) {
  const { status } = useAuth();
  if (status === 'checking') return <Loading>Checking your session…</Loading>;
  if (status === 'signedOut') return <Redirect to={routes.login} replace />;
  return <EventDocument id={id} kind={kind} notFound={notFound} />;
}

function EventDocument({ id, kind, notFound }: { id: string | undefined; kind: DocumentKind; notFound: ReactNode }) {
  const eventId = parseSheetId(id);
  // The hook keeps the event on this device while the page is shown (issue 24 part 7).
  const { data, error, busy, issue } = useEventDocument(eventId, kind);
  // Moved by sync to a free id (another device had added an event with its number): the page follows it.
  const [, navigate] = useLocation();
  useEventMoved(
    eventId,
    useCallback((to: number) => navigate(documentPath(to, kind), { replace: true }), [navigate, kind]),
  );
  const title = data
    ? `${data.view.title}${data.view.number ? ` ${data.view.number}` : ''}: ${data.event.EventName}`
    : null;
  useEffect(() => {
    if (title !== null) document.title = `${title} · Cater Captain`;
  }, [title]);
  // Not on this device: perhaps kept only in the account (fetched, then shown).
  if (!data) return <EventFromAccount id={eventId} notFound={notFound} />;
  const { view } = data;
  const status = statusOf(data.event);
  const word = kind === 'invoice' ? 'invoice' : 'quote';
  const notices = (
    <>
      {!data.hasProfile ? (
        <p className={notice} role="note">
          Add your business name, address and tax details in&nbsp;
          <Link href={routes.settings}>Business Settings</Link>.
        </p>
      ) : null}
      {!view.number ? (
        <p className={notice} role="note">
          This {word} is not issued yet. Issue {word} gives it the next number and freezes its prices
          {kind === 'quote' && status === 'enquiry' ? ', and marks the event Quoted' : ''}.
        </p>
      ) : null}
      {kind === 'quote' && status === 'cancelled' ? (
        <p className={notice} role="note">
          This event is cancelled. You can still issue a quote (say the client asks again); the event stays Cancelled.
        </p>
      ) : null}
      {view.number && view.issuedAs ? (
        <p className={notice} role="note">
          This {word} was issued as {view.issuedAs}, a number another device also gave to a revision of it, so it is now{' '}
          {view.number} (both are kept). Give the customer this number.
        </p>
      ) : null}
      {view.changed ? (
        <p className={`${notice} ${changedNotice}`} role="alert">
          Prices changed since {word} {view.number} was issued
          {view.live ? ` (the total is now ${formatMoney(dollars(view.live.totalCents))})` : ''}. Issue revised {word}{' '}
          to give the customer the new figures.
        </p>
      ) : null}
      {view.changedDetails.length ? (
        <p className={`${notice} ${changedNotice}`} role="alert">
          The event changed since {word} {view.number} was issued ({view.changedDetails.join(', ')}): it shows them as
          issued. Issue revised {word} to give the customer the new details.
        </p>
      ) : null}
      {error ? (
        <p className={`${notice} ${changedNotice}`} role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
  return (
    <DocumentPageView
      view={view}
      event={view.printedEvent ?? data.event}
      profile={data.profile}
      notices={notices}
      actions={
        <>
          <span className={group}>
            <ButtonLink href={routes.events} variant="outlineBlue">
              Back to Events
            </ButtonLink>
            <ButtonLink href={eventSheetPath(data.event.id)} variant="outlineBlue">
              Event Sheet
            </ButtonLink>
            <CustomerPageLink event={data.event} />
          </span>
          <span className={group}>
            {!view.number ? (
              <Button variant="solidBlue" onClick={issue} disabled={!view.live || busy} aria-busy={busy}>
                Issue {word}
              </Button>
            ) : view.changed || view.changedDetails.length ? (
              <Button variant="solidBlue" onClick={issue} disabled={!view.live || busy} aria-busy={busy}>
                Issue revised {word}
              </Button>
            ) : null}
            <Button variant="solidGreen" onClick={printDocument}>
              Print
            </Button>
          </span>
        </>
      }
    />
  );
}
