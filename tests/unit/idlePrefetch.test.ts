// @vitest-environment jsdom
/** The idle prefetch of on-demand code (src/views/shell/idlePrefetch.ts). */
import { afterEach, describe, expect, it } from 'vitest';
import { prefetchIdleChunks } from '../../src/views/shell/idlePrefetch';

const prefetchLinks = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((link) => ({
    href: link.getAttribute('href'),
    as: link.getAttribute('as'),
    crossOrigin: link.getAttribute('crossorigin'),
  }));

describe('prefetching the files a page names for later', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('adds one prefetch link per named file, in CORS mode like the later import', () => {
    document.head.innerHTML = '<meta name="idle-prefetch" content="/assets/NavMenu-a1.js  /assets/Toaster-b2.js">';
    expect(prefetchIdleChunks()).toEqual(['/assets/NavMenu-a1.js', '/assets/Toaster-b2.js']);
    expect(prefetchLinks()).toEqual([
      { href: '/assets/NavMenu-a1.js', as: 'script', crossOrigin: '' },
      { href: '/assets/Toaster-b2.js', as: 'script', crossOrigin: '' },
    ]);
  });

  it('fetches nothing on a page that names nothing (the bare app shell)', () => {
    expect(prefetchIdleChunks()).toEqual([]);
    document.head.innerHTML = '<meta name="idle-prefetch" content="  ">';
    expect(prefetchIdleChunks()).toEqual([]);
    expect(prefetchLinks()).toEqual([]);
  });

  it("fetches only the build's own script files, never another address", () => {
    document.head.innerHTML =
      '<meta name="idle-prefetch" content="https://evil.example/x.js /assets/../secret.js /assets/ok-1.js /media/logo.svg">';
    expect(prefetchIdleChunks()).toEqual(['/assets/ok-1.js']);
    expect(prefetchLinks().map((link) => link.href)).toEqual(['/assets/ok-1.js']);
  });
});
