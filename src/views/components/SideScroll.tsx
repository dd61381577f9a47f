import type { ReactNode } from 'react';
import { css } from 'styled-system/css';

const box = css({ overflowX: 'auto', maxW: '100%' });

/**
 * A wide table's box on a phone: it scrolls sideways inside the panel instead of running past its edge, and the
 * keyboard can scroll it too (focusable, named "<label> table, scrolls sideways").
 */
export function SideScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={box} tabIndex={0} role="group" aria-label={`${label} table, scrolls sideways`}>
      {children}
    </div>
  );
}
