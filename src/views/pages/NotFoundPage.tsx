import { useRoute } from 'wouter';
import { css } from 'styled-system/css';
import { ButtonLink } from '../components/Button';
import { Page } from '../components/Page';
import { lazy, Suspense } from 'react';
import { Loading } from '../shell/Loading';
import { customerRoute, eventDocumentRoute, eventSheetRoute } from '../shell/fallbackRoutes';

/** The page of a path no route of App.tsx matched. */
export function PageNotFound() {
  return (
    <Page title="Page Not Found">
      <div
        className={css({
          textAlign: 'center',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          gap: '4',
        })}
      >
        <h1 className={css({ fontSize: { base: '2xl', md: '4xl' }, color: 'accent' })}>404 - Page Not Found</h1>
        <img src="/media/soup.svg" alt="An empty soup bowl with a spoon" width={260} height={200} />
        <p className={css({ fontSize: 'lg', maxW: '50ch' })}>
          Looks like this page is in the soup! We stirred the whole pot and found nothing but broth. Let&apos;s get you
          back to the main course.
        </p>
        <ButtonLink href="/" variant="solidGreen">
          Homepage
        </ButtonLink>
      </div>
    </Page>
  );
}

// The landing page's script budget is spent: routes with a parameter, added since, are matched here
// in the fallback's own chunk. The event sheet ships in the Events page's chunk, which holds all it
// needs (a chunk of its own would add new shared chunks, and their names, to the landing bundle). A
// failed load is forgotten, so the route boundary's Retry (this page renders inside it) imports it
// again. (Importing RequireAuth or RouteBoundary here would split the landing bundle in more chunks.)
function lazySheet() {
  return lazy(() =>
    import('./EventsPage').then(
      async (m) => {
        // The lists its first render reads, read ahead in background slices (issue 23).
        await m.prepareEventSheet();
        return { default: m.EventSheetPage };
      },
      (error: unknown) => {
        EventSheetPage = lazySheet();
        throw error;
      },
    ),
  );
}
let EventSheetPage = lazySheet();
// Issue 22 part 6: one customer's page, in the Customers page's chunk (same rules as the sheet above).
function lazyCustomer() {
  return lazy(() =>
    import('./CustomersPage').then(
      async (m) => {
        await m.prepare();
        return { default: m.CustomerFallbackPage };
      },
      (error: unknown) => {
        CustomerPage = lazyCustomer();
        throw error;
      },
    ),
  );
}
let CustomerPage = lazyCustomer();

// The quote and invoice pages (issue 22, part 4) ship in the same chunk as the event sheet, loaded the same way.
function lazyDocument() {
  return lazy(() =>
    import('./EventsPage').then(
      async (m) => {
        await m.prepareEvents();
        return { default: m.EventDocumentPage };
      },
      (error: unknown) => {
        EventDocumentPage = lazyDocument();
        throw error;
      },
    ),
  );
}
let EventDocumentPage = lazyDocument();

export function NotFoundPage() {
  const [isEventSheet, params] = useRoute<{ id: string }>(eventSheetRoute);
  const [isDocument, documentParams] = useRoute<{ id: string; kind: string }>(eventDocumentRoute);
  const [isCustomer, customer] = useRoute<{ id: string }>(customerRoute);
  if (isDocument) {
    return (
      <Suspense fallback={<Loading />}>
        <EventDocumentPage
          id={documentParams.id}
          kind={documentParams.kind.toLowerCase() === 'quote' ? 'quote' : 'invoice'}
          notFound={<PageNotFound />}
        />
      </Suspense>
    );
  }
  if (isEventSheet) {
    return (
      <Suspense fallback={<Loading />}>
        <EventSheetPage id={params.id} notFound={<PageNotFound />} />
      </Suspense>
    );
  }
  if (isCustomer) {
    return (
      <Suspense fallback={<Loading />}>
        <CustomerPage id={customer.id} />
      </Suspense>
    );
  }
  return <PageNotFound />;
}
