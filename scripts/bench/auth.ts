/**
 * Auth server benchmark: starts `node --import tsx server/main.ts` as a child process (temp DATA_DIR and
 * DIST_DIR, random PORT, rate limits raised by env) and measures refresh throughput, password sign-in
 * latency against one bcrypt verification, a burst of concurrent sign-ins, and the server's resident memory.
 * `npx tsx scripts/bench/auth.ts` prints the figures; scripts/bench/index.ts imports runAuthBench().
 */
import { verify } from '@node-rs/bcrypt';
import { hashPassword } from '../../server/auth/passwords.ts';
import type { ChildProcess } from 'node:child_process';
import { spawnServer } from '../../tests/server/process.ts';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  budget: string;
  pass: boolean;
}

const DEMO = { email: 'demo@catercaptain.com', password: 'democatercaptain' };
const BCRYPT_COST = 10;
const REFRESH_CLIENTS = 50;
const REFRESH_SECONDS = Number(process.env.AUTH_BENCH_REFRESH_SECONDS ?? 5);
const CONCURRENT_SIGN_INS = Number(process.env.AUTH_BENCH_CONCURRENT_SIGN_INS ?? 200);
const SEQUENTIAL_SIGN_INS = 40;
const PASSWORD_CHANGERS = 16;
const PAGE_SAMPLES = 60;
const PAGE_LOAD_SECONDS = Number(process.env.AUTH_BENCH_PAGE_SECONDS ?? 5);
const RAISED = '1000000,10000000';

