import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { 'styled-system': new URL('./styled-system', import.meta.url).pathname } },
  test: {
    include: [
      'tests/unit/**/*.test.{ts,tsx}',
      'tests/model/**/*.test.{ts,tsx}',
      'tests/server/**/*.test.ts',
      'tests/db/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 20000,
    hookTimeout: 30000,
  },
});
