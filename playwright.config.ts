import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const port = Number(process.env.TEST_PORT ?? 4310);
// The server's data dir, made once: the workers load this file again but inherit the main process's
// environment, so they find the same dir (tests read the mail outbox under it).
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'cc-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: 'tests/browser',
  // CI shares two cores between two workers, Chromium and the server: generous ceilings, so load
  // alone never fails a test (a real hang still does).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'off',
  },
  webServer: {
    // The same server `npm start` runs, on the build `npm test` just made, with a throwaway data dir.
    command: `node --import tsx server/main.ts`,
    url: `http://127.0.0.1:${port}/auth/v1/health`,
    reuseExistingServer: false,
    timeout: 30_000,
    // Many tests sign up and sign in from one address: lift the per-address limits (server tests cover them).
    // The per-e-mail limit of reset links stays: a browser test shows its 429 wording.
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      RATE_LIMIT_SIGNUP: 'off',
      RATE_LIMIT_TOKEN: 'off',
      RATE_LIMIT_EMAIL_FAILURES: 'off',
      RATE_LIMIT_RECOVER: 'off',
      RATE_LIMIT_VERIFY: 'off',
    },
  },
});
