import { useEffect, type ReactNode } from 'react';
import { css } from 'styled-system/css';

const page = css({ maxW: '1200px', mx: 'auto', px: { base: '4', md: '8' }, py: { base: '6', md: '10' }, width: '100%' });

/** Common page frame: sets the document title and a single h1. */
export function Page({ title, heading, children, wide }: { title: string; heading?: ReactNode; children: ReactNode; wide?: boolean }) {
  useEffect(() => {
    document.title = `${title} · Cater Captain`;
  }, [title]);
  return (
    <div className={page} style={wide ? { maxWidth: 'none' } : undefined}>
      {heading !== undefined ? <h1 className={css({ fontSize: { base: '2xl', md: '4xl' }, mb: '6', color: 'primary' })}>{heading}</h1> : null}
      {children}
    </div>
  );
}
