/**
 * Issue 25, item 12 (in part): while a change waits for room (storage full), leaving or reloading the
 * page asks first; once it is saved, the page is left without a question.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { signIn, signUpFresh } from './support/auth';
import { addDays, toISODate } from '../../src/domain/eventDates';

async function fillStorageFor(page: Page, key: string) {
  await page.evaluate((full) => {
    const w = window as unknown as { __realSetItem: Storage['setItem'] };
    w.__realSetItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (this: Storage, k: string, value: string) {
      if (k === full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return w.__realSetItem.call(this, k, value);
    };
  }, key);
}

/** Whether closing the page asks first (the browser's beforeunload question), answered "stay". */
async function asksBeforeLeaving(page: Page): Promise<boolean> {
  let asked = false;
  const onDialog = (dialog: import('@playwright/test').Dialog) => {
    if (dialog.type() === 'beforeunload') asked = true;
    void dialog.dismiss();
  };
  page.on('dialog', onDialog);
  await page.close({ runBeforeUnload: true });
  // Closed (no question), or the question was answered "stay".
  await expect.poll(() => page.isClosed() || asked, { timeout: 5_000 }).toBe(true);
  page.off('dialog', onDialog);
  return asked;
}

test('a supplier waiting for room: closing the page asks first; once saved it does not', async ({ page }) => {
  await signIn(page);
  await page.goto('/SupplierManagement');
  await fillStorageFor(page, 'suppliers');
  await page.getByLabel('Supplier ID').fill('S-fog');
  await page.getByLabel('Supplier Name').fill('Fog Bank Fisheries');
  await page.getByLabel('Email').fill('catch@fogbank.ca');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Suppliers not saved')).toBeVisible();

  expect(await asksBeforeLeaving(page)).toBe(true);
  // Stayed: the change is still on screen.
  expect(page.isClosed()).toBe(false);
  await expect(page.getByRole('listitem', { name: 'Fog Bank Fisheries' })).toBeVisible();

  // Room again: the retry saves it, and leaving asks nothing.
  await page.evaluate(() => {
    Storage.prototype.setItem = (window as unknown as { __realSetItem: Storage['setItem'] }).__realSetItem;
  });
  await expect(page.getByText('Suppliers saved')).toBeVisible({ timeout: 15_000 });
  expect(await asksBeforeLeaving(page)).toBe(false);
  expect(page.isClosed()).toBe(true);
});

/*
 * Issue 25, item 12: a change waiting for room is kept where a reload finds it (IndexedDB) and offered
 * back after the reload, to its own account only; freeing room and pressing "Retry saving" saves it.
 */

const today = toISODate(new Date());
const event = (id: number, name: string, date: string, notes: Array<{ id: string; notes: string }> = []) => ({
  id,
  EventName: name,
  CustomerFirstName: 'Marin',
  CustomerLastName: 'Keel',
  CustomerPhoneNumber: 5550100,
  CustomerEmail: 'marin@example.com',
  EventType: 'Meeting',
  NumberOfGuests: 10,
  EventDate: date,
  StartTime: '10:00',
  EndTime: '12:00',
  VenueName: 'Dock Hall',
  VenueStreetAddress: '1 Pier Road',
  VenueCity: 'Halifax',
  ingredients: [],
  pricing: [],
  notes,
});
const stored = (page: Page, key: string) =>
  page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? 'null') as unknown, key);
const storedNotes = async (page: Page, id: number) =>
  (((await stored(page, 'events')) as Array<{ id: number; notes?: Array<{ notes: string }> }>) ?? [])
    .find((e) => e.id === id)
    ?.notes?.map((n) => n.notes) ?? [];

/** Fills this origin's localStorage for real (filler keys) until not even 64 more characters fit. */
async function fillLocalStorage(page: Page) {
  return page.evaluate(() => {
    let n = 0;
    for (let size = 1 << 20; size >= 64;) {
      try {
        localStorage.setItem(`filler-${n}`, 'x'.repeat(size));
        n++;
      } catch {
        size >>= 1;
      }
    }
    return n;
  });
}

