import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { css } from 'styled-system/css';

const page = css({
  maxW: '1200px',
  mx: 'auto',
  px: { base: '4', md: '8' },
  py: { base: '6', md: '10' },
  width: '100%',
});

const documentTitle = (title: string) => `${title} · Cater Captain`;

/** Given only when prerendering (src/entry-server.tsx): receives the page's title for the HTML's <title>. */
export const PrerenderTitleContext = createContext<((title: string) => void) | null>(null);

/** Common page frame: sets the document title and a single h1. */
export function Page({
  title,
  heading,
  children,
  wide,
}: {
  title: string;
  heading?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  useContext(PrerenderTitleContext)?.(documentTitle(title));
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
  return (
    <div className={page} style={wide ? { maxWidth: 'none' } : undefined}>
      {heading !== undefined ? (
        <h1 className={css({ fontSize: { base: '2xl', md: '4xl' }, mb: '6', color: 'primary' })}>{heading}</h1>
      ) : null}
      {children}
    </div>
  );
}
