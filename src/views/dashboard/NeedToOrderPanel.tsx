import { Checkbox } from '@ark-ui/react/checkbox';
import { memo, useDeferredValue } from 'react';
import { css } from 'styled-system/css';
import { neededForEventsText, specialtyForText } from '../../domain/needToOrder';
import { packageLabel, packagesText, specialtyPackageLabel } from '../../domain/orderLists';
import { ShowMore, useShowMore } from '../components/ShowMore';
import { ExportButtons } from './ExportButtons';
import { OrderLists } from './OrderLists';
import { Panel } from './Panel';
import { useNeedToOrder, useOrderToggle, type DashboardRef } from '../../app/dashboard/useDashboardActor';

const grid = css({
  listStyle: 'none',
  p: '1',
  m: 0,
  display: 'grid',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' },
  gap: '3',
  maxH: '300px',
  overflowY: 'auto',
});
const card = css({
  bg: 'surfaceRaised',
  color: 'fg',
  borderWidth: '2px',
  borderStyle: 'solid',
  borderColor: 'accent',
  p: '3',
  display: 'grid',
  gap: '1',
  alignContent: 'start',
  '&[data-placed]': { bg: 'fg', color: 'bg', borderColor: 'fg' },
  // The cards off the screen are not laid out or painted (a change of window changes every card's figures:
  // painting the page's 50 took a third of that frame, issue 23); their last size is kept once drawn.
  contentVisibility: 'auto',
  containIntrinsicSize: 'auto 200px',
});
const name = css({ fontFamily: 'heading', fontWeight: 'bold', lineClamp: 3 });
const meta = css({ fontSize: 'sm' });
const qty = css({ fontWeight: 'bold' });
const figures = css({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  columnGap: '2',
  fontSize: 'sm',
  m: 0,
  '& dd': { m: 0, fontWeight: 'bold' },
});
const checkRoot = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2',
  cursor: 'pointer',
  mt: '1',
  fontWeight: 'bold',
  fontSize: 'sm',
});
const control = css({
  width: '5',
  height: '5',
  borderWidth: '2px',
  borderStyle: 'solid',
  borderColor: 'currentColor',
  display: 'grid',
  placeItems: 'center',
  flexShrink: 0,
  _checked: { bg: 'primary', borderColor: 'primary', color: 'onSolid' },
  '&[data-focus-visible]': { outline: '3px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
});
const windowPicker = css({
  border: 'none',
  p: 0,
  m: 0,
  fontSize: 'sm',
  display: { md: 'flex' },
  alignItems: 'center',
  gap: '3',
});
const legend = css({ fontWeight: 'bold', p: 0, mb: { base: '1', md: 0 }, float: { md: 'left' } });
const options = css({ display: 'flex', flexWrap: 'wrap', gap: '4' });
const option = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  cursor: 'pointer',
  '& input': { accentColor: 'var(--colors-primary)', width: '4', height: '4' },
});
const note = css({ bg: 'alertBg', color: 'alertFg', px: '3', py: '2', fontSize: 'sm' });

/** Drawn again only when its mark changes (issue 23): `toggle` is the page's one function (useOrderToggle). */
const OrderPlaced = memo(function OrderPlaced({
  id,
  placed,
  toggle,
}: {
  id: string;
  placed: boolean;
  toggle: (id: string) => void;
}) {
  return (
    <Checkbox.Root className={checkRoot} checked={placed} onCheckedChange={() => toggle(id)}>
      <Checkbox.Control className={control}>
        <Checkbox.Indicator>✓</Checkbox.Indicator>
      </Checkbox.Control>
      <Checkbox.Label>Order placed</Checkbox.Label>
      <Checkbox.HiddenInput />
    </Checkbox.Root>
  );
});

/**
 * Need to Order of the chosen window, with the suppliers' order lists. Working it out reads every inventory item
 * against the window's events: with `ready` false (the Dashboard's first paint, issue 23) only the heading.
 */
export function NeedToOrderPanel({ dashboard, ready = true }: { dashboard: DashboardRef; ready?: boolean }) {
  return ready ? <NeedToOrder dashboard={dashboard} /> : <Panel heading="Need to Order" busy />;
}

