import { defineConfig } from '@pandacss/dev';
import { buttonRecipe } from './src/styles/recipes/button';
import { semanticTokens, tokens } from './src/styles/tokens';

export default defineConfig({
  preflight: true,
  include: ['./src/**/*.{ts,tsx}'],
  exclude: [],
  jsxFramework: 'react',
  outdir: 'styled-system',
  // Colour mode is a class on <html>, set before first paint by public/theme-init.js.
  conditions: {
    extend: {
      dark: '.dark &',
      light: '.light &',
      invalid: '&:is([aria-invalid=true], [data-invalid])',
    },
  },
  // Issue 23: Ark's layers (dialogs, menus, selects) set these on their own element when they open; they are
  // read there only (zIndex: var(--z-index)). Not inherited, setting them does not make the browser work out the
  // style of everything inside an opening dialog (~400 elements in the events form) a second time.
  globalVars: {
    '--layer-index': { syntax: '*', inherits: false, initialValue: '0' },
    '--nested-layer-count': { syntax: '*', inherits: false, initialValue: '0' },
    '--z-index': { syntax: '*', inherits: false, initialValue: 'auto' },
  },
  globalCss: {
    'html, body': {
      bg: 'bg',
      color: 'fg',
      fontFamily: 'body',
      lineHeight: '1.5',
      // Caterers' own text (names, e-mails, URLs as venues) may be one long word: it wraps instead of
      // widening the page. Normal words still break only at spaces.
      overflowWrap: 'anywhere',
    },
    'h1, h2, h3, h4': { fontFamily: 'heading', fontWeight: 'bold', lineHeight: '1.2' },
    a: { color: 'link', textDecoration: 'underline' },
    '.theme-switching *, .theme-switching *::before, .theme-switching *::after': { transition: 'none !important' },
    '*:focus-visible': { outline: '3px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
    // Issue 23: a full-screen dialog (the events form, the Tool Kit) keeps the page behind it from scrolling by CSS
    // alone. Ark's scroll lock read the page's size and style on every open and close, which made the browser work
    // out the style and layout of the whole page, dialog included, twice. The gutter keeps the page's width.
    'html:has(> body > [data-locks-scroll])': { overflow: 'hidden', scrollbarGutter: 'stable' },
    // Printing a page prints its content: the nav bar, footer, skip link and toasts (every sibling of
    // <main>) are left out. A4 and Letter both fit these margins (the event sheet is sized for them).
    '@media print': {
      ':has(> #main) > :not(#main)': { display: 'none !important' },
      // Print of one supplier's order list (Dashboard, Need to Order): only that list and its ancestors print.
      'html[data-print-order-list] body *:not([data-print-area]):not([data-print-area] *):not(:has([data-print-area]))':
        { display: 'none !important' },
      'html[data-print-order-list] [data-print-area] [data-no-print]': { display: 'none !important' },
      'html[data-print-order-list] :has(> [data-print-area]), html[data-print-order-list] :has([data-print-area])': {
        bg: 'transparent !important',
        borderWidth: '0 !important',
        p: '0 !important',
        m: '0 !important',
      },
      'html[data-print-order-list] [data-print-area]': {
        borderWidth: '0 !important',
        bg: 'transparent !important',
        color: 'black !important',
      },
    },
    '@page': { margin: '12mm' },
    '@media (prefers-reduced-motion: reduce)': {
      '*, *::before, *::after': { animationDuration: '0.01ms !important', transitionDuration: '0.01ms !important' },
    },
  },
  theme: {
    extend: {
      tokens,
      semanticTokens,
      recipes: { button: buttonRecipe },
      keyframes: {
        menuIn: { from: { opacity: '0', transform: 'translateY(-4px)' }, to: { opacity: '1', transform: 'none' } },
        menuOut: { from: { opacity: '1' }, to: { opacity: '0' } },
        revealUp: { from: { opacity: '0', transform: 'translateY(24px)' }, to: { opacity: '1', transform: 'none' } },
      },
    },
  },
  staticCss: {
    recipes: { button: ['*'] },
  },
});
