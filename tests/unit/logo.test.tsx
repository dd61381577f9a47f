import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Logo } from '../../src/views/shell/Logo';

/** Each shape of an SVG text as `tag attr=value ...`, attributes sorted, kebab-case. */
function shapes(svg: string): string[] {
  return [...svg.matchAll(/<(circle|path|rect)\s([^>]*?)\/?>/g)].map(([, tag, attrs]) => {
    const pairs = [...attrs!.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map(
      ([, name, value]) => `${name!.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}=${value}`,
    );
    return `${tag} ${pairs.sort().join(' ')}`;
  });
}

describe('Logo (inline in the header)', () => {
  const favicon = readFileSync(new URL('../../public/media/logo.svg', import.meta.url), 'utf8');
  const inline = renderToStaticMarkup(<Logo />);

  it('draws the same shapes, in the same order, as the favicon public/media/logo.svg', () => {
    expect(shapes(inline)).toHaveLength(6);
    expect(shapes(inline)).toEqual(shapes(favicon));
  });

  it('is decorative (the link around it is named), 44 px square and never squeezed by the header, on the same 64-unit canvas', () => {
    expect(inline).toMatch(/^<svg width="44" height="44" viewBox="0 0 64 64" aria-hidden="true" class="flex-sh_0">/);
    expect(favicon).toContain('viewBox="0 0 64 64"');
  });
});
