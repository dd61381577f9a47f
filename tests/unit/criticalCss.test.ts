/**
 * The inline stylesheet of a prerendered page (scripts/lib/criticalCss.ts): the rules its markup
 * uses, in Panda's layers, and the tokens they need; nothing a used class depends on is dropped.
 */
import { describe, expect, it } from 'vitest';
import { classesInMarkup, classesInSelector, criticalCss } from '../../scripts/lib/criticalCss';

const stylesheet = [
  '@layer reset,base,tokens,recipes,utilities;',
  '@layer reset{*{margin:0}}',
  '@layer base{body{font-family:var(--fonts-body)}}',
  '@font-face{font-family:Cinzel;src:url(/assets/cinzel.woff2)}',
  '@layer tokens{:where(:root,:host){--colors-green-700:#1f6b2a;--colors-primary:var(--colors-green-700);--colors-unused:#123456;--spacing-2:.5rem;--spacing-9:9rem;--fonts-body:system-ui}',
  '.dark{--colors-primary:#a8dcb0;--colors-unused:#654321}}',
  '@layer recipes{.button--variant_solidGreen{background:var(--colors-primary)}.button--variant_outlineBlue{border:1px solid}}',
  '@layer utilities{.p_2{padding:var(--spacing-2)}.p_9{padding:var(--spacing-9)}',
  '.md\\:px_6{}@media screen and (min-width:48rem){.md\\:px_6{padding-inline:1.5rem}.md\\:px_8{padding-inline:2rem}}',
  '.hover\\:bg_primary:is(:hover,[data-hover]){background:var(--colors-primary)}',
  '.\\[\\&_span\\]\\:bg_accent span{background:red}',
  '.dark .dark\\:c_fg,.light .light\\:c_fg{color:black}',
  '.w_1\\/2{width:50%}.\\31 0{x:y}}',
].join('');

const page = (classes: string) => `<div class="${classes}"><span>text</span></div>`;

describe('classes in markup and selectors', () => {
  it('reads every class of every class attribute, HTML entities decoded', () => {
    expect([...classesInMarkup('<a class="p_2  md:px_6" href="/">x</a><div class="[&amp;_span]:bg_accent"></div><p>class="not-an-attribute"</p>')]).toEqual([
      'p_2',
      'md:px_6',
      '[&_span]:bg_accent',
    ]);
  });

  it('unescapes the class names of a selector', () => {
    expect(classesInSelector('.md\\:px_6')).toEqual(['md:px_6']);
    expect(classesInSelector('.\\[\\&_span\\]\\:bg_accent span')).toEqual(['[&_span]:bg_accent']);
    expect(classesInSelector('.w_1\\/2')).toEqual(['w_1/2']);
    expect(classesInSelector('.\\31 0')).toEqual(['10']);
    expect(classesInSelector('.dark .dark\\:c_fg:is(:hover)')).toEqual(['dark', 'dark:c_fg']);
  });
});

describe('the critical stylesheet of a page', () => {
  const css = criticalCss(stylesheet, page('p_2 md:px_6 hover:bg_primary button--variant_solidGreen'));

  it('keeps the utility and recipe rules of the classes the markup uses, with their conditions', () => {
    expect(css).toContain('.p_2{padding:var(--spacing-2)}');
    expect(css).toContain('@media screen and (min-width:48rem){.md\\:px_6{padding-inline:1.5rem}}');
    expect(css).toContain('.hover\\:bg_primary:is(:hover,[data-hover]){background:var(--colors-primary)}');
    expect(css).toContain('.button--variant_solidGreen{background:var(--colors-primary)}');
  });

  it('drops the rules of classes the markup does not use, and the blocks they leave empty', () => {
    for (const unused of ['.p_9', '.md\\:px_8', 'button--variant_outlineBlue', 'bg_accent', '.w_1', 'c_fg']) expect(css).not.toContain(unused);
  });

  it('keeps the reset, base, font faces and the layer order as they are', () => {
    expect(css.startsWith('@layer reset,base,tokens,recipes,utilities;')).toBe(true);
    expect(css).toContain('@layer reset{*{margin:0}}');
    expect(css).toContain('@layer base{body{font-family:var(--fonts-body)}}');
    expect(css).toContain('@font-face{font-family:Cinzel;src:url(/assets/cinzel.woff2)}');
  });

  it('keeps the tokens used, through other tokens, in light and dark, and no others', () => {
    expect(css).toContain('--colors-primary:var(--colors-green-700)');
    expect(css).toContain('--colors-green-700:#1f6b2a');
    expect(css).toContain('.dark{--colors-primary:#a8dcb0}');
    expect(css).toContain('--spacing-2:.5rem');
    expect(css).toContain('--fonts-body:system-ui');
    expect(css).not.toContain('--colors-unused');
    expect(css).not.toContain('--spacing-9');
  });

  it('keeps a rule of one selector in a list when only that one is used, and never for the mode class alone', () => {
    const modes = criticalCss(stylesheet, page('light:c_fg'));
    expect(modes).toContain('.light .light\\:c_fg{color:black}');
    expect(modes).not.toContain('.dark .dark\\:c_fg');
  });

  it('keeps a token that only an inline style of the markup uses', () => {
    expect(criticalCss(stylesheet, '<div style="padding:var(--spacing-9)"></div>')).toContain('--spacing-9:9rem');
  });

  it('never returns text that would close the <style> element it is inlined in', () => {
    expect(criticalCss('@layer base{body::after{content:"</style>"}}', page('x'))).not.toMatch(/<\/style/i);
  });
});
