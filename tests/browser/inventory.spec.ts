import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/auth';
import { expectPageBehindRestored, expectPageBehindStill } from './support/pageBehind';

const suppliers = [
  {
    supplierID: 'S1',
    supplierName: 'Harbour Dairy',
    email: 'h@d.ca',
    phone: '555',
    contractStatus: 'active',
    startDate: '2025-01-01',
    endDate: '2026-01-01',
  },
  {
    supplierID: 'S2',
    supplierName: 'Dockside Produce',
    email: 'd@p.ca',
    phone: '556',
    contractStatus: 'active',
    startDate: '2025-01-01',
    endDate: '2026-01-01',
  },
];
const item = (id: string, name: string, quantity: number, whenToOrder: number) => ({
  id,
  sku: `SKU-${id}`,
  name,
  category: 'Dairy',
  amountPerUnit: 1,
  unit: 'kg',
  packageType: 'box',
  quantity,
  costPerUnit: 2,
  whenToOrder,
  supplierName: 'Harbour Dairy',
});

async function open(page: Page, items: unknown[] = []) {
  await signIn(page);
  await page.evaluate(
    ([s, i]) => {
      localStorage.setItem('suppliers', JSON.stringify(s));
      localStorage.setItem('inventoryItems', JSON.stringify(i));
    },
    [suppliers, items] as const,
  );
  await page.goto('/Inventory');
  await expect(page.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible();
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const list = (page: Page) => page.getByRole('list', { name: 'Inventory items' });
const names = (page: Page) => list(page).getByRole('heading', { level: 3 }).allTextContents();
const stored = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('inventoryItems') ?? '[]') as Array<Record<string, unknown>>);

async function fillItem(page: Page, values: Partial<Record<string, string>>) {
  for (const [label, value] of Object.entries(values)) await page.getByLabel(label, { exact: true }).fill(value!);
}

test('adds items: valid, invalid numbers (alert), missing SKU (silent), with defaults and supplier fallback', async ({
  page,
}) => {
  await open(page);
  await expect(page.getByRole('combobox', { name: 'Unit Measurement' })).toHaveText(/kg/);
  await expect(page.getByRole('combobox', { name: 'Package Type' })).toHaveText(/box/);
  await expect(page.getByRole('combobox', { name: 'Supplier Name' })).toHaveText(/Select a Supplier/);

  const alerts: string[] = [];
  page.on('dialog', (d) => {
    alerts.push(d.message());
    void d.accept();
  });
  await fillItem(page, {
    SKU: 'CR-1',
    'Item Name': 'Cream',
    'Amount per Unit': 'two',
    'Cost per Unit': '3.5',
    'On-hand Quantity': '10',
    'Re-order Qty': '2',
  });
  await page.getByRole('button', { name: 'Add Item' }).click();
  await expect.poll(() => alerts).toEqual(['Please enter valid numerical values.']);
  await expect(list(page)).toHaveCount(0);

  await page.getByLabel('Amount per Unit').fill('1.5');
  await page.getByLabel('SKU').fill('');
  await page.getByRole('button', { name: 'Add Item' }).click();
  await expect(page.getByLabel('Item Name')).toHaveValue('Cream');
  expect(alerts).toHaveLength(1);
  expect(await stored(page)).toEqual([]);

  await page.getByLabel('SKU').fill('CR-1');
  await choose(page, 'Category', 'Dairy');
  await choose(page, 'Unit Measurement', 'fluid oz');
  await page.getByRole('button', { name: 'Add Item' }).click();
  await expect(list(page).getByRole('heading', { name: 'Cream' })).toBeVisible();
  await expect(page.getByLabel('SKU')).toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Unit Measurement' })).toHaveText(/kg/);
  await expect.poll(async () => (await stored(page)).length).toBe(1);
  const [saved] = await stored(page);
  expect(saved).toMatchObject({
    sku: 'CR-1',
    name: 'Cream',
    category: 'Dairy',
    unit: 'flOz',
    amountPerUnit: 1.5,
    costPerUnit: 3.5,
    quantity: 10,
    whenToOrder: 2,
    supplierName: 'Harbour Dairy',
  });
  expect(String(saved!.id)).toMatch(/^\d{13}/);

  await fillItem(page, {
    SKU: 'LE-1',
    'Item Name': 'Lemons',
    'Amount per Unit': '1',
    'Cost per Unit': '1',
    'On-hand Quantity': '1',
    'Re-order Qty': '5',
  });
  await choose(page, 'Supplier Name', 'Dockside Produce');
  await page.getByRole('button', { name: 'Add Item' }).click();
  await expect(list(page).getByRole('heading', { name: 'Lemons' })).toBeVisible();
  await expect.poll(async () => (await stored(page))[1]).toMatchObject({ supplierName: 'Dockside Produce' });
});