function NeedToOrder({ dashboard }: { dashboard: DashboardRef }) {
  const { lines, specialty, lists, today, days, chosen, windows, eventsCounted, undated, exportRows, setWindow } =
    useNeedToOrder(dashboard);
  const toggle = useOrderToggle(dashboard);
  // A page of cards at a time: inventory lines first, then specialty ingredients.
  const page = useShowMore(lines.length + specialty.length, 50);
  const shownLines = lines.slice(0, page.shown);
  const shownSpecialty = specialty.slice(0, Math.max(0, page.shown - lines.length));
  // The suppliers' order lists, below the lines, follow a change of window in a render of their own after the
  // frame that shows the window's lines (issue 23: they were half of that frame's work); busy until then.
  const shownLists = useDeferredValue(lists);
  return (
    <Panel
      heading="Need to Order"
      subtitle={`Counting ${eventsCounted} ${eventsCounted === 1 ? 'event' : 'events'} in the next ${days} days`}
      // The window chosen is being worked out (the lines of the one before are shown until it is).
      busy={days !== chosen}
      actions={<ExportButtons collection="NeedToOrderItems" label="NeedToOrderItems" rows={exportRows} />}
    >
      <fieldset className={windowPicker}>
        <legend className={legend}>Count events in the next</legend>
        <div className={options}>
          {windows.map((n) => (
            <label key={n} className={option}>
              <input type="radio" name="demand-window" value={n} checked={chosen === n} onChange={() => setWindow(n)} />
              {n} days
            </label>
          ))}
        </div>
      </fieldset>
      {undated.length > 0 ? (
        <p className={note}>
          {undated.length === 1 ? '1 event has' : `${undated.length} events have`} no readable date and{' '}
          {undated.length === 1 ? 'is' : 'are'} not counted:{' '}
          {undated.map((e) => e.EventName || `Event ${e.id}`).join(', ')}. Fix the date in Event Management.
        </p>
      ) : null}
      {lines.length === 0 && specialty.length === 0 ? (
        <p className={meta}>Nothing needs ordering right now.</p>
      ) : (
        <ul className={grid}>
          {shownLines.map((line) => (
            <li key={line.item.id} className={card} aria-label={line.item.name} data-placed={line.placed || undefined}>
              <span className={name} title={line.item.name}>
                {line.item.name}
              </span>
              <dl className={figures}>
                <dt>On hand</dt>
                <dd>{line.item.quantity}</dd>
                <dt>Re-order level</dt>
                <dd>{line.item.whenToOrder}</dd>
                <dt>Suggested order</dt>
                <dd>
                  {line.suggested} × {packageLabel(line.item, line.suggested) || 'package'}
                </dd>
              </dl>
              <span className={meta}>
                <span className={qty}>{neededForEventsText(line)}</span>
              </span>
              <span className={meta}>{line.item.supplierName || 'No supplier'}</span>
              <OrderPlaced id={line.item.id} placed={line.placed} toggle={toggle} />
            </li>
          ))}
          {shownSpecialty.map((line) => (
            <li key={line.id} className={card} aria-label={line.name} data-placed={line.placed || undefined}>
              <span className={name} title={line.name}>
                {line.name}
              </span>
              <span className={meta}>Specialty ingredient for {specialtyForText(line)}</span>
              <dl className={figures}>
                <dt>On hand</dt>
                <dd>No</dd>
                <dt>To order</dt>
                <dd>
                  {packagesText({ packages: line.quantity, packageLabel: specialtyPackageLabel(line, line.quantity) })}
                </dd>
              </dl>
              <span className={meta}>{line.supplierName.trim() || 'No supplier'}</span>
              <OrderPlaced id={line.id} placed={line.placed} toggle={toggle} />
            </li>
          ))}
        </ul>
      )}
      <ShowMore list={page} noun="lines to order" />
      {shownLists.length > 0 ? (
        <OrderLists dashboard={dashboard} lists={shownLists} today={today} busy={shownLists !== lists} />
      ) : null}
    </Panel>
  );
}
