import { css } from 'styled-system/css';

export function Loading({ children = 'Loading…' }: { children?: string }) {
  return (
    <p role="status" className={css({ p: '10', textAlign: 'center', fontFamily: 'heading' })}>
      {children}
    </p>
  );
}
