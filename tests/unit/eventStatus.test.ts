import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  cancelReasonOf,
  isOpenStatus,
  matchesStatus,
  statusOf,
  statusText,
  type EventStatus,
} from '../../src/domain/eventStatus';
import { connectEventStatus, statusPatch } from '../../src/machines/events/eventStatus.connect';
import { eventStatusMachine } from '../../src/machines/events/eventStatus.machine';

const start = (status: EventStatus, depositPaid = false) => {
  const saved: unknown[] = [];
  const actor = createActor(
    eventStatusMachine.provide({
      actions: { persistStatus: ({ context }, params) => void saved.push(statusPatch(params.status, context)) },
    }),
    { input: { status, depositPaid } },
  ).start();
  const api = () => connectEventStatus(actor.getSnapshot(), actor.send);
  return { actor, api, saved };
};
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('event status (issue 22, part 2)', () => {
  it('events from earlier data (no status, or an unknown one) read as Confirmed', () => {
    expect(statusOf({})).toBe('confirmed');
    expect(statusOf({ status: 'booked' })).toBe('confirmed');
    expect(statusOf({ status: 'quoted' })).toBe('quoted');
    expect(statusText({ status: 'cancelled', statusReason: ' Rained out ' })).toBe('Cancelled: Rained out');
    expect(cancelReasonOf({ status: 'confirmed', statusReason: 'stale' })).toBe('');
    expect(
      ['enquiry', 'quoted', 'confirmed', 'completed', 'cancelled'].map((s) => isOpenStatus(s as EventStatus)),
    ).toEqual([true, true, true, false, false]);
    expect(matchesStatus({}, 'confirmed')).toBe(true);
    expect(matchesStatus({ status: 'enquiry' }, 'confirmed')).toBe(false);
    expect(matchesStatus({ status: 'enquiry' }, 'any')).toBe(true);
  });

  it('Confirm waits for the deposit; "confirm without deposit" confirms and is remembered', async () => {
    const { actor, api, saved } = start('enquiry');
    expect(api()).toMatchObject({ canQuote: true, canConfirm: false, confirmWaitsForDeposit: true });
    api().confirm();
    expect(actor.getSnapshot().value).toBe('enquiry');
    api().quote();
    expect(actor.getSnapshot().value).toBe('quoted');
    api().confirmWithoutDeposit();
    await tick();
    expect(api()).toMatchObject({ status: 'confirmed', label: 'Confirmed', confirmedWithoutDeposit: true });
    expect(saved).toEqual([{ status: 'quoted' }, { status: 'confirmed', confirmedWithoutDeposit: true }]);
  });

  it('Confirm goes through once the deposit is paid', async () => {
    const { actor, api, saved } = start('quoted');
    actor.send({ type: 'deposit.change', depositPaid: true });
    expect(api().canConfirm).toBe(true);
    api().confirm();
    await tick();
    expect(saved).toEqual([{ status: 'confirmed' }]);
    expect(api().confirmedWithoutDeposit).toBe(false);
  });

  it('Cancel needs a reason, from any open state; Completed and Cancelled are final', async () => {
    for (const from of ['enquiry', 'quoted', 'confirmed'] as const) {
      const { api, saved } = start(from);
      expect(api().cancel('   ')).toBe(false);
      expect(api().status).toBe(from);
      expect(api().cancel(' Client postponed ')).toBe(true);
      await tick();
      expect(saved).toEqual([{ status: 'cancelled', statusReason: 'Client postponed' }]);
      expect(api()).toMatchObject({ open: false, canCancel: false, canQuote: false, canComplete: false });
    }
    const done = start('confirmed');
    done.api().complete();
    expect(done.api()).toMatchObject({ status: 'completed', canCancel: false });
    expect(start('completed').api().cancel('late')).toBe(false);
  });
});
