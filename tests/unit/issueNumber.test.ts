// @vitest-environment jsdom
/**
 * Issuing a quote or invoice never reuses a number (issue 22): two issues at the same moment (two tabs)
 * take different numbers, with Web Locks and without them (the book is written only when unchanged since
 * it was read); with sync on the number comes from the account and the local counter is raised to it;
 * when the account cannot be reached nothing is issued and the page says why.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  issueDocumentNow,
  NEEDS_CONNECTION,
  type AccountTake,
  type NumberSource,
} from '../../src/app/documents/useEventDocument';
import { SyncFailure } from '../../src/sync/remote';

const year = new Date().getFullYear();
const invoices = () =>
  (JSON.parse(localStorage.getItem('issuedDocuments') ?? '[]') as Array<{ eventId: number; number: string }>)
    .map((d) => [d.eventId, d.number])
    .sort();
const counters = () => JSON.parse(localStorage.getItem('documentNumbers') ?? 'null') as unknown;
const n = (sequence: number) => `INV-${year}-${String(sequence).padStart(4, '0')}`;
const local = async (): Promise<NumberSource> => null;
/** The account's numbers (sync on): `number` answers new numbers, `revision` revisions (none asked unless given). */
const account =
  (number: AccountTake['number'], revision: AccountTake['revision'] = () => Promise.reject(new Error('not asked'))) =>
  async (): Promise<NumberSource> => ({ number, revision });
/** A source that answers after the other issue had its turn (as a second tab, or the network, would). */
const slowLocal = async (): Promise<NumberSource> => {
  await new Promise((resolve) => setTimeout(resolve, 5));
  return null;
};

/** A stand-in for navigator.locks: one holder at a time, in order. */
function installLocks() {
  let tail: Promise<unknown> = Promise.resolve();
  const request = vi.fn((_name: string, _options: unknown, task: () => Promise<unknown>) => {
    const run = tail.then(() => task());
    tail = run.catch(() => undefined);
    return run;
  });
  Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });
  return request;
}

