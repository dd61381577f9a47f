import { useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from './Button';

/** One formatter for the counts (`toLocaleString` makes a new one on every call: ~1 ms each at 4x, issue 23). */
const counts = new Intl.NumberFormat('en-CA');
const count = (n: number) => counts.format(n);

const bar = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3', mt: '3' });

/**
 * A long list shown a page at a time (issue 23): a big business's Need to Order held 2,000 cards
 * (84,000 elements), and the Dashboard took 20 s to answer a click. `shown` grows by `step`.
 */
export function useShowMore(total: number, step: number) {
  const [limit, setLimit] = useState(step);
  return {
    shown: Math.min(limit, total),
    total,
    step,
    more: () => setLimit((n) => n + step),
    all: () => setLimit(Number.POSITIVE_INFINITY),
  };
}

/** "Showing 50 of 2,143 items to order." with Show 50 more and Show all; nothing when all are shown. */
export function ShowMore({ list, noun }: { list: ReturnType<typeof useShowMore>; noun: string }) {
  if (list.shown >= list.total) return null;
  const next = Math.min(list.step, list.total - list.shown);
  return (
    <div className={bar} data-no-print="">
      <p>
        Showing {count(list.shown)} of {count(list.total)} {noun}.
      </p>
      <Button size="sm" variant="outlineBlue" onClick={list.more}>
        Show {count(next)} more
      </Button>
      <Button size="sm" variant="outlineBlue" onClick={list.all}>
        Show all {count(list.total)}
      </Button>
    </div>
  );
}
