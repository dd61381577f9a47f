import { describe, expect, it } from 'vitest';
import { getInitialSnapshot, transition, type EventObject } from 'xstate';
import { agenda, entriesByDay, monthGrid, weekDays } from '../../src/domain/calendar';
import { eventCosting } from '../../src/domain/costing';
import { computeDemand } from '../../src/domain/demand';
import { filterEvents } from '../../src/domain/events';
import { supplierForm } from '../../src/domain/inventoryRecords';
import { buildMockData } from '../../src/domain/mockData';
import { upcomingEvents } from '../../src/domain/upcoming';
import { connectCalendar } from '../../src/machines/calendar/calendar.connect';
import { calendarMachine } from '../../src/machines/calendar/calendar.machine';
import * as dashboard from '../../src/machines/dashboard/dashboard.connect';
import { dashboardMachine } from '../../src/machines/dashboard/dashboard.machine';
import { connectEventsPage, shownEvents } from '../../src/machines/events/events.connect';
import { eventsMachine } from '../../src/machines/events/events.machine';
import { addSupplierOptions, editSupplierChoice } from '../../src/machines/inventory/inventoryBoard.connect';
import { fieldWarning, isDirty } from '../../src/machines/records/recordBook.connect';
import { recordBookMachine } from '../../src/machines/records/recordBook.machine';
import { connectInventoryIngredients, connectSpecialty } from '../../src/machines/toolkit/ingredients.connect';
import { inventoryIngredientsMachine } from '../../src/machines/toolkit/inventoryIngredients.machine';
import { connectPricing } from '../../src/machines/toolkit/pricing.connect';
import { connectPayments } from '../../src/machines/payments/payments.connect';
import { paymentsMachine } from '../../src/machines/payments/payments.machine';
import { pricingMachine } from '../../src/machines/toolkit/pricing.machine';
import { specialtyIngredientsMachine } from '../../src/machines/toolkit/specialtyIngredients.machine';

/** The connect modules (state + send → what a view shows and does), without React. */
const today = '2026-05-01';
const mock = buildMockData(today);
const recorder = () => {
  const sent: EventObject[] = [];
  return { sent, send: (event: EventObject) => void sent.push(event) };
};

describe('events.connect', () => {
  it('gives the page its list, no form or Tool Kit at rest, and sends New Event and Close', () => {
    const s = getInitialSnapshot(eventsMachine, { events: mock.events, today });
    const { sent, send } = recorder();
    const page = connectEventsPage(s, send);
    expect(page.events).toBe(s.context.events);
    expect(page).toMatchObject({ formRef: undefined, changedElsewhere: false, toolkitEvent: undefined });
    page.newEvent();
    page.closeToolkit();
    expect(sent).toEqual([{ type: 'form.new' }, { type: 'toolkit.close' }]);
  });

  it('shows the events the filter keeps', () => {
    const filter = { kind: 'quick', filter: 'nextMonth' } as const;
    expect(shownEvents(mock.events, filter, today)).toEqual(filterEvents(mock.events, filter, today));
    expect(shownEvents(mock.events, filter, today).length).toBeGreaterThan(0);
  });
});