test('a low-stock item is highlighted and announced; cards expand on their own', async ({ page }) => {
  await open(page, [item('1', 'Butter', 2, 5), item('2', 'Flour', 20, 5)]);
  const butter = list(page).getByRole('listitem', { name: 'Butter' });
  const flour = list(page).getByRole('listitem', { name: 'Flour' });
  await expect(butter.getByRole('img', { name: 'Low stock: re-order needed' })).toBeVisible();
  await expect(flour.getByRole('img', { name: /Low stock/ })).toHaveCount(0);
  const outline = await butter.locator('article').evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).toBe('solid');

  await butter.getByRole('button', { name: 'More Details' }).click();
  await expect(butter.getByText('SKU-1')).toBeVisible();
  await expect(flour.getByText('SKU-2')).toHaveCount(0);
  await butter.getByRole('button', { name: 'Hide Details' }).click();
  await expect(butter.getByText('SKU-1')).toHaveCount(0);
});

test('each item’s Edit and Delete buttons name their item for a screen reader; the visible words stay Edit and Delete', async ({
  page,
}) => {
  await open(page, [item('1', 'Butter', 2, 5), item('2', 'Flour', 20, 5)]);
  for (const name of ['Butter', 'Flour']) {
    const row = list(page).getByRole('listitem', { name });
    const edit = row.getByRole('button', { name: `Edit item ${name}`, exact: true });
    const remove = row.getByRole('button', { name: `Delete item ${name}`, exact: true });
    await expect(edit).toBeVisible();
    await expect(remove).toBeVisible();
    await expect(edit).toHaveText('Edit');
    await expect(remove).toHaveText('Delete');
  }
  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
});

test('edits through the modal: invalid numbers keep it open, Save and Cancel close it; Delete removes', async ({
  page,
}) => {
  await open(page, [item('1', 'Butter', 2, 5), item('2', 'Flour', 20, 5)]);
  const butter = list(page).getByRole('listitem', { name: 'Butter' });
  await butter.getByRole('button', { name: 'Edit item Butter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Item' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Cost per Unit').fill('cheap');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Cost per Unit must be a number from 0 to 10,000,000.')).toBeVisible();
  await dialog.getByLabel('Cost per Unit').fill('4.25');
  await dialog.getByLabel('On-hand Quantity').fill('9');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  // The keyboard's place is kept: the focus goes back to the Edit button that opened the dialog.
  await expect(butter.getByRole('button', { name: 'Edit item Butter' })).toBeFocused();
  await expect(butter.getByText('On-hand Quantity: 9')).toBeVisible();
  await expect(butter.getByRole('img', { name: /Low stock/ })).toHaveCount(0);
  await expect.poll(async () => (await stored(page))[0]).toMatchObject({ costPerUnit: 4.25, quantity: 9 });

  await butter.getByRole('button', { name: 'Edit item Butter' }).click();
  await dialog.getByLabel('Item Name').fill('Changed');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(butter.getByRole('button', { name: 'Edit item Butter' })).toBeFocused();
  await expect(list(page).getByRole('heading', { name: 'Butter' })).toBeVisible();

  await list(page).getByRole('listitem', { name: 'Flour' }).getByRole('button', { name: 'Delete item Flour' }).click();
  await expect(list(page).getByRole('listitem', { name: 'Flour' })).toHaveCount(0);
  await expect.poll(async () => (await stored(page)).map((i) => i.name)).toEqual(['Butter']);
});

