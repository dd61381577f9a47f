import { expect, test, type Page } from '@playwright/test';
import { addDays, toISODate } from '../../src/domain/eventDates';
import { signIn } from './support/auth';

/** Issue 9, event side: two tabs of one browser, undo and deleted samples. */
const today = toISODate(new Date());

function event(id: number, name: string) {
  return {
    id,
    EventName: name,
    CustomerFirstName: 'Ada',
    CustomerLastName: 'Quay',
    CustomerPhoneNumber: 5550100 + id,
    CustomerEmail: 'ada@example.com',
    EventType: 'Meeting',
    NumberOfGuests: 10,
    EventDate: addDays(today, id - 100),
    StartTime: '10:00',
    EndTime: '12:00',
    VenueName: 'Dock Hall',
    VenueStreetAddress: '1 Pier Road',
    VenueCity: 'Halifax',
    ingredients: [],
    menuItems: [],
    notes: [],
    pricing: [],
  };
}
const seeded = [event(101, 'Anchor Breakfast'), event(102, 'Bosun Lunch'), event(103, 'Captain Dinner')];

/** Seeds once per test (not again on reload, so a reload shows what the app kept). */
async function openEvents(page: Page) {
  await page.addInitScript((events) => {
    if (window.sessionStorage.getItem('seeded')) return;
    window.sessionStorage.setItem('seeded', '1');
    window.localStorage.setItem('events', JSON.stringify(events));
  }, seeded);
  await signIn(page);
  await page.goto('/ManageEvents');
  await expect(page.getByRole('heading', { level: 1, name: 'Event Management' })).toBeVisible();
}

/** A second tab of the same browser (same localStorage and session). */
async function secondTab(page: Page) {
  const other = await page.context().newPage();
  await other.goto('/ManageEvents');
  await expect(other.getByRole('heading', { level: 1, name: 'Event Management' })).toBeVisible();
  return other;
}

type StoredEvent = ReturnType<typeof event> & { rev?: number };
const storedEvents = (page: Page) =>
  page.evaluate(() => JSON.parse(window.localStorage.getItem('events') ?? '[]') as unknown) as Promise<StoredEvent[]>;
const stored = async (page: Page, id: number) => (await storedEvents(page)).find((e) => e.id === id);

test('(a) a half-typed Tool Kit form survives another tab adding a menu item, and that item shows', async ({
  page,
}) => {
  await openEvents(page);
  const tabB = await secondTab(page);
  await tabB.getByRole('article', { name: 'Bosun Lunch' }).getByRole('button', { name: 'Tool Kit' }).click();
  const kitB = tabB.getByRole('dialog', { name: /Tool Kit: Bosun Lunch/ });
  for (const tool of ['Ingredients', 'Menu', 'Notes'])
    await kitB.getByRole('button', { name: tool, exact: true }).click();
  await kitB.getByLabel('Note', { exact: true }).fill('Gluten-free for tab');
  const spPanel = kitB.getByRole('region', { name: 'Add Specialty Ingredients.' });
  await spPanel.getByLabel('Ingredient Name').fill('Saffr');

  await page.getByRole('article', { name: 'Bosun Lunch' }).getByRole('button', { name: 'Tool Kit' }).click();
  const kitA = page.getByRole('dialog', { name: /Tool Kit: Bosun Lunch/ });
  await kitA.getByRole('button', { name: 'Menu', exact: true }).click();
  await kitA.getByLabel('Menu Item').fill('Cedar plank salmon');
  await kitA.getByRole('button', { name: 'Add Menu Item' }).click();

  await expect(kitB.getByRole('cell', { name: 'Cedar plank salmon', exact: true })).toBeVisible();
  await expect(kitB.getByLabel('Note', { exact: true })).toHaveValue('Gluten-free for tab');
  await expect(spPanel.getByLabel('Ingredient Name')).toHaveValue('Saffr');
  // Only that event changed; B finishes typing and both changes are kept.
  await kitB.getByLabel('Note', { exact: true }).fill('Gluten-free for table 4');
  await kitB.getByRole('button', { name: 'Add Note' }).click();
  await expect
    .poll(async () => (await stored(page, 102))?.notes?.map((n) => (n as { notes: string }).notes))
    .toEqual(['Gluten-free for table 4']);
  expect((await stored(page, 102))?.menuItems).toEqual(['Cedar plank salmon']);
  expect((await stored(page, 101))?.menuItems).toEqual([]);
});

