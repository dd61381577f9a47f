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

  it('adds each link in a step of its own when given a scheduler (one idle callback per file, not one long task)', () => {
    document.head.innerHTML = '<meta name="idle-prefetch" content="/assets/a-1.js /assets/b-2.js /assets/c-3.js">';
    const steps: Array<() => void> = [];
    expect(prefetchIdleChunks(document, (step) => steps.push(step))).toEqual([
      '/assets/a-1.js',
      '/assets/b-2.js',
      '/assets/c-3.js',
    ]);
    expect(steps).toHaveLength(3);
    expect(prefetchLinks()).toEqual([]);
    steps[0]!();
    expect(prefetchLinks().map((link) => link.href)).toEqual(['/assets/a-1.js']);
    steps[1]!();
    steps[2]!();
    expect(prefetchLinks().map((link) => link.href)).toEqual(['/assets/a-1.js', '/assets/b-2.js', '/assets/c-3.js']);
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
