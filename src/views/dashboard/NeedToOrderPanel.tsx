import { Checkbox } from '@ark-ui/react/checkbox';
import { css } from 'styled-system/css';
import { ExportButtons } from './ExportButtons';
import { Panel } from './Panel';
import { useNeedToOrder, type DashboardRef } from './useDashboardActor';

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
});
const name = css({ fontFamily: 'heading', fontWeight: 'bold', lineClamp: 3 });
const meta = css({ fontSize: 'sm' });
const qty = css({ fontWeight: 'bold' });
const checkRoot = css({ display: 'inline-flex', alignItems: 'center', gap: '2', cursor: 'pointer', mt: '1', fontWeight: 'bold', fontSize: 'sm' });
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

export function NeedToOrderPanel({ dashboard }: { dashboard: DashboardRef }) {
  const { items, exportRows, toggle } = useNeedToOrder(dashboard);
  return (
    <Panel heading="Need to Order" actions={<ExportButtons collection="NeedToOrderItems" label="NeedToOrderItems" rows={exportRows} />}>
      {items.length === 0 ? (
        <p className={meta}>Nothing needs ordering right now.</p>
      ) : (
        <ul className={grid}>
          {items.map(({ item, placed }) => (
            <li key={item.id} className={card} aria-label={item.name} data-placed={placed || undefined}>
              <span className={name} title={item.name}>{item.name}</span>
              <span className={meta}>
                On hand <span className={qty}>{item.quantity}</span> · Re-order at <span className={qty}>{item.whenToOrder}</span>
              </span>
              <span className={meta}>
                {item.amountPerUnit} {item.unit} {item.packageType} · {item.supplierName || 'No supplier'}
              </span>
              <Checkbox.Root className={checkRoot} checked={placed} onCheckedChange={() => toggle(item.id)}>
                <Checkbox.Control className={control}>
                  <Checkbox.Indicator>✓</Checkbox.Indicator>
                </Checkbox.Control>
                <Checkbox.Label>Order placed</Checkbox.Label>
                <Checkbox.HiddenInput />
              </Checkbox.Root>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
