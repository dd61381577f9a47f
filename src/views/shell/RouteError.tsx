import { css } from 'styled-system/css';
import { Button } from '../components/Button';
import { Page } from '../components/Page';

const panel = css({
  maxW: '60ch',
  mx: 'auto',
  my: '10',
  p: '6',
  display: 'grid',
  gap: '4',
  justifyItems: 'start',
  bg: 'surface',
  borderWidth: '2px',
  borderColor: 'border',
  borderTopWidth: '6px',
  borderTopColor: 'accent',
  fontSize: 'lg',
});

const messages = {
  failed: 'This page could not be loaded. Check your connection, then try again.',
  offline: 'You are offline. This page will load as soon as you are back online.',
  newVersion: 'A new version is available — reload',
} as const;

/** A route whose code could not be loaded: shown inside the layout, so the nav and footer stay. */
export function RouteError({
  shows,
  onRetry,
  onReload,
}: {
  shows: keyof typeof messages;
  onRetry: () => void;
  onReload: () => void;
}) {
  return (
    <Page title={shows === 'newVersion' ? 'New version available' : 'Page not loaded'}>
      <div role="alert" className={panel}>
        <p>{messages[shows]}</p>
        {shows === 'newVersion' ? (
          <Button variant="solidGreen" onClick={onReload}>
            Reload
          </Button>
        ) : (
          <Button variant="solidGreen" onClick={onRetry}>
            Retry
          </Button>
        )}
      </div>
    </Page>
  );
}
