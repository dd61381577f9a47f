import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { useEventDocumentNumbers } from '../../app/documents/useEventDocument';
import { documentPath } from './path';

const wrap = css({ display: 'inline-flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' });
const number = css({ fontSize: 'sm', color: 'fgMuted', fontVariantNumeric: 'tabular-nums' });

/**
 * "Quote" and "Invoice": links styled as outline buttons to the event's printable quote and invoice, each
 * followed by its number once issued (Q-2026-0001, INV-2026-0001). `name` gives them accessible names of their own
 * ("Quote for Harbour Gala") where several events are listed.
 */
export function DocumentLinks({ id, name }: { id: number; name?: string }) {
  const numbers = useEventDocumentNumbers(id);
  return (
    <span className={wrap}>
      <Link
        href={documentPath(id, 'quote')}
        className={button({ variant: 'outlineBlue' })}
        aria-label={name ? `Quote for ${name}` : undefined}
      >
        Quote
      </Link>
      {numbers.quote ? <span className={number}>{numbers.quote}</span> : null}
      <Link
        href={documentPath(id, 'invoice')}
        className={button({ variant: 'outlineBlue' })}
        aria-label={name ? `Invoice for ${name}` : undefined}
      >
        Invoice
      </Link>
      {numbers.invoice ? <span className={number}>{numbers.invoice}</span> : null}
    </span>
  );
}
