import { css } from 'styled-system/css';
import { AddItemForm } from '../inventory/AddItemForm';
import { EditItemDialog } from '../inventory/EditItemDialog';
import { ItemList } from '../inventory/ItemList';
import { useInventoryBoard, type InventoryBoardRef } from '../../app/inventory/useInventoryBoard';
import { useSelector } from '@xstate/react';
import { Page } from '../components/Page';

// The lists its first render reads, read ahead while its code loads (App.tsx `named`, issue 23).
export { prepareInventory as prepare } from '../../app/prepareLists';

const layout = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', lg: 'minmax(320px, 420px) 1fr' },
  gap: '6',
  alignItems: 'start',
});

function ItemCount({ board }: { board: InventoryBoardRef }) {
  return <>{useSelector(board, (s) => s.context.items.length)}</>;
}

export function InventoryPage() {
  const board = useInventoryBoard();
  return (
    <Page title="Inventory" heading="Inventory">
      <div className={layout}>
        <AddItemForm board={board} />
        <section aria-labelledby="items-heading">
          <h2 id="items-heading" className={css({ fontSize: 'xl', color: 'secondary', mb: '3' })}>
            Items (<ItemCount board={board} />)
          </h2>
          <ItemList board={board} />
        </section>
      </div>
      <EditItemDialog board={board} />
    </Page>
  );
}
