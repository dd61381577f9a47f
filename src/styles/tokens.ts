import { defineSemanticTokens, defineTokens } from '@pandacss/dev';

/** Raw palette. Components never use these directly; they use the semantic tokens below. */
export const tokens = defineTokens({
  colors: {
    green: {
      700: { value: '#1f6b2a' },
      800: { value: '#17521f' },
      200: { value: '#a8dcb0' },
      100: { value: '#cfeed4' },
    },
    blue: {
      700: { value: '#1a56a0' },
      800: { value: '#12427c' },
      200: { value: '#a9cdf5' },
      100: { value: '#d3e6fb' },
    },
    red: { 700: { value: '#b3261e' }, 800: { value: '#8c1d17' }, 200: { value: '#f4b0aa' }, 100: { value: '#fbd9d6' } },
    ink: {
      950: { value: '#111412' },
      900: { value: '#1a1e1b' },
      800: { value: '#262b28' },
      700: { value: '#3a413c' },
      500: { value: '#6b736d' },
      300: { value: '#b9c0ba' },
      100: { value: '#e7ebe7' },
      50: { value: '#f7f8f5' },
    },
  },
  fonts: {
    heading: { value: "'Cinzel', 'Trajan Pro', Georgia, serif" },
    body: { value: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" },
  },
  durations: { menuEnter: { value: '0.2s' }, menuExit: { value: '0.1s' } },
});

/** Light is the default; `.dark` on <html> switches every token at once. */
export const semanticTokens = defineSemanticTokens({
  colors: {
    bg: { value: { base: '{colors.ink.50}', _dark: '{colors.ink.950}' } },
    surface: { value: { base: '#ffffff', _dark: '{colors.ink.900}' } },
    surfaceRaised: { value: { base: '{colors.ink.100}', _dark: '{colors.ink.800}' } },
    fg: { value: { base: '{colors.ink.950}', _dark: '{colors.ink.50}' } },
    fgMuted: { value: { base: '{colors.ink.700}', _dark: '{colors.ink.300}' } },
    border: { value: { base: '{colors.ink.300}', _dark: '{colors.ink.700}' } },
    primary: { value: { base: '{colors.green.700}', _dark: '{colors.green.200}' } },
    primaryHover: { value: { base: '{colors.green.800}', _dark: '{colors.green.100}' } },
    secondary: { value: { base: '{colors.blue.700}', _dark: '{colors.blue.200}' } },
    secondaryHover: { value: { base: '{colors.blue.800}', _dark: '{colors.blue.100}' } },
    accent: { value: { base: '{colors.red.700}', _dark: '{colors.red.200}' } },
    accentHover: { value: { base: '{colors.red.800}', _dark: '{colors.red.100}' } },
    /** Text drawn on a solid primary/secondary/accent background. */
    onSolid: { value: { base: '#ffffff', _dark: '{colors.ink.950}' } },
    link: { value: { base: '{colors.blue.700}', _dark: '{colors.blue.200}' } },
    alertBg: { value: { base: '{colors.red.100}', _dark: '#3b1412' } },
    alertFg: { value: { base: '{colors.red.800}', _dark: '{colors.red.200}' } },
    bannerBg: { value: { base: '{colors.red.700}', _dark: '{colors.red.200}' } },
    focusRing: { value: { base: '{colors.blue.700}', _dark: '{colors.blue.200}' } },
    disabledFg: { value: { base: '{colors.ink.500}', _dark: '{colors.ink.500}' } },
    stripe: { value: { base: '{colors.ink.100}', _dark: '{colors.ink.800}' } },
    /** Statechart diagrams are drawn light (build-time Mermaid); in dark mode their box is inverted by a filter. */
    diagramBg: { value: { base: '#ffffff', _dark: '#ffffff' } },
    diagramActive: { value: { base: '{colors.green.100}', _dark: '{colors.green.100}' } },
    diagramActiveBorder: { value: { base: '{colors.green.700}', _dark: '{colors.green.700}' } },
  },
});
