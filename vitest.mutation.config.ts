/**
 * Vitest config for `npm run mutation` (Stryker): only the behavioural tests (unit, model-based, and the
 * database contract and /rest/v1 tests),
 * without the diagram staleness check (it fails on any structural change, which says nothing about
 * behaviour), and with load failures reported as errors (see tests/mutation/collectionErrors.ts).
 * MUTATION_TESTS (comma-separated globs) narrows the test files, e.g. to measure one area.
 * MODEL_WALKS=all replays every generated walk instead of one per distinct shape.
 */
import { defineConfig } from 'vitest/config';
import base from './vitest.config';
import CollectionErrors from './tests/mutation/collectionErrors';

// Not mergeConfig: it would append to the base config's include list instead of replacing it.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: process.env.MUTATION_TESTS?.split(',') ?? [
      'tests/unit/**/*.test.{ts,tsx}',
      'tests/model/**/*.test.{ts,tsx}',
      // server/data (issue 24): the contract and /rest/v1 tests, in-process on PGlite and PostgreSQL 15.
      // Not durability.test.ts: it spawns server processes, which never see the mutant being tested.
      'tests/db/contract.test.ts',
      'tests/db/rest.test.ts',
      // In-process too (buildApp on PGlite): each synced collection's record checks (records.ts) through sync_push.
      'tests/server/syncRecords.test.ts',
    ],
    exclude: ['tests/unit/diagrams.test.ts', '**/node_modules/**'],
    reporters: ['default', new CollectionErrors()],
    // One walk per distinct shape (tests/support/model.ts): a subset of the full walks, so the
    // score is a lower bound for `npm test`'s suite, measured in hours less. MODEL_WALKS=all for every walk.
    env: { MODEL_WALKS: process.env.MODEL_WALKS ?? 'distinct' },
  },
});