describe('toolkit: ingredients.connect and pricing.connect', () => {
  const event = mock.events[0]!;
  const keys = mock.perEvent.find((p) => p.eventId === event.id)!;
  const inventory = getInitialSnapshot(inventoryIngredientsMachine, {
    lines: keys.ingredientList,
    items: mock.inventoryItems,
    guests: event.NumberOfGuests,
  });
  const specialty = getInitialSnapshot(specialtyIngredientsMachine, {
    lines: event.ingredients ?? [],
    guests: event.NumberOfGuests,
  });
  const pricing = getInitialSnapshot(pricingMachine, {
    lines: event.pricing ?? [],
    discount: keys.discountPercentage,
    tax: keys.taxPercentage,
  });

  it('the pricing panel shows the same costing as the event details, and sends its edits', () => {
    const { sent, send } = recorder();
    const view = connectPricing(pricing, inventory, specialty, send);
    expect(view.costing).toEqual(
      eventCosting({
        guests: event.NumberOfGuests,
        inventoryLines: keys.ingredientList,
        specialtyLines: event.ingredients ?? [],
        priceLines: event.pricing ?? [],
        discountPercent: keys.discountPercentage,
        taxPercent: keys.taxPercentage,
      }),
    );
    expect(view.invTotal).toBeGreaterThan(0);
    expect(view.summary).toBeTruthy();
    view.setDiscount('5');
    view.remove('x');
    expect(sent).toEqual([
      { type: 'discount.change', text: '5' },
      { type: 'price.delete', id: 'x' },
    ]);
  });

  it('the pricing and payments callbacks are the same functions for the same send, whatever the totals (issue 23)', () => {
    const one = recorder();
    const other = recorder();
    const withoutLines = { ...specialty, context: { ...specialty.context, lines: [] } } as typeof specialty;
    const first = connectPricing(pricing, inventory, specialty, one.send);
    const again = connectPricing(pricing, inventory, withoutLines, one.send);
    for (const name of ['change', 'add', 'edit', 'commit', 'cancel', 'remove', 'setDiscount', 'setTax'] as const)
      expect(again[name]).toBe(first[name]);
    const elsewhere = connectPricing(pricing, inventory, specialty, other.send);
    expect(elsewhere.setTax).not.toBe(first.setTax);
    elsewhere.setTax('13');
    expect(other.sent).toEqual([{ type: 'tax.change', text: '13' }]);
    expect(one.sent).toEqual([]);

    const payments = getInitialSnapshot(paymentsMachine, { payments: [], depositDueDate: '', today });
    const setup = (total: number, newId: () => string) => ({
      total,
      eventDate: '2026-06-01',
      terms: { depositPercent: 25, balanceDays: 7 },
      newId,
    });
    const newId = () => 'P-1';
    const tool = connectPayments(payments, one.send, setup(1000, newId));
    const dearer = connectPayments(payments, one.send, setup(1200, newId));
    expect(dearer.text?.total).not.toBe(tool.text?.total);
    for (const name of ['change', 'record', 'remove', 'undo', 'setDepositDate', 'discardDraft'] as const)
      expect(dearer[name]).toBe(tool[name]);
    // Another way of naming payments: the record takes its ids from it.
    const renamed = connectPayments(
      payments,
      one.send,
      setup(1200, () => 'P-2'),
    );
    renamed.record();
    expect(one.sent).toEqual([{ type: 'payment.record', id: 'P-2' }]);
  });

  it('the ingredient panels list categories, the items of the chosen one, and the totals', () => {
    const { sent, send } = recorder();
    const inv = connectInventoryIngredients(inventory, send);
    expect(inv.categoryOptions.map((o) => o.value)).toEqual(
      [...new Set(mock.inventoryItems.map((i) => i.category))]
        .sort()
        .filter((c) => inv.categoryOptions.some((o) => o.value === c)),
    );
    expect(inv.total).toBe(connectPricing(pricing, inventory, specialty, send).invTotal);
    inv.selectCategory(inv.categoryOptions[0]!.value);
    expect(sent).toEqual([{ type: 'category.select', category: inv.categoryOptions[0]!.value }]);
    const sp = connectSpecialty(specialty, send);
    expect(sp.total).toBe(connectPricing(pricing, inventory, specialty, send).spTotal);
    expect(sp.editing).toBe(false);
  });
});

describe('inventoryBoard.connect', () => {
  const suppliers = [
    { supplierID: 'S1', supplierName: 'Acme' },
    { supplierID: 'S2', supplierName: 'Acme' },
    { supplierID: 'S3', supplierName: 'Bolt' },
  ];

  it('two suppliers of one name are two choices', () => {
    expect(addSupplierOptions(suppliers).map((o) => o.value)).toHaveLength(3);
  });

  it('Edit Item keeps a name no supplier has any more as a choice, shown first', () => {
    const item = { ...mock.inventoryItems[0]!, supplierName: 'Gone Ltd', supplierId: undefined };
    const choice = editSupplierChoice(suppliers, item, 'Gone Ltd');
    expect(choice.current).toBe('Gone Ltd');
    expect(choice.options[0]).toEqual({ value: 'Gone Ltd', label: 'Gone Ltd' });
    expect(editSupplierChoice(suppliers, null, 'Bolt').options).toEqual(addSupplierOptions(suppliers));
  });
});

