import { useSelector } from '@xstate/react';
import { memo, useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import { css, cx } from 'styled-system/css';
import { quickFilterLabels, quickFilters, type QuickFilter } from '../../domain/eventDates';
import { statusFilterOptions, type StatusFilter } from '../../domain/eventStatus';
import type { eventFiltersMachine } from '../../machines/events/eventFilters.machine';
import { Button } from '../components/Button';
import { errorText, field, input, label, panel, panelTitle } from './styles';

export type FiltersRef = ActorRefFrom<typeof eventFiltersMachine>;

/** The filters' callbacks: the same functions for the actor's life (the search forms draw again only for their own message). */
const filterActions = (ref: FiltersRef) => ({
  toggleQuick: () => ref.send({ type: 'quick.toggle' }),
  toggleMore: () => ref.send({ type: 'more.toggle' }),
  selectQuick: (filter: QuickFilter) => ref.send({ type: 'quick.select', filter }),
  filterRange: (start: string, end: string) => ref.send({ type: 'range.submit', start, end }),
  searchName: (first: string, last: string) => ref.send({ type: 'name.search', first, last }),
  selectStatus: (status: StatusFilter) => ref.send({ type: 'status.select', status }),
});

export function useEventFilters(ref: FiltersRef) {
  return {
    filter: useSelector(ref, (s) => s.context.filter),
    rangeError: useSelector(ref, (s) => s.context.rangeError),
    quickShown: useSelector(ref, (s) => s.hasTag('quick filters')),
    moreShown: useSelector(ref, (s) => s.hasTag('more options')),
    status: useSelector(ref, (s) => s.context.status),
    ...useMemo(() => filterActions(ref), [ref]),
  };
}

/** The word stays whole beside the select on a phone (the page lets long words break anywhere). */
const statusLabel = cx(label, css({ flexShrink: 0, whiteSpace: 'nowrap' }));

/**
 * The status filter (issue 22): a labelled select beside the filter buttons. Memoised, as is EventFilters (issue
 * 23): a filter or a search renders the events page again, and these render again only for what they show.
 */
export const StatusFilterSelect = memo(function StatusFilterSelect({ filtersRef }: { filtersRef: FiltersRef }) {
  const f = useEventFilters(filtersRef);
  return (
    <div className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
      <label htmlFor="filter-status" className={statusLabel}>
        Status
      </label>
      <select
        id="filter-status"
        className={input}
        value={f.status}
        onChange={(e) => f.selectStatus(e.target.value as StatusFilter)}
      >
        {statusFilterOptions.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
});

const panels = css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '4' });
const formRow = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '3' });
const chips = css({ display: 'flex', flexWrap: 'wrap', gap: '2' });

/**
 * Filter by date range and Search by customer name: drawn again only for the range's message (issue 23), not on each
 * quick filter (React writes every prop of an input it renders to the page again).
 */
const MoreOptions = memo(function MoreOptions({
  rangeError,
  filterRange,
  searchName,
}: {
  rangeError: string | null;
  filterRange: (start: string, end: string) => void;
  searchName: (first: string, last: string) => void;
}) {
  // Issue 25: a backwards range is refused; both date fields say why.
  const invalid = rangeError ? { 'aria-invalid': true, 'aria-describedby': 'filter-range-error' } : {};
  return (
    <div className={panels}>
      <form
        className={panel}
        aria-labelledby="range-title"
        onSubmit={(e) => {
          e.preventDefault();
          const data = new FormData(e.currentTarget);
          filterRange(String(data.get('start') ?? ''), String(data.get('end') ?? ''));
        }}
      >
        <h2 id="range-title" className={panelTitle}>
          Filter by date range
        </h2>
        <div className={formRow}>
          <div className={field}>
            <label htmlFor="filter-start" className={label}>
              Start Date
            </label>
            <input id="filter-start" name="start" type="date" className={input} {...invalid} />
          </div>
          <div className={field}>
            <label htmlFor="filter-end" className={label}>
              End Date
            </label>
            <input id="filter-end" name="end" type="date" className={input} {...invalid} />
          </div>
        </div>
        {rangeError ? (
          <p id="filter-range-error" className={errorText} role="alert">
            {rangeError}
          </p>
        ) : null}
        <div>
          <Button type="submit" variant="solidBlue">
            Filter Events
          </Button>
        </div>
      </form>
      <form
        className={panel}
        role="search"
        aria-labelledby="name-title"
        onSubmit={(e) => {
          e.preventDefault();
          const data = new FormData(e.currentTarget);
          searchName(String(data.get('first') ?? ''), String(data.get('last') ?? ''));
        }}
      >
        <h2 id="name-title" className={panelTitle}>
          Search by customer name
        </h2>
        <div className={formRow}>
          <div className={field}>
            <label htmlFor="filter-first" className={label}>
              First Name
            </label>
            <input id="filter-first" name="first" type="text" className={input} autoComplete="off" maxLength={200} />
          </div>
          <div className={field}>
            <label htmlFor="filter-last" className={label}>
              Last Name
            </label>
            <input id="filter-last" name="last" type="text" className={input} autoComplete="off" maxLength={200} />
          </div>
        </div>
        <div>
          <Button type="submit" variant="solidBlue">
            Search
          </Button>
        </div>
      </form>
    </div>
  );
});

export const EventFilters = memo(function EventFilters({ filtersRef }: { filtersRef: FiltersRef }) {
  const f = useEventFilters(filtersRef);
  const activeQuick = f.filter.kind === 'quick' ? f.filter.filter : null;
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      {f.quickShown ? (
        <div role="group" aria-label="Quick filters" className={chips}>
          {quickFilters.map((q) => (
            <Button
              key={q}
              size="sm"
              variant={activeQuick === q ? 'solidBlue' : 'outlineBlue'}
              aria-pressed={activeQuick === q}
              onClick={() => f.selectQuick(q)}
            >
              {quickFilterLabels[q]}
            </Button>
          ))}
        </div>
      ) : null}
      {f.moreShown ? (
        <MoreOptions rangeError={f.rangeError} filterRange={f.filterRange} searchName={f.searchName} />
      ) : null}
    </div>
  );
});