test('the Edit Item dialog’s selects start on first use; the keyboard and the mouse choose as before, and the choices are saved (issue 23, sixth pass)', async ({
  page,
}) => {
  await open(page, [item('1', 'Butter', 2, 5)]);
  const butter = list(page).getByRole('listitem', { name: 'Butter' });
  await butter.getByRole('button', { name: 'Edit item Butter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Item' });
  await expect(dialog.getByLabel('SKU')).toBeFocused();
  const category = dialog.getByRole('combobox', { name: 'Category' });
  const unit = dialog.getByRole('combobox', { name: 'Unit Measurement' });
  // At open: named, showing their values, closed, and no select machine started yet.
  await expect(category).toHaveText(/Dairy/);
  await expect(unit).toHaveText(/kg/);
  await expect(dialog.getByRole('combobox', { name: 'Package Type' })).toHaveText(/box/);
  await expect(dialog.getByRole('combobox', { name: 'Supplier Name' })).toHaveText(/Harbour Dairy/);
  await expect(category).toHaveAttribute('aria-expanded', 'false');
  await expect(dialog.locator('[data-startonuse]')).toHaveCount(4);

  // The keyboard: Tab to Category, ArrowDown opens it on the current one, ArrowDown and Enter choose the next.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(category).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('listbox')).toBeVisible();
  await expect(dialog.getByRole('option', { name: 'Dairy' })).toHaveAttribute('data-highlighted', '');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('listbox')).toBeHidden();
  await expect(category).toHaveText(/Frozen/);
  await expect(category).toBeFocused();
  // Escape in the open select closes the select only.
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('listbox')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog.getByRole('listbox')).toBeHidden();
  await expect(dialog).toBeVisible();

  // The mouse: a click opens Unit Measurement, a click on an option chooses it.
  await unit.click();
  await expect(dialog.getByRole('listbox')).toBeVisible();
  await dialog.getByRole('option', { name: 'lbs', exact: true }).click();
  await expect(unit).toHaveText(/lbs/);
  await expect(dialog.locator('[data-startonuse]')).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await stored(page))[0]).toMatchObject({ category: 'Frozen', unit: 'lbs' });
});

test('the page behind the Edit Item dialog does not scroll, and is where it was after (issue 23)', async ({ page }) => {
  await open(
    page,
    Array.from({ length: 80 }, (_, i) => item(String(i + 1), `Bulk Item ${i + 1}`, 20, 5)),
  );
  await expect(list(page).getByRole('listitem', { name: 'Bulk Item 1', exact: true })).toBeVisible();
  // The page scrolls to its end (the list scrolls on its own below it).
  const at = await page.evaluate(() => (window.scrollTo(0, document.documentElement.scrollHeight), window.scrollY));
  expect(at).toBeGreaterThan(100);
  const edit = list(page)
    .getByRole('listitem')
    .first()
    .getByRole('button', { name: 'Edit item Bulk Item 1', exact: true });
  await edit.click();
  const dialog = page.getByRole('dialog', { name: 'Edit Item' });
  await expect(dialog).toBeVisible();
  // The wheel over the dialog moves nothing behind it.
  await expectPageBehindStill(page, dialog, at, { wheels: 4, deltaY: -1500 });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expectPageBehindRestored(page, at);
  await expect(edit).toBeFocused();
});

test('the Edit Item dialog is modal without restyling the page behind it (issue 23)', async ({ page }) => {
  await open(page, [item('1', 'Butter', 2, 5), item('2', 'Flour', 20, 5)]);
  const edit = list(page).getByRole('listitem', { name: 'Butter' }).getByRole('button', { name: 'Edit item Butter' });
  const dialog = page.getByRole('dialog', { name: 'Edit Item' });
  const inside = () => page.evaluate(() => !!document.querySelector('[role=dialog]')?.contains(document.activeElement));
  for (const close of ['the backdrop', 'Escape']) {
    await edit.click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    // Ark's modal set pointer-events: none on <body> (and back on close): the whole page restyled twice.
    expect(
      await page.evaluate(() => [document.body.style.pointerEvents, getComputedStyle(document.body).pointerEvents]),
    ).toEqual(['', 'auto']);
    // Screen readers find only the dialog, as with Ark's modal.
    await expect(page.getByRole('heading', { level: 1, name: 'Inventory' })).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Inventory items' })).toHaveCount(0);
    // The keyboard stays inside.
    for (let i = 0; i < 16; i++) {
      await page.keyboard.press(i % 5 === 4 ? 'Shift+Tab' : 'Tab');
      expect(await inside()).toBe(true);
    }
    if (close === 'Escape') await page.keyboard.press('Escape');
    else await page.mouse.click(4, 4);
    await expect(dialog).toBeHidden();
    await expect(edit).toBeFocused();
    await expect(page.getByRole('heading', { level: 1, name: 'Inventory' })).toHaveCount(1);
    expect(await page.evaluate(() => document.querySelectorAll('[aria-hidden="true"][data-aria-hidden]').length)).toBe(
      0,
    );
  }
  // A click on the page behind (the nav's Menu button, above the dialog) lands on the backdrop: the dialog
  // closes, the menu does not open.
  const menu = await page.getByRole('button', { name: 'Menu', exact: true }).boundingBox();
  await edit.click();
  await expect(dialog).toBeVisible();
  await page.mouse.click(menu!.x + menu!.width / 2, menu!.y + menu!.height / 2);
  await expect(dialog).toBeHidden();
  await page.waitForTimeout(300);
  await expect(page.getByRole('menu')).toHaveCount(0);
});