describe('recordBook.connect', () => {
  const records = mock.suppliers;
  const s = getInitialSnapshot(recordBookMachine, { records, form: supplierForm, saved: null });

  it('an empty form is not dirty; a typed one is', () => {
    expect(isDirty(s)).toBe(false);
    const typed = recordBookMachine.resolveState({
      value: s.value,
      context: { ...s.context, draft: { ...s.context.draft, supplierName: 'New' } },
    });
    expect(isDirty(typed)).toBe(true);
  });

  it('warns of a supplier name another supplier already has', () => {
    const taken = records[0]!.supplierName;
    const typed = recordBookMachine.resolveState({
      value: s.value,
      context: { ...s.context, draft: { ...s.context.draft, supplierName: taken } },
    });
    expect(fieldWarning(typed, 'supplierName')).toContain(taken);
    expect(fieldWarning(s, 'supplierName')).toBeUndefined();
  });
});

describe('dashboard.connect', () => {
  const s = getInitialSnapshot(dashboardMachine, {
    inventoryItems: mock.inventoryItems,
    suppliers: mock.suppliers,
    employees: mock.employees,
    events: mock.events,
    selectedItems: [],
    ingredientLists: Object.fromEntries(mock.perEvent.map((p) => [String(p.eventId), p.ingredientList])),
    today,
  });

  it('upcoming events and the demand of the window, as the domain computes them', () => {
    expect(dashboard.upcoming(s.context)).toEqual(upcomingEvents(mock.events, today));
    expect(dashboard.demandOf(s.context)).toEqual(
      computeDemand(mock.events, s.context.ingredientLists, today, s.context.demandDays),
    );
  });

  it('what to order, by supplier, with the export rows and the window choice', () => {
    const { sent, send } = recorder();
    const demand = dashboard.demandOf(s.context);
    const parts = dashboard.orderLines(s.context, demand);
    const view = dashboard.connectNeedToOrder({ ...parts, today, days: s.context.demandDays, demand }, send);
    expect(view.lines).toBe(parts.lines);
    expect(view.exportRows().length).toBe(view.lines.length + view.specialty.length);
    view.setWindow(30);
    view.toggle('a');
    expect(sent).toEqual([
      { type: 'demand.window', days: 30 },
      { type: 'order.toggle', id: 'a' },
    ]);
  });

  it('Need to Order per window: each window as computed afresh, worked out once and kept (issue 23)', () => {
    let sums = 0;
    const demandFor = dashboard.demandByWindow(s.context);
    const counting = (days: 7 | 14 | 30) => (sums++, demandFor(days));
    const orders = dashboard.orderByWindow(s.context, counting);
    expect(orders.pending()).toEqual([7, 14, 30]);
    for (const days of [7, 14, 30] as const) {
      const fresh = dashboard.demandOf({ ...s.context, demandDays: days });
      const order = orders.orderFor(days);
      expect(order.demand).toEqual(fresh);
      expect({ ...order, demand: undefined }).toEqual({
        ...dashboard.orderLines({ ...s.context, demandDays: days }, fresh),
        demand: undefined,
      });
      expect(orders.orderFor(days)).toBe(order);
    }
    expect(sums).toBe(3);
    expect(orders.pending()).toEqual([]);
    // New flags reuse the kept demand: only the lines are worked out again.
    const flagged = dashboard.orderByWindow({ ...s.context, selectedItems: [] }, demandFor);
    expect(flagged.orderFor(30).demand).toBe(orders.orderFor(30).demand);
  });

  it('Need to Order worked out ahead in steps (demand, lines, lists) comes to the same windows (issue 23)', () => {
    const demandFor = dashboard.demandByWindow(s.context);
    const orders = dashboard.orderByWindow(s.context, demandFor);
    const steps: number[][] = [];
    while (orders.stepAhead()) steps.push(orders.pending());
    steps.push(orders.pending());
    // Three steps a window, each window done only after its third.
    expect(steps).toEqual([[7, 14, 30], [7, 14, 30], [14, 30], [14, 30], [14, 30], [30], [30], [30], []]);
    expect(orders.stepAhead()).toBe(false);
    for (const days of [7, 14, 30] as const) {
      const fresh = dashboard.demandOf({ ...s.context, demandDays: days });
      const order = orders.orderFor(days);
      expect(order.demand).toEqual(fresh);
      expect({ ...order, demand: undefined }).toEqual({
        ...dashboard.orderLines({ ...s.context, demandDays: days }, fresh),
        demand: undefined,
      });
    }
    // A window chosen before its steps are done is worked out whole, with what the steps had done.
    const fresh = dashboard.orderByWindow(s.context, dashboard.demandByWindow(s.context));
    fresh.stepAhead();
    fresh.stepAhead();
    expect({ ...fresh.orderFor(7), demand: undefined }).toEqual({ ...orders.orderFor(7), demand: undefined });
    expect(fresh.pending()).toEqual([14, 30]);
  });

  it('the mock-data controls, an order list and a data section', () => {
    const { sent, send } = recorder();
    expect(dashboard.connectMockData(s, send)).toMatchObject({ busy: false, confirming: false, refreshToView: false });
    expect(dashboard.connectOrderList(s, 'S1', send)).toMatchObject({ copying: false, copied: false, copyError: null });
    const section = dashboard.connectDataSection(s, 'events', send);
    expect(section).toMatchObject({ rows: mock.events, shown: false });
    section.toggle();
    expect(sent).toEqual([{ type: 'section.toggle', collection: 'events' }]);
  });
});