describe('issuing a number', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    delete (navigator as { locks?: unknown }).locks;
  });

  it('with sync off takes this browser’s next number', async () => {
    expect(await issueDocumentNow(1, 'invoice', local)).toBeNull();
    expect(await issueDocumentNow(2, 'invoice', local)).toBeNull();
    expect(invoices()).toEqual([
      [1, n(1)],
      [2, n(2)],
    ]);
    expect(counters()).toMatchObject({ invoice: { [year]: 2 } });
  });

  it('two issues at the same moment without Web Locks get different numbers (the second reads again)', async () => {
    expect(
      await Promise.all([issueDocumentNow(1, 'invoice', slowLocal), issueDocumentNow(2, 'invoice', slowLocal)]),
    ).toEqual([null, null]);
    expect(
      invoices()
        .map(([, number]) => number)
        .sort(),
    ).toEqual([n(1), n(2)]);
  });

  it('two issues at the same moment with Web Locks take turns and get different numbers', async () => {
    const request = installLocks();
    await Promise.all([issueDocumentNow(1, 'invoice', slowLocal), issueDocumentNow(2, 'invoice', slowLocal)]);
    expect(request).toHaveBeenCalledTimes(2);
    expect(
      invoices()
        .map(([, number]) => number)
        .sort(),
    ).toEqual([n(1), n(2)]);
  });

  it('with sync on takes the account’s number, tells it the last one used here, and raises the counter', async () => {
    localStorage.setItem('documentNumbers', JSON.stringify({ quote: {}, invoice: { [year]: 3 } }));
    const take = vi.fn(async () => 9);
    expect(await issueDocumentNow(1, 'invoice', account(take))).toBeNull();
    expect(take).toHaveBeenCalledWith('invoice', year, 3);
    expect(invoices()).toEqual([[1, n(9)]]);
    expect(counters()).toMatchObject({ invoice: { [year]: 9 } });
  });

  it('with sync on and the account out of reach issues nothing and says why', async () => {
    const offline = vi.fn(async (): Promise<number> => {
      throw new SyncFailure('offline', 0, 'The server could not be reached.');
    });
    expect(await issueDocumentNow(1, 'invoice', account(offline))).toBe(NEEDS_CONNECTION);
    expect(NEEDS_CONNECTION).toBe(
      'Issuing needs a connection to your account so a number is never used twice — try again when online.',
    );
    expect(localStorage.getItem('issuedDocuments')).toBeNull();
    expect(localStorage.getItem('documentNumbers')).toBeNull();
    // Back online: issued, with the account's number.
    expect(
      await issueDocumentNow(
        1,
        'invoice',
        account(async () => 1),
      ),
    ).toBeNull();
    expect(invoices()).toEqual([[1, n(1)]]);
  });

  it('keeps the account’s number when another tab wrote meanwhile, and never writes one already used here', async () => {
    // Another tab issued number 1 here while the account answered 2 to this one.
    const take = vi.fn(async () => {
      localStorage.setItem(
        'issuedDocuments',
        JSON.stringify([
          {
            ...JSON.parse('{}'),
            id: 'D-x',
            kind: 'invoice',
            eventId: 2,
            eventName: 'X',
            year,
            sequence: 1,
            revision: 1,
            number: n(1),
            issuedAt: `${year}-01-01`,
            snapshot: { lines: [], totalCents: 0 },
          },
        ]),
      );
      return 2;
    });
    expect(await issueDocumentNow(1, 'invoice', account(take))).toBeNull();
    expect(take).toHaveBeenCalledTimes(1);
    expect(invoices()).toEqual([
      [1, n(2)],
      [2, n(1)],
    ]);
  });

  describe('a revision (issue 24: two devices never print one revision twice)', () => {
    const issued = () =>
      (JSON.parse(localStorage.getItem('issuedDocuments') ?? '[]') as Array<{ number: string; revision: number }>).map(
        (d) => d.number,
      );

    it('with sync on takes the account’s revision, telling it the highest revision here', async () => {
      const take = vi.fn(async () => 4);
      // Another device already revised INV-0004 to -2 and -3 (the account knows; this device does not).
      const revise = vi.fn(async () => 4);
      expect(await issueDocumentNow(1, 'invoice', account(take, revise))).toBeNull();
      expect(await issueDocumentNow(1, 'invoice', account(take, revise))).toBeNull();
      expect(revise).toHaveBeenCalledWith('invoice', year, 4, 1);
      expect(issued()).toEqual([n(4), `${n(4)}-4`]);
      // The next revision tells the account this device has seen -4.
      revise.mockResolvedValueOnce(5);
      expect(await issueDocumentNow(1, 'invoice', account(take, revise))).toBeNull();
      expect(revise).toHaveBeenLastCalledWith('invoice', year, 4, 4);
      expect(issued()).toEqual([n(4), `${n(4)}-4`, `${n(4)}-5`]);
      // The number counter is not touched by revisions.
      expect(take).toHaveBeenCalledTimes(1);
      expect(counters()).toMatchObject({ invoice: { [year]: 4 } });
    });

    it('with sync on and the account out of reach issues no revision and says why', async () => {
      expect(
        await issueDocumentNow(
          1,
          'invoice',
          account(async () => 1),
        ),
      ).toBeNull();
      const before = localStorage.getItem('issuedDocuments');
      const offline = vi.fn(async (): Promise<number> => {
        throw new SyncFailure('offline', 0, 'The server could not be reached.');
      });
      expect(
        await issueDocumentNow(
          1,
          'invoice',
          account(async () => 2, offline),
        ),
      ).toBe(NEEDS_CONNECTION);
      expect(localStorage.getItem('issuedDocuments')).toBe(before);
      // The sync code never loaded (whether sync is on is unknown): nothing either.
      const unknown = async (): Promise<NumberSource> => {
        throw new Error(NEEDS_CONNECTION);
      };
      expect(await issueDocumentNow(1, 'invoice', unknown)).toBe(NEEDS_CONNECTION);
      expect(localStorage.getItem('issuedDocuments')).toBe(before);
      // Back online: the account's revision.
      expect(
        await issueDocumentNow(
          1,
          'invoice',
          account(
            async () => 2,
            async () => 2,
          ),
        ),
      ).toBeNull();
      expect(issued()).toEqual([n(1), `${n(1)}-2`]);
    });

    it('with sync off counts this browser’s revisions', async () => {
      expect(await issueDocumentNow(1, 'invoice', local)).toBeNull();
      expect(await issueDocumentNow(1, 'invoice', local)).toBeNull();
      expect(await issueDocumentNow(1, 'invoice', local)).toBeNull();
      expect(issued()).toEqual([n(1), `${n(1)}-2`, `${n(1)}-3`]);
    });

    it('never writes an account revision this browser already holds: another tab revised meanwhile', async () => {
      expect(await issueDocumentNow(1, 'invoice', local)).toBeNull();
      const [first] = JSON.parse(localStorage.getItem('issuedDocuments')!) as object[];
      const revise = vi.fn(async () => {
        if (revise.mock.calls.length === 1)
          localStorage.setItem(
            'issuedDocuments',
            JSON.stringify([first, { ...first, id: 'D-other', revision: 2, number: `${n(1)}-2` }]),
          );
        return revise.mock.calls.length + 1;
      });
      expect(
        await issueDocumentNow(
          1,
          'invoice',
          account(async () => 9, revise),
        ),
      ).toBeNull();
      expect(revise).toHaveBeenCalledTimes(2);
      expect(revise).toHaveBeenLastCalledWith('invoice', year, 1, 2);
      expect(issued()).toEqual([n(1), `${n(1)}-2`, `${n(1)}-3`]);
    });
  });
});
