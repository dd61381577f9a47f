/**
 * The five tutorial recordings: what is shown, step by step, and the caption of each step. Captions say
 * what happens on screen, in the spec's words. `npm run videos` records them; the browser test checks
 * the first caption of each against the shipped subtitles.
 */
import type { Director } from './director';

export interface Step {
  caption: string;
  act: (d: Director) => Promise<void>;
}

export interface Tutorial {
  slug: 'overview' | 'events' | 'inventory' | 'crew' | 'dashboard';
  /** The page the recording starts on. */
  start: string;
  /** Starts signed in but with no data (the Dashboard video loads the mock data itself). */
  empty?: boolean;
  /** The step whose last frame becomes the poster. */
  posterStep: number;
  steps: Step[];
}

const inDialog = (d: Director) => d.page.getByRole('dialog');

export const tutorials: Tutorial[] = [
  {
    slug: 'overview',
    start: '/',
    posterStep: 2,
    steps: [
      {
        caption: 'Cater Captain runs a small catering business from the browser.',
        act: async (d) => {
          await d.pause(900);
          await d.scrollBy(560, 1200);
          await d.pause(500);
        },
      },
      {
        caption: 'Events, inventory, suppliers, your crew and a tool kit for every event, all in one place.',
        act: async (d) => {
          await d.scrollBy(420, 1000);
          await d.pause(500);
          await d.scrollToTop(800);
        },
      },
      {
        caption: 'The Dashboard shows the next 14 days of events and what needs ordering.',
        act: async (d) => {
          await d.navigate('Dashboard');
          await d.pause(800);
          await d.scrollBy(330, 900);
          await d.pause(500);
        },
      },
      {
        caption: 'Event Management lists every event, with filters and a tool kit for each.',
        act: async (d) => {
          await d.navigate('Events');
          await d.click(d.page.getByRole('button', { name: 'More Details' }).first(), 1000);
        },
      },
      {
        caption: 'Inventory tracks what is on hand and flags low stock in red.',
        act: async (d) => {
          await d.navigate('Inventory');
          await d.hover(d.page.getByRole('list', { name: 'Inventory items' }).getByRole('listitem').nth(1), 1500);
        },
      },
      {
        caption: 'Keep your crew and your suppliers in one place.',
        act: async (d) => {
          await d.navigate('Employees');
          await d.pause(700);
          await d.navigate('Suppliers');
          await d.pause(700);
        },
      },
      {
        caption: 'Try it: log in with the demo account and press Use Mock Data on the Dashboard.',
        act: async (d) => {
          await d.navigate('Dashboard');
          await d.scrollToTop(300);
          await d.hover(d.page.getByRole('button', { name: 'Use Mock Data' }), 1500);
        },
      },
    ],
  },
  {
    slug: 'events',
    start: '/ManageEvents',
    posterStep: 1,
    steps: [
      {
        caption: 'Event Management lists every event: its picture, name, customer and date.',
        act: async (d) => {
          await d.pause(1000);
        },
      },
      {
        caption: 'More Details shows the contact, event type, guests, times and venue.',
        act: async (d) => {
          const card = d.page.getByRole('article').first();
          await d.click(card.getByRole('button', { name: 'More Details' }), 1500);
        },
      },
      {
        caption: 'New Event opens the form. Event name, date and number of guests are required.',
        act: async (d) => {
          await d.click(d.page.getByRole('button', { name: 'New Event' }), 600);
          const form = inDialog(d);
          await d.type(form.getByLabel('Event Name'), 'Harbour Lunch');
          await d.choose(form, 'Event Type', 'Work Party');
          await d.fill(form.getByLabel('Number of Guests'), '24');
          const date = new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10);
          await d.fill(form.getByLabel('Event Date'), date);
          await d.fill(form.getByLabel('Start Time'), '12:00');
          await d.fill(form.getByLabel('End Time'), '14:30');
        },
      },
      {
        caption: 'Add the customer, then Save: the new event is listed first.',
        act: async (d) => {
          const form = inDialog(d);
          await d.type(form.getByLabel('Customer First Name'), 'Ada');
          await d.type(form.getByLabel('Customer Last Name'), 'Lovelace');
          await d.click(form.getByRole('button', { name: 'Save' }), 1200);
        },
      },
      {
        caption: 'Each event’s Tool Kit holds its ingredients, menu, notes, pricing and picture.',
        act: async (d) => {
          await d.click(d.page.getByRole('button', { name: 'Tool Kit for Harbour Lunch' }), 1000);
          const tools = inDialog(d).getByRole('group', { name: 'Tools' });
          await d.click(tools.getByRole('button', { name: 'Menu', exact: true }), 900);
          await d.click(tools.getByRole('button', { name: 'Pricing', exact: true }), 1100);
          await d.click(inDialog(d).getByRole('button', { name: 'Close Tool Kit' }), 400);
        },
      },
      {
        caption: 'Filter Events shows past events, today, this week, this month or next month.',
        act: async (d) => {
          await d.click(d.page.getByRole('button', { name: 'Filter Events', exact: true }), 500);
          await d.click(d.page.getByRole('button', { name: 'This Month', exact: true }), 1300);
        },
      },
      {
        caption: 'More Filtering Options finds events between two dates or by the customer’s name.',
        act: async (d) => {
          await d.click(d.page.getByRole('button', { name: 'More Filtering Options' }), 500);
          await d.type(d.page.getByLabel('Last Name', { exact: true }), 'Lee');
          await d.click(d.page.getByRole('button', { name: 'Search', exact: true }), 1600);
        },
      },
    ],
  },
  {
    slug: 'inventory',
    start: '/Inventory',
    posterStep: 0,
    steps: [
      {
        caption: 'Inventory lists each item with its on-hand quantity. Low stock is shown in red.',
        act: async (d) => {
          await d.hover(d.page.getByRole('list', { name: 'Inventory items' }).getByRole('listitem').nth(1), 1800);
        },
      },
      {
        caption: 'To add an item, fill in the form: SKU, name, category, amounts and cost.',
        act: async (d) => {
          await d.type(d.page.getByLabel('SKU', { exact: true }), 'LEM-01');
          await d.type(d.page.getByLabel('Item Name', { exact: true }), 'Lemons');
          await d.choose(d.page, 'Category', 'Fruits');
          await d.fill(d.page.getByLabel('Amount per Unit', { exact: true }), '1');
          await d.fill(d.page.getByLabel('Cost per Unit', { exact: true }), '3.50');
        },
      },
      {
        caption: 'Give the quantity on hand, when to re-order and the supplier, then press Add Item.',
        act: async (d) => {
          await d.fill(d.page.getByLabel('On-hand Quantity', { exact: true }), '20');
          await d.fill(d.page.getByLabel('Re-order Qty', { exact: true }), '5');
          await d.choose(d.page, 'Supplier Name', 'Orchard Row Fruits');
          await d.click(d.page.getByRole('button', { name: 'Add Item' }), 600);
          await d.scrollList(d.page.getByRole('list', { name: 'Inventory items' }), 'bottom');
          await d.reveal(d.page.getByRole('listitem', { name: 'Lemons' }));
          await d.pause(600);
        },
      },
      {
        caption: 'More Details shows the SKU, category, cost, re-order level and supplier.',
        act: async (d) => {
          const lemons = d.page.getByRole('listitem', { name: 'Lemons' });
          await d.click(lemons.getByRole('button', { name: 'More Details' }), 1800);
          await d.click(lemons.getByRole('button', { name: 'Hide Details' }), 300);
        },
      },
      {
        caption: 'After a delivery, Edit the item and raise its quantity: the low-stock flag clears.',
        act: async (d) => {
          await d.scrollList(d.page.getByRole('list', { name: 'Inventory items' }), 'top');
          await d.scrollToTop();
          const beef = d.page.getByRole('listitem', { name: 'Beef Tenderloin' });
          await d.click(beef.getByRole('button', { name: 'Edit' }), 700);
          const quantity = inDialog(d).getByLabel('On-hand Quantity', { exact: true });
          await d.click(quantity, 100);
          await quantity.selectText();
          await d.page.keyboard.type('14', { delay: 90 });
          await d.click(inDialog(d).getByRole('button', { name: 'Save' }), 1400);
        },
      },
      {
        caption: 'Drag an item by its handle to put the list in your own order; the order is kept.',
        act: async (d) => {
          const handle = d.page.getByRole('button', { name: 'Reorder Roma Tomatoes' });
          await d.pointAt(handle);
          await d.page.mouse.down();
          const box = (await handle.boundingBox())!;
          for (let i = 1; i <= 24; i++) {
            await d.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 + (250 * i) / 24);
            await d.pause(30);
          }
          await d.pause(300);
          await d.page.mouse.up();
          await d.pause(1200);
        },
      },
    ],
  },
  {
    slug: 'crew',
    start: '/EmployeeManagement',
    posterStep: 0,
    steps: [
      {
        caption: 'Employee Management keeps your crew: role, contact details, hours, department and start date.',
        act: async (d) => {
          await d.pause(1200);
        },
      },
      {
        caption: 'Fill in the form to add a crew member.',
        act: async (d) => {
          await d.type(d.page.getByLabel('First Name', { exact: true }), 'Grace');
          await d.type(d.page.getByLabel('Last Name', { exact: true }), 'Hopper');
          await d.fill(d.page.getByLabel('Email', { exact: true }), 'grace@example.com');
          await d.type(d.page.getByLabel('Role', { exact: true }), 'Chef');
          await d.fill(d.page.getByLabel('Phone', { exact: true }), '604-555-0199');
        },
      },
      {
        caption: 'Choose full-time or part-time, add the department and start date, then Submit.',
        act: async (d) => {
          await d.choose(d.page, 'Full-time / Part-time', 'parttime');
          await d.fill(d.page.getByLabel('Department', { exact: true }), 'Kitchen');
          await d.fill(d.page.getByLabel('Start Date', { exact: true }), '2026-03-02');
          await d.click(d.page.getByRole('button', { name: 'Submit' }), 900);
          await d.reveal(d.page.getByRole('listitem', { name: 'Grace Hopper' }));
          await d.pause(1200);
        },
      },
      {
        caption: 'Supplier Management keeps each supplier’s contacts and contract dates.',
        act: async (d) => {
          await d.scrollToTop();
          await d.navigate('Suppliers');
          await d.pause(800);
          await d.fill(d.page.getByLabel('Supplier ID', { exact: true }), 'SUP-011');
          await d.type(d.page.getByLabel('Supplier Name', { exact: true }), 'Bayside Bakery');
          await d.fill(d.page.getByLabel('Email', { exact: true }), 'bread@bayside.example');
          await d.fill(d.page.getByLabel('Phone', { exact: true }), '604-555-0111');
        },
      },
      {
        caption: 'Add the contract dates, then Submit: the supplier can now be picked in Inventory.',
        act: async (d) => {
          await d.fill(d.page.getByLabel('Start Date', { exact: true }), '2026-01-01');
          await d.fill(d.page.getByLabel('End Date', { exact: true }), '2027-12-31');
          await d.click(d.page.getByRole('button', { name: 'Submit' }), 900);
          await d.reveal(d.page.getByRole('listitem', { name: 'Bayside Bakery' }));
          await d.pause(1500);
        },
      },
    ],
  },
  {
    slug: 'dashboard',
    start: '/dashboard',
    empty: true,
    posterStep: 3,
    steps: [
      {
        caption: 'A new Dashboard is empty. Use Mock Data loads sample events, stock, suppliers and crew.',
        act: async (d) => {
          await d.hover(d.page.getByRole('button', { name: 'Use Mock Data' }), 1800);
          await d.click(d.page.getByRole('button', { name: 'Use Mock Data' }), 900);
        },
      },
      {
        caption: 'The app says when the data is loaded. Refresh the page to see it.',
        act: async (d) => {
          await d.page.getByText('Refresh the page to view it.').waitFor();
          await d.pause(1500);
          await d.page.reload();
          await d.page.waitForLoadState('networkidle');
          await d.pause(600);
        },
      },
      {
        caption: 'Upcoming Events shows what is booked in the next 14 days.',
        act: async (d) => {
          await d.hover(
            d.page.getByRole('region', { name: 'Upcoming Events', exact: true }).getByRole('listitem').first(),
            1500,
          );
        },
      },
      {
        caption: 'Need to Order lists items at their re-order level. Tick Order placed once you have ordered.',
        act: async (d) => {
          const panel = d.page.getByRole('region', { name: 'Need to Order', exact: true });
          await d.reveal(panel.getByRole('listitem').first());
          await d.click(panel.getByText('Order placed', { exact: true }).first(), 1400);
        },
      },
      {
        caption: 'Export any list as JSON or as a spreadsheet-safe CSV file.',
        act: async (d) => {
          const panel = d.page.getByRole('region', { name: 'Need to Order', exact: true });
          await d.click(panel.getByRole('button', { name: 'Export CSV' }), 1200);
        },
      },
      {
        caption: 'View Your Data shows every collection, with backups and the storage space used.',
        act: async (d) => {
          await d.reveal(
            d.page.getByRole('region', { name: 'View Your Data', exact: true }).getByRole('heading').first(),
          );
          await d.scrollBy(300, 1000);
          await d.pause(1600);
        },
      },
    ],
  },
];
