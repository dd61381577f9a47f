/**
 * What /ManageEvents shows of the events kept only in the account: the status line, the list and
 * the words of a failed search or open. Pure (unit-tested without React).
 */
import type { SnapshotFrom } from 'xstate';
import type { AccountEvent, eventsInAccountMachine } from './eventsInAccount.machine';

export type EventsInAccountSnapshot = SnapshotFrom<typeof eventsInAccountMachine>;

export const IN_ACCOUNT_MARK = 'In your account';

export const OFFLINE_SEARCH =
  'You are offline. Events kept in your account can be searched and opened when this browser is back online.';

export interface EventsInAccountView {
  /** The line under the search: searching, how many match, or why not. */
  status: string;
  /** An alert (a failed search or open), or null. */
  alert: string | null;
  results: AccountEvent[];
  /** The event being fetched (its buttons say so), or null. */
  openingId: number | null;
  busy: boolean;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function eventsInAccountView(snapshot: EventsInAccountSnapshot): EventsInAccountView {
  const { results, more, error, opening, openError, query } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  let status: string;
  if (snapshot.matches('searching')) status = 'Searching your account…';
  else if (opening) status = `Fetching “${opening.name}” from your account…`;
  else if (snapshot.matches('failed')) status = '';
  else if (!results.length) status = query.trim() ? `No event in your account matches “${query.trim()}”.` : 'None.';
  else
    status = `${plural(results.length, 'event', 'events')}${more ? ' (the first ones: search to narrow it)' : ''}${
      query.trim() ? ` matching “${query.trim()}”` : ''
    }`;
  let alert: string | null = null;
  if (snapshot.matches('failed') && error)
    alert = error.offline ? OFFLINE_SEARCH : `Your account could not be reached: ${error.message}`;
  else if (openError)
    alert = openError.offline
      ? `You are offline: “${openError.name}” is kept in your account and opens when this browser is back online.`
      : `“${openError.name}” could not be opened: ${openError.message}`;
  return { status, alert, results, openingId: opening?.id ?? null, busy };
}
