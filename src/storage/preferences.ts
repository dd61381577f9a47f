/**
 * Preference keys read by every page, the landing page included. Validated by tiny hand-written
 * schemas so the landing bundle does not carry the zod schemas of the business data.
 */
import { defineKey, type Schema } from './store';

export type ColorModePreference = 'light' | 'dark' | 'system';

const oneOf = <T extends string>(values: readonly T[]): Schema<T> => ({
  safeParse: (value) => (values.includes(value as T) ? { success: true, data: value as T } : { success: false }),
});
const boolean: Schema<boolean> = {
  safeParse: (value) => (typeof value === 'boolean' ? { success: true, data: value } : { success: false }),
};

/** Light, dark or follow the system; default light. Also read by public/theme-init.js before paint. */
export const colorModeStore = defineKey<ColorModePreference>(
  'colorMode',
  oneOf(['light', 'dark', 'system'] as const),
  () => 'light',
);
/** Button sounds are muted by default (spec section 2). */
export const soundMutedStore = defineKey('soundMuted', boolean, () => true);
