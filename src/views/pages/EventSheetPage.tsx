import { useEffect } from 'react';
import { useRoute } from 'wouter';
import { parseSheetId } from '../../domain/eventSheet';
import { Redirect } from 'wouter';
import { useAuth } from '../auth/AuthContext';
import { Loading } from '../shell/Loading';
import { Button, ButtonLink } from '../components/Button';
import { EventSheetView } from '../eventSheet/EventSheetView';
import { useEventSheet } from '../eventSheet/useEventSheet';
import { routes } from '../shell/routes';
import { eventSheetRoute } from '../eventSheet/path';
import { PageNotFound } from './NotFoundPage';

/** The browser's print dialog (the page has no machine: printing is its one action). */
const printSheet = () => window.print();

/**
 * The printable sheet of one event (/events/:id/sheet, matched by NotFoundPage). An id that names no event shows the app's
 * not-found page with its way back. The `costing` spot is left for the event's cost and margin
 * figures (src/domain/costing.ts, issue 11 part 4) to be shown under the pricing summary.
 */
export function EventSheetPage() {
  const { status } = useAuth();
  if (status === 'checking') return <Loading>Checking your session…</Loading>;
  if (status === 'signedOut') return <Redirect to={routes.login} replace />;
  return <EventSheet />;
}

function EventSheet() {
  const [, params] = useRoute<{ id: string }>(eventSheetRoute);
  const sheet = useEventSheet(parseSheetId(params?.id));
  const name = sheet?.name;
  useEffect(() => {
    if (name !== undefined) document.title = `Event Sheet: ${name} · Cater Captain`;
  }, [name]);
  if (!sheet) return <PageNotFound />;
  return (
    <EventSheetView
      sheet={sheet}
      costing={null}
      actions={
        <>
          <ButtonLink href={routes.events} variant="outlineBlue">
            Back to Events
          </ButtonLink>
          <Button variant="solidGreen" onClick={printSheet}>
            Print
          </Button>
        </>
      }
    />
  );
}
