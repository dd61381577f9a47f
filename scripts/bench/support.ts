/** Shared bench plumbing: start the real server on the current build, launch system Chromium. */
import { chromium, type Browser, type Page } from '@playwright/test';
import type { ChildProcess } from 'node:child_process';
import { spawnServer } from '../../tests/server/process.ts';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Figure {
  name: string;
  value: number;
  unit: string;
  budget: string;
  pass: boolean;
}

export const root = new URL('../..', import.meta.url).pathname;

export { freePort } from '../../tests/server/process.ts';

export interface RunningServer {
  url: string;
  pid: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cc-bench-'));
  const { child, url } = await spawnServer({ DATA_DIR: dataDir, ...env });
  return {
    url,
    pid: child.pid ?? 0,
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Signs in as the demo account through the login form. */
export async function signInAsDemo(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill('demo@catercaptain.com');
  await page.getByLabel('Password').fill('democatercaptain');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByText('Login successful!').waitFor();
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export function printFigures(title: string, figures: Figure[]) {
  console.log(`\n${title}`);
  for (const f of figures) {
    console.log(`  ${f.pass ? 'PASS' : 'FAIL'}  ${f.name}: ${f.value.toFixed(f.value < 10 ? 2 : 1)} ${f.unit}  (budget ${f.budget})`);
  }
}

export function ensureDir(path: string) {
  mkdirSync(path, { recursive: true });
  return path;
}
export { writeFileSync };