test('storage full: the waiting change survives a reload, is offered back, and is saved by Retry saving once old events are deleted', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  // An old event with a long history of notes: deleting it frees room.
  const oldNotes = Array.from({ length: 150 }, (_, i) => ({
    id: `old-${i}`,
    notes: `Old note ${i} `.padEnd(1_500, '.'),
  }));
  await page.evaluate(
    (events) => {
      localStorage.setItem('events', JSON.stringify(events));
      localStorage.setItem('deletedEventIds', JSON.stringify([1, 2, 3, 4, 5]));
    },
    [event(12, 'Old Picnic', addDays(today, -40), oldNotes), event(11, 'Harbour Gala', addDays(today, 5))],
  );
  await page.goto('/ManageEvents');
  await expect(page.getByRole('heading', { level: 1, name: 'Event Management' })).toBeVisible();
  expect(await fillLocalStorage(page)).toBeGreaterThan(0);

  // A Tool Kit change that needs more room than is left.
  const note = 'Guest of honour arrives by boat at 10:30; '.repeat(30).trim();
  await page.getByRole('button', { name: 'Tool Kit for Harbour Gala' }).click();
  const kit = page.getByRole('dialog');
  await kit.getByRole('button', { name: 'Notes', exact: true }).click();
  await kit.getByLabel('Note', { exact: true }).fill(note);
  await kit.getByRole('button', { name: 'Add Note' }).click();
  await expect(page.getByText('Events not saved')).toBeVisible();
  await expect(page.getByText(/kept on this screen and will be saved when there is room/)).toBeVisible();
  expect(await storedNotes(page, 11)).toEqual([]);

  // Reload: the page asks first (accepted here), and the change is offered back.
  page.on('dialog', (dialog) => void (dialog.type() === 'beforeunload' ? dialog.accept() : dialog.dismiss()));
  await page.reload();
  const offer = page.getByRole('region', { name: 'A change could not be saved because storage is full' });
  await expect(offer).toBeVisible();
  const change = offer.getByRole('listitem', { name: 'Events' });
  await expect(change).toBeVisible();
  await expect(offer).toContainText('It was kept in this browser.');
  await expect(change.getByRole('button', { name: 'Discard' })).toBeVisible();
  // Download: a JSON file of the change, the note in it.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    change.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^pending-change-events-\d{4}-\d{2}-\d{2}\.json$/);
  const file = JSON.parse(await readFile(await download.path(), 'utf8')) as {
    key: string;
    change: Array<{ id: number; notes?: Array<{ notes: string }> }>;
  };
  expect(file.key).toBe('events');
  expect(file.change.find((e) => e.id === 11)?.notes?.map((n) => n.notes)).toEqual([note]);

  // Still no room: the retry says so and the change stays offered.
  await change.getByRole('button', { name: 'Retry saving' }).click();
  await expect(
    change.getByText('Storage is still full, so it was not saved. Free some room, then retry saving.'),
  ).toBeVisible();

  // Free room: delete the old event. Then retry: the note is saved, and the old event stays deleted.
  await page.getByRole('button', { name: 'Delete Event Old Picnic' }).click();
  await expect
    .poll(async () => ((await stored(page, 'events')) as Array<{ id: number }>).map((e) => e.id))
    .toEqual([11]);
  await change.getByRole('button', { name: 'Retry saving' }).click();
  await expect(page.getByText('Events saved')).toBeVisible();
  await expect(offer).toBeHidden();
  expect(await storedNotes(page, 11)).toEqual([note]);
  expect(((await stored(page, 'events')) as Array<{ id: number }>).map((e) => e.id)).toEqual([11]);

  // Nothing is offered again, and the note is there after another reload.
  await page.reload();
  await page.getByRole('button', { name: 'Tool Kit for Harbour Gala' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Notes', exact: true }).click();
  await expect(page.getByRole('dialog').getByText(note)).toBeVisible();
  await expect(page.getByText('A change could not be saved because storage is full')).toHaveCount(0);
});

test('a kept change is offered only to its own account on a shared browser', async ({ page }) => {
  test.setTimeout(90_000);
  const a = await signUpFresh(page);
  await page.goto('/dashboard');
  // The data is claimed for the account once the signed-in page has started (not on the navigation itself).
  await expect.poll(() => page.evaluate(() => localStorage.getItem('dataOwner'))).toBeTruthy();
  const owner = await page.evaluate(() => localStorage.getItem('dataOwner'));
  // A's change kept in IndexedDB, as the writers keep it when storage is full.
  await page.evaluate(
    (id) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('cater-captain', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('pendingChanges', { keyPath: 'id' });
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('pendingChanges', 'readwrite');
          tx.objectStore('pendingChanges').put({
            id: `${id}|4-taxPercentage|test`,
            owner: id,
            key: '4-taxPercentage',
            label: 'Tax of event 4',
            kind: 'value',
            next: 13,
            base: 0,
            keptAt: Date.now(),
          });
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    owner,
  );
  await page.reload();
  const offer = page.getByRole('region', { name: 'A change could not be saved because storage is full' });
  await expect(offer.getByRole('listitem', { name: 'Tax of event 4' })).toBeVisible();

  // Another account on this browser never sees it.
  await page.goto('/signout');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByText('Signed out successfully!')).toBeVisible();
  await signUpFresh(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toBeVisible();
  await page.waitForTimeout(1_000);
  await expect(page.getByText('A change could not be saved because storage is full')).toHaveCount(0);
  await expect(page.getByText('Tax of event 4')).toHaveCount(0);

  // Back to A: offered again, and Retry saving writes it into A's data.
  await page.goto('/signout');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByText('Signed out successfully!')).toBeVisible();
  await signIn(page, a);
  await page.goto('/dashboard');
  await offer.getByRole('listitem', { name: 'Tax of event 4' }).getByRole('button', { name: 'Retry saving' }).click();
  await expect(page.getByText('Tax of event 4 saved')).toBeVisible();
  await expect(offer).toBeHidden();
  expect(await stored(page, '4-taxPercentage')).toBe(13);
});
