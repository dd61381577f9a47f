/**
 * Vitest config for `npm run mutation` (Stryker): only the behavioural tests (unit and model-based),
 * without the diagram staleness check (it fails on any structural change, which says nothing about
 * behaviour), and with load failures reported as errors (see tests/mutation/collectionErrors.ts).
 * MUTATION_TESTS (comma-separated globs) narrows the test files, e.g. to measure one area.
 */
import { defineConfig } from 'vitest/config';
import base from './vitest.config';
import CollectionErrors from './tests/mutation/collectionErrors';

// Not mergeConfig: it would append to the base config's include list instead of replacing it.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: process.env.MUTATION_TESTS?.split(',') ?? ['tests/unit/**/*.test.{ts,tsx}', 'tests/model/**/*.test.{ts,tsx}'],
    exclude: ['tests/unit/diagrams.test.ts', '**/node_modules/**'],
    reporters: ['default', new CollectionErrors()],
  },
});
