// Mutation testing (issue 13, extended by issue 24): how many small bugs planted in src/machines,
// src/domain, src/storage, src/sync and server/data make a behavioural test fail. `npm run mutation` (full run, slow: see docs/testing.md), or one area:
// `npm run mutation -- --mutate 'src/machines/sound.machine.ts'`.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutation.config.ts', related: true },
  mutate: [
    'src/machines/**/*.ts',
    'src/domain/**/*.ts',
    'src/storage/**/*.ts',
    'src/sync/**/*.ts',
    'server/data/**/*.ts',
    '!src/**/*.d.ts',
  ],
  coverageAnalysis: 'perTest',
  // Two shared cores: one test process, so timings (and timeouts) stay sane.
  concurrency: 1,
  timeoutMS: 20000,
  reporters: ['clear-text', 'progress', 'json', 'html'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  thresholds: { high: 90, low: 85, break: null },
};
