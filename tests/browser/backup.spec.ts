import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { signIn } from './support/auth';

test.use({ acceptDownloads: true });

async function openDashboardWithMockData(page: Page) {
  await signIn(page);
  await page.goto('/Dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Use Mock Data' }).click();
  await expect(page.getByText('Mock data is loaded. Refresh the page to view it.')).toBeVisible();
  await page.reload();
}

const backupSection = (page: Page) =>
  page.getByRole('region', { name: 'View Your Data', exact: true }).getByRole('region', { name: 'Backup and restore' });

async function downloadBackup(page: Page) {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    backupSection(page).getByRole('button', { name: 'Download backup', exact: true }).click(),
  ]);
  return { name: file.suggestedFilename(), text: await readFile(await file.path(), 'utf8') };
}

async function chooseFile(page: Page, text: string) {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    backupSection(page).getByText('Restore from backup', { exact: true }).click(),
  ]);
  await chooser.setFiles({ name: 'backup.json', mimeType: 'application/json', buffer: Buffer.from(text, 'utf8') });
}

/** Every localStorage key with its exact text. */
const storageSnapshot = (page: Page) => page.evaluate(() => Object.fromEntries(Object.entries(window.localStorage)));

/** The checksum as the format documents it, computed independently of the app's code. */
function checksum(payload: Record<string, string>) {
  const canonical = `{${Object.keys(payload)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${JSON.stringify(payload[k])}`)
    .join(',')}}`;
  return createHash('sha256').update(canonical, 'utf8').digest('hex');
}

test('Download backup saves every owned key with a checksum; restoring it after a change brings the data back, and Undo restore takes it away again', async ({
  page,
}) => {
  await openDashboardWithMockData(page);
  const original = await storageSnapshot(page);

  // One control, a file input, named by its visible label.
  await expect(backupSection(page).getByRole('button', { name: 'Restore from backup', exact: true })).toHaveAttribute(
    'type',
    'file',
  );
  await expect(backupSection(page).getByLabel('Restore from backup')).toHaveAttribute('accept', /\.json/);

  const file = await downloadBackup(page);
  expect(file.name).toMatch(/^cater-captain-backup-\d{4}-\d{2}-\d{2}\.json$/);
  const doc = JSON.parse(file.text) as {
    format: string;
    formatVersion: number;
    createdAt: string;
    appVersion: string;
    sha256: string;
    payload: Record<string, string>;
  };
  expect(doc).toMatchObject({ format: 'cater-captain-backup', formatVersion: 1, appVersion: '0.1.0' });
  expect(Date.now() - Date.parse(doc.createdAt)).toBeLessThan(5 * 60_000);
  expect(doc.sha256).toBe(checksum(doc.payload));
  for (const key of ['inventoryItems', 'suppliers', 'employees']) expect(doc.payload[key], key).toBe(original[key]);
  // The events as stored, then the built-in samples this browser never saved (issue 25, item 4).
  const stored = JSON.parse(original.events ?? '[]') as Array<{ id: number }>;
  const backedUp = JSON.parse(doc.payload.events ?? '[]') as Array<{ id: number }>;
  expect(backedUp.slice(0, stored.length)).toEqual(stored);
  expect(backedUp.slice(stored.length).map((e) => e.id)).toEqual([3, 2, 1]);
  expect(Object.keys(doc.payload).some((key) => key.startsWith('sb-'))).toBe(false);

  // The caterer's data changes after the backup: only past events are left, and a tax rate for a new event.
  const kept = await page.evaluate(() => {
    const today = new Date().toISOString().slice(0, 10);
    const events = JSON.parse(window.localStorage.getItem('events') ?? '[]') as Array<{ EventDate: string }>;
    const past = events.filter((event) => event.EventDate < today);
    window.localStorage.setItem('events', JSON.stringify(past));
    window.localStorage.setItem('99-taxPercentage', '7');
    return past.length;
  });
  expect(kept).toBeGreaterThan(0);
  expect(kept).toBeLessThan(10);
  await page.reload();
  const upcoming = page.getByRole('region', { name: 'Upcoming Events', exact: true });
  // Only the built-in sample 5 days ahead (never stored) is upcoming.
  await expect(upcoming.getByRole('listitem')).toHaveText([/Quarterly Sales Conference Lunch/]);

  await chooseFile(page, file.text);
  const preview = backupSection(page).getByRole('region', { name: 'Check before you restore' });
  await expect(preview).toBeVisible();
  const eventsRow = preview.getByRole('row', { name: /^events/ });
  await expect(eventsRow.getByRole('cell')).toHaveText([String(kept), '13', `${13 - kept} added`]);
  await expect(preview.getByRole('row', { name: /^inventoryItems/ }).getByRole('cell')).toHaveText([
    '10',
    '10',
    'No change',
  ]);
  await expect(preview.getByRole('row', { name: /^Per-event/ }).getByRole('cell')).toHaveText([
    '31',
    '30',
    '1 removed',
  ]);
  expect((await storageSnapshot(page)).events).not.toBe(original.events);

  await preview.getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(backupSection(page).getByRole('status').filter({ hasText: 'Backup restored.' })).toBeVisible();
  // As backed up: the samples are now stored with the rest.
  expect(await storageSnapshot(page)).toEqual({ ...original, events: doc.payload.events });
  // The dashboard follows without a reload.
  await expect(upcoming.getByRole('listitem')).toHaveCount(6);

  await backupSection(page).getByRole('button', { name: 'Undo restore' }).click();
  await expect(page.getByText('Restore undone: your earlier data is back')).toBeVisible();
  const undone = await storageSnapshot(page);
  expect((JSON.parse(undone.events!) as unknown[]).length).toBe(kept);
  expect(undone['99-taxPercentage']).toBe('7');
  await expect(upcoming.getByRole('listitem')).toHaveText([/Quarterly Sales Conference Lunch/]);
  await expect(backupSection(page).getByRole('button', { name: 'Undo restore' })).toHaveCount(0);
});

test('a backup holding an unreadable record: the preview counts only the readable ones and says how many go to Recovered data, where the restore puts it', async ({
  page,
}) => {
  await openDashboardWithMockData(page);
  const file = await downloadBackup(page);
  const doc = JSON.parse(file.text) as { sha256: string; payload: Record<string, string> };
  // The 10 mock events and the 3 built-in samples; the first (the mock event with the highest id) gets a date no reader can use.
  const events = JSON.parse(doc.payload.events!) as Array<{ EventName: string; EventDate: unknown }>;
  expect(events).toHaveLength(13);
  const broken = events[0]!.EventName;
  events[0] = { ...events[0]!, EventDate: { day: 1 } };
  doc.payload.events = JSON.stringify(events);
  doc.sha256 = checksum(doc.payload);
  await chooseFile(page, JSON.stringify(doc));

  const preview = backupSection(page).getByRole('region', { name: 'Check before you restore' });
  const eventsRow = preview.getByRole('row', { name: /^events/ });
  // 12 readable: the 9 other mock events and the 3 samples added; the broken one leaves the list for Recovered data.
  await expect(eventsRow.getByRole('cell')).toHaveText([
    '10',
    '12 (1 unreadable, kept in Recovered data)',
    '3 added, 1 removed',
  ]);
  await expect(preview.getByRole('row', { name: /^inventoryItems/ }).getByRole('cell')).toHaveText([
    '10',
    '10',
    'No change',
  ]);

  await preview.getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(backupSection(page).getByRole('status').filter({ hasText: 'Backup restored.' })).toBeVisible();
  // The restored text is kept as it was; reading sets the broken event aside, and the lists show the other 12.
  expect((await storageSnapshot(page)).events).toBe(doc.payload.events);
  await expect(page.getByText('Some saved data could not be read: an event')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Recovered data (1)' })).toBeVisible();
  await page.getByRole('link', { name: 'Recovered data (1)' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Recovered data' })).toBeVisible();
  const cards = page.getByRole('list', { name: 'Set-aside values' }).getByRole('listitem');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(broken);
});

test('a tampered backup is refused with the reason and changes nothing', async ({ page }) => {
  await openDashboardWithMockData(page);
  const file = await downloadBackup(page);
  await page.evaluate(() => window.localStorage.setItem('events', '[]'));
  const before = await storageSnapshot(page);

  // One character of the payload changed: Heavy Cream becomes Heavy Crean.
  expect(file.text).toContain('Heavy Cream');
  const tampered = file.text.replace('Heavy Cream', 'Heavy Crean');
  await chooseFile(page, tampered);

  const alert = backupSection(page).getByRole('alert');
  await expect(alert).toContainText(
    'Nothing was restored. The backup was changed after it was made (its checksum does not match).',
  );
  await expect(backupSection(page).getByRole('button', { name: 'Restore', exact: true })).toHaveCount(0);
  expect(await storageSnapshot(page)).toEqual(before);

  // A cut-off file is refused too, and the reason says so.
  await chooseFile(page, file.text.slice(0, Math.floor(file.text.length / 2)));
  await expect(alert).toContainText('The backup is incomplete (the file was cut off).');
  expect(await storageSnapshot(page)).toEqual(before);
  await alert.getByRole('button', { name: 'Close' }).click();
  await expect(backupSection(page).getByRole('alert')).toHaveCount(0);
});

test('the preview, refusal and restored messages have no serious accessibility violations, light and dark', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openDashboardWithMockData(page);
  const file = await downloadBackup(page);
  const serious = async (label: string) => {
    // Checked settled: while a file is read, the file input is disabled and its label fades (an inactive
    // control, which WCAG exempts from contrast); axe must not catch the label mid-fade back.
    await expect(backupSection(page).locator('input[type=file]')).toBeEnabled();
    await expect
      .poll(() =>
        backupSection(page)
          .getByText('Restore from backup')
          .evaluate((el) => getComputedStyle(el).opacity),
      )
      .toBe('1');
    const results = await new AxeBuilder({ page }).include('main').analyze();
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${label} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  };
  const found: string[] = [];
  for (const mode of ['light', 'dark']) {
    if (mode === 'dark') await page.getByRole('button', { name: 'Dark Mode' }).click();
    await chooseFile(page, file.text);
    await expect(backupSection(page).getByRole('region', { name: 'Check before you restore' })).toBeVisible();
    found.push(...(await serious(`${mode} preview`)));
    await chooseFile(page, file.text.replace('Heavy Cream', 'Heavy Crean'));
    await expect(backupSection(page).getByRole('alert')).toBeVisible();
    found.push(...(await serious(`${mode} refusal`)));
    await chooseFile(page, file.text);
    await backupSection(page).getByRole('button', { name: 'Restore', exact: true }).click();
    await expect(backupSection(page).getByRole('button', { name: 'Undo restore' })).toBeVisible();
    found.push(...(await serious(`${mode} restored`)));
    await backupSection(page).getByRole('button', { name: 'Close' }).click();
  }
  expect(found).toEqual([]);
});
