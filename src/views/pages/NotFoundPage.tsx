import { useRoute } from 'wouter';
import { css } from 'styled-system/css';
import { RequireAuth } from '../auth/RequireAuth';
import { ButtonLink } from '../components/Button';
import { Page } from '../components/Page';
import { eventSheetRoute } from '../eventSheet/path';
import { routePage } from '../shell/RouteBoundary';

/** The page of a path no route of App.tsx matched. */
export function PageNotFound() {
  return (
    <Page title="Page Not Found">
      <div className={css({ textAlign: 'center', display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '4' })}>
        <h1 className={css({ fontSize: { base: '2xl', md: '4xl' }, color: 'accent' })}>404 - Page Not Found</h1>
        <img src="/media/soup.svg" alt="An empty soup bowl with a spoon" width={260} height={200} />
        <p className={css({ fontSize: 'lg', maxW: '50ch' })}>
          Looks like this page is in the soup! We stirred the whole pot and found nothing but broth. Let&apos;s get you back to the main course.
        </p>
        <ButtonLink href="/" variant="solidGreen">
          Homepage
        </ButtonLink>
      </div>
    </Page>
  );
}

// The landing page's script budget is spent: routes with a parameter, added since, are matched here
// in the fallback's own chunk, and each loads its page from a chunk of its own, like App.tsx's routes.
const EventSheetPage = routePage('EventSheetPage', () => import('./EventSheetPage').then((m) => m.EventSheetPage));

export function NotFoundPage() {
  const [isEventSheet] = useRoute(eventSheetRoute);
  if (isEventSheet) {
    return (
      <RequireAuth>
        <EventSheetPage />
      </RequireAuth>
    );
  }
  return <PageNotFound />;
}