describe('calendar.connect', () => {
  it('month view: the month’s weeks, each day’s entries and the agenda from the focused day', () => {
    const { sent, send } = recorder();
    const s = getInitialSnapshot(calendarMachine, { today, view: 'month' });
    const api = connectCalendar(s, mock.events, send);
    expect(api).toMatchObject({ view: 'month', focused: today, selectedId: null });
    expect(api.weeks).toEqual(monthGrid(today));
    expect(api.entries).toEqual(entriesByDay(mock.events));
    expect(api.agenda).toEqual(agenda(mock.events, today));
    api.next();
    api.exportAll();
    expect(sent).toEqual([{ type: 'nav.next' }, { type: 'calendar.export', events: mock.events }]);
  });

  it('Next, a focused day and an opened event reuse the events’ index: the same entries, chips, weeks and callbacks', () => {
    const { send } = recorder();
    const s0 = getInitialSnapshot(calendarMachine, { today, view: 'month' });
    const first = connectCalendar(s0, mock.events, send);
    const [s1] = transition(calendarMachine, s0, { type: 'nav.next' });
    const [s2] = transition(calendarMachine, s1, { type: 'nav.previous' });
    const [s3] = transition(calendarMachine, s2, { type: 'event.open', id: mock.events[0]!.id });
    const later = [s1, s2, s3].map((s) => connectCalendar(s, mock.events, send));
    for (const api of later) {
      // Built once for this events array, not again for every snapshot.
      expect(api.entries).toBe(first.entries);
      expect(api.open).toBe(first.open);
      expect(api.focus).toBe(first.focus);
      expect(api.showDay).toBe(first.showDay);
    }
    const busy = mock.events[0]!.EventDate;
    expect(later[1]!.chipsOf(busy)).toBe(first.chipsOf(busy));
    expect(later[1]!.weeks).toBe(first.weeks);
    expect(later[0]!.weeks).toEqual(monthGrid(s1.context.focused));
    // The open event, by id.
    expect(later[2]!.selected).toBe(mock.events[0]);
    expect(first.selected).toBeUndefined();
    // A new events array (an event saved) is indexed again.
    const saved = [...mock.events];
    expect(connectCalendar(s0, saved, send).entries).not.toBe(first.entries);
    expect(connectCalendar(s0, saved, send).entries).toEqual(first.entries);
  });

  it('week view: one week', () => {
    const s = getInitialSnapshot(calendarMachine, { today, view: 'week' });
    expect(connectCalendar(s, [], () => {}).weeks).toEqual([weekDays(today)]);
  });

  it('a dense month day shows three chips and "+N more", which focuses that day; the week view shows every event', () => {
    const { sent, send } = recorder();
    const busyDay = mock.events[0]!.EventDate;
    const many = Array.from({ length: 11 }, (_, i) => ({
      ...mock.events[0]!,
      id: 9000 + i,
      EventName: `Dense ${i}`,
      StartTime: `${String(8 + i).padStart(2, '0')}:00`,
      EndTime: `${String(8 + i).padStart(2, '0')}:30`,
    }));
    const month = connectCalendar(getInitialSnapshot(calendarMachine, { today: busyDay, view: 'month' }), many, send);
    const chips = month.chipsOf(busyDay);
    expect(chips.shown.map((e) => e.event.EventName)).toEqual(['Dense 0', 'Dense 1', 'Dense 2']);
    expect(chips.more).toBe(8);
    month.showDay(busyDay);
    expect(sent).toEqual([{ type: 'focus.set', date: busyDay }]);
    const week = connectCalendar(getInitialSnapshot(calendarMachine, { today: busyDay, view: 'week' }), many, send);
    expect(week.chipsOf(busyDay)).toMatchObject({ more: 0 });
    expect(week.chipsOf(busyDay).shown).toHaveLength(11);
  });
});
