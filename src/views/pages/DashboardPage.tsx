import { css } from 'styled-system/css';
import { Page } from '../components/Page';
import { TooltipButton } from '../components/TooltipButton';
import { DataView } from '../dashboard/DataView';
import { NeedToOrderPanel } from '../dashboard/NeedToOrderPanel';
import { ReplaceMockDialog } from '../dashboard/ReplaceMockDialog';
import { UpcomingEventsPanel } from '../dashboard/UpcomingEventsPanel';
import { PaymentsDuePanel } from '../dashboard/PaymentsDuePanel';
import { useDashboardActor, useMockData } from '../../app/dashboard/useDashboardActor';
import { useAfterPaint } from '../shell/afterPaint';

// Its lists read in slices before its first render (App.tsx `named`).
export { prepareDashboard as prepare } from '../../app/dashboard/prepareDashboard';

const toolbar = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '4', mb: '6' });
const hint = css({ bg: 'alertBg', color: 'alertFg', px: '3', py: '2', fontWeight: 'bold' });
const panels = css({ display: 'grid', gap: '6' });

export function DashboardPage() {
  const dashboard = useDashboardActor();
  const mock = useMockData(dashboard);
  // Payments Due and Need to Order are below the first screen and the slowest to work out (every open event's
  // total; every item against the window's events): drawn after the first paint, in a transition (issue 23).
  const painted = useAfterPaint();
  return (
    <Page title="Dashboard" heading="Dashboard">
      {/* Account sync's first sign-in question (src/views/sync/SyncQuestion.tsx), shown here by the sync chunk. */}
      <div data-sync-slot="question" />
      <div className={toolbar}>
        <TooltipButton
          variant="solidRed"
          tooltip="Load Mock Data into the app for testing. Click, then refresh page to view data."
          disabled={mock.busy}
          onClick={mock.load}
        >
          Use Mock Data
        </TooltipButton>
        <p role="status" className={mock.refreshToView ? hint : undefined}>
          {mock.refreshToView ? 'Mock data is loaded. Refresh the page to view it.' : ''}
        </p>
      </div>
      <ReplaceMockDialog
        open={mock.confirming}
        replacing={mock.replacing}
        onConfirm={mock.confirm}
        onCancel={mock.cancel}
      />
      <div className={panels}>
        <UpcomingEventsPanel dashboard={dashboard} />
        <PaymentsDuePanel dashboard={dashboard} ready={painted} />
        <NeedToOrderPanel dashboard={dashboard} ready={painted} />
        <DataView dashboard={dashboard} />
      </div>
    </Page>
  );
}