async function startServer(dataDir: string, distDir: string): Promise<{ child: ChildProcess; url: string }> {
  const extra = process.env.AUTH_BENCH_NODE_ARGS ? process.env.AUTH_BENCH_NODE_ARGS.split(' ') : [];
  return spawnServer(
    {
      DATA_DIR: dataDir,
      DIST_DIR: distDir,
      DEMO_USER: 'true',
      BCRYPT_COST: String(BCRYPT_COST),
      // All clients come from one address here: let one source queue as many bcrypt runs as it sends.
      BCRYPT_QUEUE_PER_SOURCE: '1000',
      RATE_LIMIT_TOKEN: RAISED,
      RATE_LIMIT_REFRESH: RAISED,
      RATE_LIMIT_SIGNUP: RAISED,
      RATE_LIMIT_EMAIL_FAILURES: RAISED,
      RATE_LIMIT_ACCOUNT_FAILURES: RAISED,
      RATE_LIMIT_PASSWORD_CHANGE: RAISED,
    },
    extra,
  );
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

interface HttpResult {
  status: number;
  body: string;
}

/** Keep-alive HTTP client (node:http with a pooled Agent: less per-request overhead than fetch). */
function makeClient(base: string, headers: Record<string, string>) {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const url = new URL(base);
  const send = (
    method: string,
    path: string,
    payload: unknown,
    extra: Record<string, string> = {},
  ): Promise<HttpResult> =>
    new Promise((resolve, reject) => {
      const body = payload === undefined ? '' : JSON.stringify(payload);
      const req = request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method,
          path,
          headers: { ...headers, ...extra, 'Content-Length': Buffer.byteLength(body) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  const post = (path: string, payload: unknown) => send('POST', `/auth/v1${path}`, payload);
  return { post, send, close: () => agent.destroy() };
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

export async function runAuthBench(): Promise<BenchResult[]> {
  const root = mkdtempSync(join(tmpdir(), 'cc-auth-bench-'));
  const dataDir = join(root, 'data');
  const distDir = join(root, 'dist');
  mkdirSync(distDir, { recursive: true });
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>bench</title>');
  const { child, url } = await startServer(dataDir, distDir);
  try {
    const config = (await (await fetch(`${url}/config.json`)).json()) as { supabaseAnonKey: string };
    const headers = {
      apikey: config.supabaseAnonKey,
      Authorization: `Bearer ${config.supabaseAnonKey}`,
      'Content-Type': 'application/json;charset=UTF-8',
      'X-Supabase-Api-Version': '2024-01-01',
    };
    const http = makeClient(url, headers);
    const post = http.post;
    const signIn = () => post('/token?grant_type=password', DEMO);

    // 1. Refresh-token grant: 50 clients, each rotating its own chain.
    const chains = await Promise.all(
      Array.from({ length: REFRESH_CLIENTS }, async () => {
        const res = await signIn();
        if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.body}`);
        return (JSON.parse(res.body) as { refresh_token: string }).refresh_token;
      }),
    );
    let ok = 0;
    let errors = 0;
    const tokens = [...chains];
    const refreshFor = async (seconds: number) => {
      const deadline = performance.now() + seconds * 1000;
      await Promise.all(
        tokens.map(async (_first, i) => {
          while (performance.now() < deadline) {
            try {
              const res = await post('/token?grant_type=refresh_token', { refresh_token: tokens[i] });
              if (res.status !== 200) {
                errors++;
                continue;
              }
              tokens[i] = (JSON.parse(res.body) as { refresh_token: string }).refresh_token;
              ok++;
            } catch {
              errors++;
            }
          }
        }),
      );
    };
    await refreshFor(1); // warm-up: JIT, sockets
    ok = 0;
    const started = performance.now();
    await refreshFor(REFRESH_SECONDS);
    const refreshRate = ok / ((performance.now() - started) / 1000);

    // 2. One bcrypt verification in-process vs. p50 of sequential password sign-ins.
    // Interleaved, so both medians see the same machine load.
    const sample = await hashPassword('benchmark password', BCRYPT_COST);
    const verifyTimes: number[] = [];
    const signInTimes: number[] = [];
    for (let i = 0; i < SEQUENTIAL_SIGN_INS; i++) {
      let t = performance.now();
      await verify('benchmark password', sample);
      verifyTimes.push(performance.now() - t);
      t = performance.now();
      const res = await signIn();
      if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
      signInTimes.push(performance.now() - t);
    }
    const bcryptMs = median(verifyTimes);
    const signInP50 = median(signInTimes);

    // 3. 200 concurrent sign-ins.
    const burstStart = performance.now();
    const statuses = await Promise.all(
      Array.from({ length: CONCURRENT_SIGN_INS }, async () => {
        try {
          const res = await signIn();
          return res.status;
        } catch {
          return 599;
        }
      }),
    );
    const burstMs = performance.now() - burstStart;
    const fiveXx = statuses.filter((s) => s >= 500).length;
    const okBurst = statuses.filter((s) => s === 200).length;

    // 4. GET / (the page, served from libuv's pool) while 16 password changes (two bcrypt runs each) run
    // non-stop from one account: the bcrypt queue must leave the pool's other threads to static files.
    const pages = makeClient(url, {});
    const getPage = async () => {
      const t = performance.now();
      const res = await pages.send('GET', '/', undefined);
      if (res.status !== 200) throw new Error(`GET / answered ${res.status}`);
      return performance.now() - t;
    };
    for (let i = 0; i < 10; i++) await getPage(); // warm-up
    const idlePage: number[] = [];
    for (let i = 0; i < PAGE_SAMPLES; i++) idlePage.push(await getPage());
    const signedIn = await signIn();
    const accessToken = (JSON.parse(signedIn.body) as { access_token: string }).access_token;
    let changing = true;
    let changes = 0;
    let changeErrors = 0;
    const changers = Array.from({ length: PASSWORD_CHANGERS }, async (_, i) => {
      for (let n = 0; changing; n++) {
        const res = await http.send(
          'PUT',
          '/auth/v1/user',
          { password: `bench password ${i}-${n}` },
          { Authorization: `Bearer ${accessToken}` },
        );
        if (res.status === 200) changes++;
        else changeErrors++;
      }
    });
    await new Promise((r) => setTimeout(r, 300)); // let the queue fill
    const busyPage: number[] = [];
    const loadStart = performance.now();
    const changesBefore = changes;
    while (performance.now() - loadStart < PAGE_LOAD_SECONDS * 1000) {
      busyPage.push(await getPage());
      await new Promise((r) => setTimeout(r, 20));
    }
    const loadSeconds = (performance.now() - loadStart) / 1000;
    const changesDuring = changes - changesBefore;
    changing = false;
    await Promise.all(changers);
    pages.close();
    const pageIdleP50 = median(idlePage);
    const pageBusyP50 = median(busyPage);

    // 5. Resident memory of the server after the run.
    const rss = rssMb(child.pid!);
    http.close();

    return [
      {
        name: `Refresh-token grant, ${REFRESH_CLIENTS} concurrent clients (${REFRESH_SECONDS} s)`,
        value: round(refreshRate, 0),
        unit: 'req/s',
        budget: '>= 1000 req/s',
        pass: refreshRate >= 1000 && errors === 0,
      },
      { name: 'Refresh-token grant errors', value: errors, unit: 'errors', budget: '0', pass: errors === 0 },
      {
        name: `One bcrypt verify (cost ${BCRYPT_COST}, in-process, median)`,
        value: round(bcryptMs),
        unit: 'ms',
        budget: 'reference',
        pass: true,
      },
      {
        name: 'Password sign-in p50 (sequential)',
        value: round(signInP50),
        unit: 'ms',
        budget: `<= bcrypt + 10 ms (${round(bcryptMs + 10)} ms)`,
        pass: signInP50 <= bcryptMs + 10,
      },
      {
        name: `${CONCURRENT_SIGN_INS} concurrent sign-ins: 5xx responses (${okBurst} OK in ${round(burstMs, 0)} ms)`,
        value: fiveXx,
        unit: '5xx',
        budget: '0',
        pass: fiveXx === 0 && okBurst === CONCURRENT_SIGN_INS,
      },
      {
        name: `GET / p50 while ${PASSWORD_CHANGERS} concurrent password changes run (${busyPage.length} GETs, ${changesDuring} changes in ${round(loadSeconds)} s, ${changeErrors} errors; idle p50 ${round(pageIdleP50)} ms)`,
        value: round(pageBusyP50),
        unit: 'ms',
        budget: '< 20 ms',
        pass: pageBusyP50 < 20 && changeErrors === 0 && changes > 0,
      },
      {
        name: 'Server resident memory after the run (VmRSS)',
        value: round(rss),
        unit: 'MB',
        budget: '< 150 MB',
        pass: rss < 150,
      },
    ];
  } finally {
    child.kill('SIGTERM');
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        resolve();
      }, 5000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    rmSync(root, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const results = await runAuthBench();
  for (const r of results) {
    console.log(`${r.pass ? 'PASS' : 'FAIL'}  ${r.name}: ${r.value} ${r.unit} (budget ${r.budget})`);
  }
  console.log(
    `(${cpus().length} CPUs, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
  );
  process.exitCode = results.every((r) => r.pass) ? 0 : 1;
}