async function staleEdit(page: Page, name: string, mine: string) {
  const tabB = await secondTab(page);
  await tabB.getByRole('button', { name: `Edit Event ${name}` }).click();
  const formB = tabB.getByRole('dialog', { name: 'Edit Event' });
  await formB.getByLabel('Event Name').fill(mine);
  // Tab A saves a change to the same event meanwhile.
  await page.getByRole('button', { name: `Edit Event ${name}` }).click();
  const formA = page.getByRole('dialog', { name: 'Edit Event' });
  await formA.getByLabel('Venue City').fill('Lunenburg');
  await formA.getByRole('button', { name: 'Save' }).click();
  await expect(formA).toBeHidden();
  // B's form was not wiped by A's save, and says the event changed.
  await expect(formB.getByLabel('Event Name')).toHaveValue(mine);
  await expect(formB.getByText('This event was changed in another tab.', { exact: false })).toBeVisible();
  await formB.getByRole('button', { name: 'Save' }).click();
  const dialog = tabB.getByRole('alertdialog', { name: 'Changed in another tab' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Venue City')).toBeVisible();
  await expect(dialog.getByText('Lunenburg')).toBeVisible();
  return { tabB, dialog };
}

test('(b) saving a form for an event another tab changed shows the conflict; Keep mine and Keep theirs do what they say', async ({
  page,
}) => {
  await openEvents(page);
  const mine = await staleEdit(page, 'Bosun Lunch', 'Bosun Lunch (mine)');
  await mine.dialog.getByRole('button', { name: 'Keep mine' }).click();
  await expect(mine.dialog).toBeHidden();
  await expect.poll(async () => (await stored(page, 102))?.EventName).toBe('Bosun Lunch (mine)');
  // Mine is the whole form as B had it: the city B saw.
  expect((await stored(page, 102))?.VenueCity).toBe('Halifax');
  expect((await stored(page, 101))?.EventName).toBe('Anchor Breakfast');
  await mine.tabB.close();

  const theirs = await staleEdit(page, 'Captain Dinner', 'Captain Dinner (mine)');
  await theirs.dialog.getByRole('button', { name: 'Keep theirs' }).click();
  await expect(theirs.dialog).toBeHidden();
  await expect(theirs.tabB.getByRole('article', { name: 'Captain Dinner' })).toBeVisible();
  expect(await stored(page, 103)).toMatchObject({ EventName: 'Captain Dinner', VenueCity: 'Lunenburg' });
});

test('(b2) Merge in the conflict dialog puts the focus back on the Edit Event button, not on the page body', async ({
  page,
}) => {
  await openEvents(page);
  const { tabB, dialog } = await staleEdit(page, 'Bosun Lunch', 'Bosun Lunch (mine)');
  await dialog.getByRole('button', { name: 'Merge' }).click();
  await expect(dialog).toBeHidden();
  await expect(tabB.getByRole('dialog', { name: 'Edit Event' })).toHaveCount(0);
  await expect.poll(async () => (await stored(page, 102))?.EventName).toBe('Bosun Lunch (mine)');
  await expect.poll(() => tabB.evaluate(() => document.activeElement === document.body)).toBe(false);
  await expect(tabB.getByRole('button', { name: 'Edit Event Bosun Lunch (mine)' })).toBeFocused();
});

test('(c) delete an event, create a new one, Undo: both exist with different ids', async ({ page }) => {
  await openEvents(page);
  await page.getByRole('button', { name: 'Delete Event Captain Dinner' }).click();
  await expect(page.getByRole('article', { name: 'Captain Dinner' })).toHaveCount(0);
  await page.getByRole('button', { name: 'New Event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Event' });
  await dialog.getByLabel('Event Name').fill('Deckhand Supper');
  await dialog.getByLabel('Number of Guests').fill('6');
  await dialog.getByLabel('Event Date').fill(today);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('article', { name: 'Captain Dinner' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Deckhand Supper' })).toBeVisible();
  await expect
    .poll(async () =>
      (await storedEvents(page))
        .filter((e) => e.id > 100)
        .map((e) => [e.id, e.EventName])
        .sort(),
    )
    .toEqual([
      [101, 'Anchor Breakfast'],
      [102, 'Bosun Lunch'],
      [103, 'Captain Dinner'],
      [104, 'Deckhand Supper'],
    ]);
  await page.reload();
  await expect(page.getByRole('article', { name: 'Captain Dinner' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Deckhand Supper' })).toBeVisible();
});

test('(d) a deleted built-in sample event stays deleted after a reload', async ({ page }) => {
  await openEvents(page);
  const sample = page.getByRole('article', { name: 'Quarterly Sales Conference Lunch' });
  await expect(sample).toBeVisible();
  await page.getByRole('button', { name: 'Delete Event Quarterly Sales Conference Lunch' }).click();
  await expect(sample).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('article', { name: 'Bosun Lunch' })).toBeVisible();
  await expect(page.getByRole('article', { name: "Grandma Rose's 80th Birthday" })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Quarterly Sales Conference Lunch' })).toHaveCount(0);
});

test('(e) the Tool Kit closes with a message when another tab deletes its event', async ({ page }) => {
  await openEvents(page);
  const tabB = await secondTab(page);
  await tabB.getByRole('article', { name: 'Bosun Lunch' }).getByRole('button', { name: 'Tool Kit' }).click();
  const kitB = tabB.getByRole('dialog', { name: /Tool Kit: Bosun Lunch/ });
  await expect(kitB).toBeVisible();
  await page.getByRole('button', { name: 'Delete Event Bosun Lunch' }).click();
  await expect(kitB).toBeHidden();
  await expect(tabB.getByText('This event was deleted in another tab.')).toBeVisible();
  await expect(tabB.getByRole('article', { name: 'Anchor Breakfast' })).toBeVisible();
});
