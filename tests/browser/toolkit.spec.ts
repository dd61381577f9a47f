import { expect, test } from '@playwright/test';
import { getShortestPaths } from '@xstate/graph';
import { toolkitMachine, type ToolkitEvent } from '../../src/machines/toolkit/toolkit.machine';
import { signIn } from './support/auth';

/** The Tool Kit statechart's walks replayed on the real overlay: a click per event, the visible panels per state. */
const buttons = {
  'image.toggle': 'Choose Event Image',
  'ingredients.toggle': 'Ingredients',
  'menu.toggle': 'Menu',
  'notes.toggle': 'Notes',
  'pricing.toggle': 'Pricing',
  'staff.toggle': 'Staff',
} satisfies Record<ToolkitEvent['type'], string>;
const headings = {
  image: 'Choose Event Image',
  ingredients: 'Ingredients',
  menu: 'Menu',
  notes: 'Notes',
  pricing: 'Pricing',
  staff: 'Staff',
} as const;
const events = Object.keys(buttons).map((type) => ({ type }) as ToolkitEvent);
const paths = getShortestPaths(toolkitMachine, { events });

test(`Tool Kit panels follow the statechart on ${paths.length} shortest paths`, async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page.goto('/ManageEvents');
  for (const path of paths) {
    await page.getByRole('button', { name: 'Tool Kit' }).first().click();
    const kit = page.getByRole('dialog');
    for (const step of path.steps) {
      if ((step.event.type as string) === 'xstate.init') continue;
      await kit.getByRole('button', { name: buttons[step.event.type as ToolkitEvent['type']], exact: true }).click();
    }
    const expected = path.state;
    for (const [tag, heading] of Object.entries(headings)) {
      const region = kit.getByRole('heading', { level: 2, name: heading, exact: true });
      await expect(region, `${tag} after ${path.steps.map((s) => s.event.type).join(' → ')}`).toHaveCount(
        expected.hasTag(tag) ? 1 : 0,
      );
      await expect(
        kit.getByRole('button', { name: buttons[`${tag}.toggle` as ToolkitEvent['type']], exact: true }),
      ).toHaveAttribute('aria-pressed', String(expected.hasTag(tag)));
    }
    await expect(kit.getByText('Click the buttons above to toggle the visibility of the different tools.')).toHaveCount(
      Object.keys(headings).some((t) => expected.hasTag(t)) ? 0 : 1,
    );
    await page.keyboard.press('Escape');
    await expect(kit).toBeHidden();
  }
});