test('reorders by keyboard and by mouse drag, and the order survives a reload', async ({ page }) => {
  await open(page, [item('1', 'Apples', 10, 1), item('2', 'Butter', 10, 1), item('3', 'Cheese', 10, 1)]);
  expect(await names(page)).toEqual(['Apples', 'Butter', 'Cheese']);

  await page.getByRole('button', { name: 'Reorder Apples' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByText(/Picked up Apples/)).toBeAttached();
  // dnd-kit's keyboard sensor starts listening for arrow keys in a setTimeout(0) after the pick-up;
  // a timeout queued now runs after it, so the arrow key is never pressed into the gap.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  await page.keyboard.press('ArrowDown');
  await expect(page.getByText(/Apples moved to position 2 of 3/)).toBeAttached();
  await page.keyboard.press('Space');
  await expect.poll(() => names(page)).toEqual(['Butter', 'Apples', 'Cheese']);
  await expect(page.getByText(/Apples dropped at position 2 of 3/)).toBeAttached();

  const handle = page.getByRole('button', { name: 'Reorder Cheese' });
  const target = await list(page).getByRole('listitem', { name: 'Butter' }).boundingBox();
  const box = await handle.boundingBox();
  await page.mouse.move(box!.x + box!.width / 2, box!.y + box!.height / 2);
  await page.mouse.down();
  await page.mouse.move(box!.x + box!.width / 2, box!.y + 10, { steps: 5 });
  await page.mouse.move(box!.x + box!.width / 2, target!.y + 10, { steps: 15 });
  await page.mouse.up();
  await expect.poll(() => names(page)).toEqual(['Cheese', 'Butter', 'Apples']);

  await page.reload();
  await expect.poll(() => names(page)).toEqual(['Cheese', 'Butter', 'Apples']);
});

test('on a touch screen a press-and-hold drags, while a quick swipe does not', async ({ browser }) => {
  const context = await browser.newContext({ hasTouch: true });
  const page = await context.newPage();
  await open(page, [item('1', 'Apples', 10, 1), item('2', 'Butter', 10, 1), item('3', 'Cheese', 10, 1)]);
  const cdp = await context.newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
  const centre = async (name: string) => {
    const box = (await page.getByRole('button', { name: `Reorder ${name}` }).boundingBox())!;
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };

  // A swipe that moves before the 120 ms press is over is a scroll, not a drag.
  let from = await centre('Cheese');
  let to = (await list(page).getByRole('listitem', { name: 'Apples' }).boundingBox())!;
  // Sent without waiting in between, so the move is never later than the press's 120 ms.
  const swipe = [touch('touchStart', from.x, from.y)];
  for (let y = from.y - 20; y > to.y; y -= 20) swipe.push(touch('touchMove', from.x, y));
  swipe.push(touch('touchEnd', from.x, to.y));
  await Promise.all(swipe);
  await page.waitForTimeout(300);
  expect(await names(page)).toEqual(['Apples', 'Butter', 'Cheese']);

  // Press, hold past 120 ms, then move: Cheese goes to the top.
  from = await centre('Cheese');
  to = (await list(page).getByRole('listitem', { name: 'Apples' }).boundingBox())!;
  await touch('touchStart', from.x, from.y);
  await page.waitForTimeout(250);
  await expect(page.getByText(/Picked up Cheese/)).toBeAttached();
  for (let y = from.y; y > to.y + 10; y -= 10) await touch('touchMove', from.x, y);
  await touch('touchMove', from.x, to.y + 10);
  await touch('touchEnd', from.x, to.y + 10);
  await expect.poll(() => names(page)).toEqual(['Cheese', 'Apples', 'Butter']);
  await context.close();
});

test('dragging to the bottom edge of the list scrolls it, and the item lands far down', async ({ page }) => {
  const many = Array.from({ length: 40 }, (_, i) =>
    item(String(i + 1), `Item ${String(i + 1).padStart(2, '0')}`, 10, 1),
  );
  await open(page, many);
  const scroller = page.locator('div', { has: list(page) }).last();
  // Scroll the page so the whole list is on screen, as a caterer would before dragging.
  await scroller.evaluate((el) => el.scrollIntoView({ block: 'end' }));
  const area = (await scroller.boundingBox())!;
  expect(area.y + area.height).toBeLessThanOrEqual(page.viewportSize()!.height);
  const box = (await page.getByRole('button', { name: 'Reorder Item 01' }).boundingBox())!;
  const x = box.x + box.width / 2;
  await page.mouse.move(x, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(x, box.y + box.height / 2 + 30, { steps: 4 });
  // Hold inside the bottom 15% of the list: dnd-kit keeps scrolling it.
  await page.mouse.move(x, area.y + area.height - 8, { steps: 10 });
  await expect.poll(() => scroller.evaluate((el) => el.scrollTop), { timeout: 5000 }).toBeGreaterThan(400);
  await page.mouse.move(x, area.y + area.height - 20, { steps: 2 });
  await page.mouse.up();
  await expect.poll(async () => (await stored(page)).findIndex((i) => i.name === 'Item 01')).toBeGreaterThan(5);
});

test('unreadable saved items are set aside with a warning, not lost or overwritten', async ({ page }) => {
  await open(page, [item('1', 'Apples', 10, 1)]);
  await page.evaluate(() => localStorage.setItem('inventoryItems', '[{"id":"1","name":"Apples",'));
  await page.reload();
  await expect(page.getByText('Some saved data could not be read: the whole list of inventory items')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Review' })).toBeVisible();
  await expect(page.getByText('No inventory items yet. Add one with the form.')).toBeVisible();
  const kept = await page.evaluate(() =>
    Object.keys(localStorage)
      .filter((k) => k.startsWith('recovered:inventoryItems:'))
      .map((k) => JSON.parse(localStorage.getItem(k)!) as { text: string; reason: string }),
  );
  expect(kept).toEqual([
    expect.objectContaining({ text: '[{"id":"1","name":"Apples",', reason: expect.stringMatching(/not valid JSON/) }),
  ]);
  // Nothing is written back by reading: the source still holds the original text.
  expect(await page.evaluate(() => localStorage.getItem('inventoryItems'))).toBe('[{"id":"1","name":"Apples",');
});

test('one unreadable item of three hides only that item', async ({ page }) => {
  await open(page, [
    item('1', 'Apples', 10, 1),
    { ...item('2', 'Basil', 10, 1), quantity: 'lots' as never },
    item('3', 'Cumin', 10, 1),
  ]);
  await expect(list(page).getByRole('heading', { name: 'Apples' })).toBeVisible();
  await expect(list(page).getByRole('heading', { name: 'Cumin' })).toBeVisible();
  await expect(list(page).getByRole('heading', { name: 'Basil' })).toHaveCount(0);
  await expect(page.getByText('Some saved data could not be read: an inventory item')).toBeVisible();
});

test('a change made in another tab shows up', async ({ page, context }) => {
  await open(page, [item('1', 'Apples', 10, 1)]);
  const other = await context.newPage();
  await other.goto('/Inventory');
  await other.evaluate(() => {
    const items = JSON.parse(localStorage.getItem('inventoryItems')!);
    items.push({ ...items[0], id: '2', name: 'Basil' });
    localStorage.setItem('inventoryItems', JSON.stringify(items));
  });
  await expect(list(page).getByRole('heading', { name: 'Basil' })).toBeVisible();
});
