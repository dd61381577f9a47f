/**
 * Account sync (issue 24, docs/sync.md) against the real server, started as `npm start` starts it:
 *
 * - **First sync** of an account of 5,000 inventory items and 2,000 events with full tool kits (each
 *   event with specialty ingredients, menu, notes, pricing, a status and payments, and its
 *   `ingredientList-{id}` lines, `staffList-{id}` staff, discount and tax): the app's own sync cycle
 *   (src/sync/cycle.ts: pull, then the outbox pushed with `sync_push_many`, up to 2,000 changes a request,
 *   two requests in flight) over supabase-js `rpc()`, this
 *   device's data and sync state in memory (the state JSON round-tripped on every save, as
 *   localStorage does). Budget 3 s.
 * - **A sync with nothing to do** right after: its requests (count and bytes) and the server's time
 *   (the request's round trip on 127.0.0.1, an upper bound; median of 15). Budget one small request
 *   and 50 ms.
 * - **50 clients syncing at once**, each its own account: a first push of 200 records, an edit of 50,
 *   then a pull from 0. Throughput (changes a second), the requests' p50 / p99, errors, and the server
 *   process's RSS (peak, sampled) — against the embedded PGlite and against a throwaway PostgreSQL 15
 *   (tests/db/support.ts `startPostgres`, the server connected as `authenticator`).
 *
 * - **Five busy years** (issue 24 part 7): an account of 1,500 events with full tool kits (dated over five
 *   years), 800 items, 60 suppliers and 40 employees, uploaded as another device would, then joined by a
 *   fresh Chromium profile (its localStorage holds 5,242,880 characters, about 800 such events) signed
 *   in through the login form: the time to the Dashboard and to "All changes saved to your account", the
 *   page's long tasks meanwhile, the events kept here and only in the account, the characters this
 *   browser holds against the account's bytes, /ManageEvents with its older events, and a search of them.
 *
 * Run: `npm run bench -- sync` (builds first), or one scenario on the current build:
 * `SYNC_BENCH=first npx tsx scripts/bench/sync.ts` (`first`, `clients`, `years`, `postgres`, comma-separated).
 * Only the five-years scenario needs a browser (system Chromium) and the build.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { randomUUID } from 'node:crypto';
import { Session } from 'node:inspector';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import type { Page } from '@playwright/test';
import { makeAnonKey, signJwt } from '../../server/auth/jwt.ts';
import { pgliteTemplate, startPostgres } from '../../tests/db/support.ts';
import { spawnServer } from '../../tests/server/process.ts';
import { pullChanges, pushChanges, type LocalPort } from '../../src/sync/cycle';
import { emptySyncState, forStorage, type Snapshot, type SyncState } from '../../src/sync/engine';
import { owedHere } from '../../src/sync/archive';
import { createRemote, type Rpc } from '../../src/sync/remote';
import { launchChromium, median, printFigures, slowCpu, type Figure } from './support';

const ITEMS = 5000;
const EVENTS = 2000;
const CLIENTS = 50;
const CLIENT_RECORDS = 200;
const CLIENT_EDITS = 50;
const SECRET = 'the sync bench secret, long enough for HS256 signing';

// ---------------------------------------------------------------------------------------------- data

const item = (i: number) => ({
  rev: 1,
  id: `INV-${i}`,
  name: `Bench item ${i}`,
  sku: `SKU-${i}`,
  category: ['Dry Storage', 'Produce', 'Dairy', 'Meat', 'Beverages'][i % 5],
  amountPerUnit: 1 + (i % 20),
  unit: ['kg', 'L', 'each'][i % 3],
  packageType: ['bag', 'case', 'box'][i % 3],
  quantity: i % 40,
  costPerUnit: 2.5 + (i % 100) / 4,
  whenToOrder: i % 10,
  supplierName: `Supplier ${i % 60}`,
  supplierID: `SUP-${i % 60}`,
  allergens: i % 7 === 0 ? ['gluten'] : [],
});

/** An event as the Tool Kit leaves it: ingredients, menu, notes, pricing, a status and payments. */
const event = (id: number) => ({
  rev: 3,
  id,
  EventName: `Bench event ${id}`,
  CustomerFirstName: 'Ann',
  CustomerLastName: `Keel${id}`,
  CustomerPhoneNumber: `555-01${String(id % 100).padStart(2, '0')}`,
  CustomerEmail: `guest${id}@example.com`,
  EventType: ['Wedding', 'Birthday', 'Meeting', 'Conference'][id % 4],
  NumberOfGuests: 20 + (id % 180),
  EventDate: `20${24 + (id % 4)}-${String(1 + (id % 12)).padStart(2, '0')}-${String(1 + (id % 28)).padStart(2, '0')}`,
  StartTime: '17:00',
  EndTime: '23:00',
  VenueName: 'Harbour Hall',
  VenueStreetAddress: `${id} Quay Street`,
  VenueCity: 'Halifax',
  ingredients: Array.from({ length: 4 }, (_, k) => ({
    id: `SI-${id}-${k}`,
    name: `Specialty ${k}`,
    units: 'kg',
    unitQuantity: 1,
    quantityNeeded: 2 + k,
    onHand: k % 2 === 0,
    needToOrder: k % 2 === 1,
    costPerUnit: 9.75,
    packageType: 'box',
    supplierName: 'Fine Foods',
    per: 'guest',
    perGuest: 0.1,
  })),
  menuItems: ['Canapés', 'Soup of the day', 'Roast chicken', 'Seasonal vegetables', 'Lemon tart'],
  menuLines: ['Canapés', 'Soup of the day', 'Roast chicken', 'Seasonal vegetables', 'Lemon tart'].map((text, k) => ({
    id: `M-${id}-${k}`,
    text,
    allergens: k === 4 ? ['gluten', 'egg'] : [],
  })),
  dietary: { vegetarian: 4, vegan: 1, glutenFree: 2, avoid: ['peanut'] },
  notes: [
    { id: `N-${id}-1`, notes: 'Client wants the cake table by the window.' },
    { id: `N-${id}-2`, notes: 'Load-in through the side door after 3 pm.' },
  ],
  pricing: [
    { id: `P-${id}-1`, name: 'Dinner per guest', price: 4200, currency: 'CAD' },
    { id: `P-${id}-2`, name: 'Bar service', price: 900, currency: 'CAD' },
    { id: `P-${id}-3`, name: 'Staffing', price: 1200, currency: 'CAD' },
  ],
  status: 'confirmed',
  depositDueDate: '',
  payments: [{ id: `PAY-${id}`, amount: 3150, date: '2026-01-15', method: 'E-transfer', note: 'Deposit', reason: '' }],
});

const line = (eventId: number, k: number) => ({
  rev: 1,
  lineId: `L-${eventId}-${k}`,
  id: `INV-${(eventId * 7 + k) % ITEMS}`,
  name: `Bench item ${(eventId * 7 + k) % ITEMS}`,
  category: 'Dry Storage',
  supplierName: 'Supplier 1',
  costPerUnit: 3.25,
  amountPerUnit: 5,
  unit: 'kg',
  packageType: 'bag',
  quantity: 3 + k,
  per: 'event',
});

const assignment = (eventId: number, k: number) => ({
  rev: 1,
  id: `S-${eventId}-${k}`,
  employeeId: `E-${k}`,
  name: `Employee ${k}`,
  role: ['Chef', 'Server', 'Bartender'][k % 3],
  shiftStart: '15:00',
  shiftEnd: '23:30',
});

/** The account of the first sync: 5,000 items and 2,000 events with full tool kits, as the device's records by collection. */
export function fullAccount(): Snapshot {
  const snapshot: Snapshot = new Map();
  const put = (collection: string, id: string, record: object) => {
    let records = snapshot.get(collection);
    if (!records) snapshot.set(collection, (records = new Map()));
    records.set(id, record);
  };
  for (let i = 0; i < ITEMS; i++) put('inventoryItems', `INV-${i}`, item(i));
  for (let e = 0; e < EVENTS; e++) {
    const id = 100 + e;
    put('events', String(id), event(id));
    for (let k = 0; k < 6; k++) put(`ingredientList-${id}`, `L-${id}-${k}`, line(id, k));
    for (let k = 0; k < 3; k++) put(`staffList-${id}`, `S-${id}-${k}`, assignment(id, k));
    put(`${id}-discountPercentage`, 'value', { value: 5 });
    put(`${id}-taxPercentage`, 'value', { value: 15 });
  }
  return snapshot;
}

const countOf = (snapshot: Snapshot) => [...snapshot.values()].reduce((n, records) => n + records.size, 0);

/**
 * This device, in memory: the data as a snapshot, the sync state saved as JSON text (as localStorage
 * keeps it) and read back as the browser's port does (src/storage/syncData.ts): parsed again only when
 * the stored text is not the one it last read or wrote.
 */
function memoryDevice(snapshot: Snapshot): LocalPort & { saves: number } {
  let stored = JSON.stringify(emptySyncState());
  let known: { raw: string; state: SyncState } | null = null;
  const device = {
    saves: 0,
    snapshot: () => snapshot,
    write: (writes: readonly { collection: string; record_id: string; record: object | null }[]) => {
      for (const w of writes) {
        let records = snapshot.get(w.collection);
        if (!records) snapshot.set(w.collection, (records = new Map()));
        if (w.record) records.set(w.record_id, w.record);
        else records.delete(w.record_id);
      }
    },
    load: () => {
      if (known?.raw !== stored) known = { raw: stored, state: JSON.parse(stored) as SyncState };
      return known.state;
    },
    save: (state: SyncState) => {
      const kept = forStorage(state);
      stored = JSON.stringify(kept);
      known = { raw: stored, state: kept };
      device.saves++;
    },
    evict: (eventIds: readonly number[]) => {
      for (const id of eventIds) {
        snapshot.get('events')?.delete(String(id));
        for (const key of [
          `ingredientList-${id}`,
          `staffList-${id}`,
          `${id}-discountPercentage`,
          `${id}-taxPercentage`,
        ])
          snapshot.delete(key);
      }
    },
  };
  return device;
}

// ------------------------------------------------------------------------------------------- network

interface Call {
  name: string;
  /** When it started (performance.now()), and how long until its answer was read. */
  start: number;
  ms: number;
  requestBytes: number;
  responseBytes: number;
  ok: boolean;
  /** The server's Server-Timing header (server/data/rest.ts): where the request's time went there. */
  serverTiming?: string;
}

/** A supabase-js client for one account (the token signed with the server's secret, or given), recording each call. */
function accountClient(url: string, calls: Call[], given?: string) {
  const token =
    given ??
    signJwt(
      { sub: randomUUID(), role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600 },
      SECRET,
    );
  const recordingFetch: typeof fetch = async (input, init) => {
    const body = typeof init?.body === 'string' ? init.body : '';
    const t0 = performance.now();
    try {
      const res = await fetch(input, init);
      const text = await res.text();
      calls.push({
        name: String(input).split('/').pop() ?? '',
        start: t0,
        ms: performance.now() - t0,
        requestBytes: Buffer.byteLength(body),
        responseBytes: Buffer.byteLength(text),
        ok: res.ok,
        serverTiming: res.headers.get('server-timing') ?? undefined,
      });
      return new Response(text, { status: res.status, statusText: res.statusText, headers: res.headers });
    } catch (error) {
      calls.push({
        name: 'failed',
        start: t0,
        ms: performance.now() - t0,
        requestBytes: 0,
        responseBytes: 0,
        ok: false,
      });
      throw error;
    }
  };
  const supabase = createClient(url, 'anon', {
    accessToken: async () => token,
    global: { fetch: recordingFetch },
    realtime: { transport: WebSocket as never },
  });
  const rpc: Rpc = async (name, args) => supabase.rpc(name, args);
  return createRemote(rpc);
}

async function startSyncServer(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'cc-bench-sync-'));
  // The embedded database from the tests' template (initdb and migrations done once per schema).
  if (!env.DATABASE_URL) cpSync(await pgliteTemplate(), join(dataDir, 'pg'), { recursive: true });
  const { child, url } = await spawnServer(
    {
      DATA_DIR: dataDir,
      JWT_SECRET: SECRET,
      RATE_LIMIT_SYNC: 'off',
      DB_OPEN: 'start',
      DEMO_USER: 'false',
      LOG: '0',
      ...env,
    },
    serverArgs,
  );
  const pid = child.pid!;
  /** CPU time of the server's process (all its threads, the database's worker included), in ms. */
  const cpuMs = () => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    } catch {
      return 0;
    }
  };
  const rssMb = () => {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      return match ? Number(match[1]) / 1024 : 0;
    } catch {
      return 0;
    }
  };
  // Wait for the database (a pull as an unknown account answers once it is open).
  const warm = accountClient(url, []);
  for (let tries = 0; ; tries++) {
    try {
      await warm.pull(0, 1);
      break;
    } catch (error) {
      if (tries > 120) throw error;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  return {
    url,
    rssMb,
    cpuMs,
    async stop() {
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The time at least one of the calls was open (their intervals' union), in ms. */
function busyMs(calls: readonly Call[]): number {
  let busy = 0;
  let until = -Infinity;
  for (const c of [...calls].sort((a, b) => a.start - b.start)) {
    const end = c.start + c.ms;
    if (end <= until) continue;
    busy += end - Math.max(c.start, until);
    until = end;
  }
  return busy;
}

const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

// ---------------------------------------------------------------------------------------------- runs

/** The V8 CPU profiler of this process (node:inspector), started now; `stop` returns the profile. */
async function startProfiler(): Promise<{ stop(): Promise<object> }> {
  const session = new Session();
  session.connect();
  const post = <T>(method: string, params?: object) =>
    new Promise<T>((resolve, reject) =>
      session.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result as T))),
    );
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 200 });
  await post('Profiler.start');
  return {
    async stop() {
      const { profile } = await post<{ profile: object }>('Profiler.stop');
      session.disconnect();
      return profile;
    },
  };
}

async function firstSync(server: Awaited<ReturnType<typeof startSyncServer>>, on = ''): Promise<Figure[]> {
  // Against the embedded database the figures keep their names; against another database, named after it.
  const where = on ? ` on ${on}` : '';
  const url = server.url;
  const snapshot = fullAccount();
  const records = countOf(snapshot);
  const calls: Call[] = [];
  const remote = accountClient(url, calls);
  const device = memoryDevice(snapshot);
  // SYNC_BENCH_CLIENT_PROFILE=<file.cpuprofile>: this process's CPU profile of the first sync alone.
  const profileTo = on ? undefined : process.env.SYNC_BENCH_CLIENT_PROFILE;
  const profiler = profileTo ? await startProfiler() : null;
  const serverCpu0 = server.cpuMs();
  const clientCpu0 = process.cpuUsage();
  const t0 = performance.now();
  await pullChanges(device, remote, randomUUID);
  const pushed = await pushChanges(device, remote, randomUUID);
  const total = performance.now() - t0;
  const clientCpu = process.cpuUsage(clientCpu0);
  const serverCpu = server.cpuMs() - serverCpu0;
  if (profiler && profileTo) writeFileSync(profileTo, JSON.stringify(await profiler.stop()));
  if (pushed.pending !== 0 || pushed.rejected !== 0 || pushed.conflicts.length)
    throw new Error(`first sync left ${pushed.pending} pending, ${pushed.rejected} refused`);
  // Requests may overlap (two pushes in flight): the time with at least one of them open.
  const serverMs = busyMs(calls);
  const mb = calls.reduce((sum, c) => sum + c.requestBytes, 0) / 1024 / 1024;
  console.log(
    `  first sync${where}: ${records.toLocaleString('en-CA')} records (${mb.toFixed(1)} MB) in ${calls.length} requests; ` +
      `a request open ${serverMs.toFixed(0)} ms, none ${(total - serverMs).toFixed(0)} ms (this device alone); ` +
      `CPU: server ${serverCpu.toFixed(0)} ms, client (engine + supabase-js) ${((clientCpu.user + clientCpu.system) / 1000).toFixed(0)} ms; ` +
      `the sync state written ${device.saves} times; ` +
      `load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`,
  );

  // Per request, the server's own account (Server-Timing): SYNC_BENCH_REQUESTS=1 lists them.
  const timings = calls.map((c) => {
    const t: Record<string, number> = {};
    for (const m of (c.serverTiming ?? '').matchAll(/([\w-]+);dur=([\d.]+)/g)) t[m[1]!] = Number(m[2]);
    return t;
  });
  const sum = (key: string) => timings.reduce((s, t) => s + (t[key] ?? 0), 0);
  console.log(
    `  server, summed over the requests: body read+parsed ${sum('read').toFixed(0)} ms, record schemas ${sum('check').toFixed(0)} ms, ` +
      `database call ${sum('db').toFixed(0)} ms (in the worker ${sum('worker').toFixed(0)} ms wall, ${sum('worker-cpu').toFixed(0)} ms of its CPU), ` +
      `answers ${sum('answer').toFixed(0)} ms`,
  );
  if (process.env.SYNC_BENCH_REQUESTS)
    calls.forEach((c, i) =>
      console.log(
        `    ${c.name} at ${(c.start - t0).toFixed(0)} ms, ${c.ms.toFixed(0)} ms, ${(c.requestBytes / 1e6).toFixed(2)} MB: ${c.serverTiming ?? ''}`,
        i,
      ),
    );

  // Nothing to do: one pull, nothing to push.
  const noop: number[] = [];
  let noopCalls: Call[] = [];
  for (let run = 0; run < 15; run++) {
    const before = calls.length;
    await pullChanges(device, remote, randomUUID);
    await pushChanges(device, remote, randomUUID);
    noopCalls = calls.slice(before);
    noop.push(noopCalls.reduce((sum, c) => sum + c.ms, 0));
  }
  const noopBytes = noopCalls.reduce((sum, c) => sum + c.requestBytes + c.responseBytes, 0);
  return [
    {
      name: `first sync${where}, ${records.toLocaleString('en-CA')} records`,
      value: total,
      unit: 'ms',
      budget: '≤ 3000 ms',
      pass: total <= 3000,
    },
    {
      // Our Node server's process (with the embedded database, its worker thread); not another database's own.
      name: on ? `first sync${where}: our server's CPU (not the database's)` : 'first sync: server CPU',
      value: serverCpu,
      unit: 'ms',
      budget: 'reported',
      pass: true,
    },
    {
      name: `first sync${where}: client CPU`,
      value: (clientCpu.user + clientCpu.system) / 1000,
      unit: 'ms',
      budget: 'reported',
      pass: true,
    },
    {
      name: `no-op sync${where}: requests`,
      value: noopCalls.length,
      unit: `request(s), ${noopBytes} bytes in and out`,
      budget: '1 small request (≤ 1 KB)',
      pass: noopCalls.length === 1 && noopBytes <= 1024,
    },
    {
      name: `no-op sync${where}: server time (median of 15)`,
      value: median(noop),
      unit: 'ms',
      budget: '≤ 50 ms',
      pass: median(noop) <= 50,
    },
  ];
}

/** 50 accounts syncing at once: each pushes 200 records, edits 50, then pulls everything from 0. */
async function manyClients(label: string, server: Awaited<ReturnType<typeof startSyncServer>>): Promise<Figure[]> {
  const calls: Call[] = [];
  let errors = 0;
  let changes = 0;
  let peakRss = server.rssMb();
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, server.rssMb())), 100);
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      const remote = accountClient(server.url, calls);
      const snapshot: Snapshot = new Map([['inventoryItems', new Map()]]);
      for (let i = 0; i < CLIENT_RECORDS; i++)
        snapshot.get('inventoryItems')!.set(`INV-${i}`, { ...item(i), name: `Client ${c} item ${i}` });
      const device = memoryDevice(snapshot);
      try {
        await pullChanges(device, remote, randomUUID);
        await pushChanges(device, remote, randomUUID);
        for (let i = 0; i < CLIENT_EDITS; i++)
          snapshot
            .get('inventoryItems')!
            .set(`INV-${i}`, { ...item(i), name: `Client ${c} item ${i}`, rev: 2, quantity: 99 });
        const sent = await pushChanges(device, remote, randomUUID);
        if (sent.pending || sent.rejected)
          throw new Error(`${sent.pending} changes not sent, ${sent.rejected} refused`);
        const fresh = memoryDevice(new Map());
        await pullChanges(fresh, remote, randomUUID);
        const got = fresh.snapshot().get('inventoryItems')?.size ?? 0;
        if (got !== CLIENT_RECORDS) throw new Error(`pulled ${got} of ${CLIENT_RECORDS} records`);
        changes += CLIENT_RECORDS + CLIENT_EDITS;
      } catch (error) {
        if (!errors) console.log(`  ${label}: first error: ${(error as Error).message}`);
        errors++;
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  peakRss = Math.max(peakRss, server.rssMb());
  const failed = errors + calls.filter((c) => !c.ok).length;
  const ms = calls.map((c) => c.ms);
  console.log(
    `  ${label}: ${CLIENTS} clients, ${calls.length} requests in ${seconds.toFixed(1)} s ` +
      `(${(calls.length / seconds).toFixed(0)} requests/s); load average ${loadavg()[0]!.toFixed(1)}`,
  );
  return [
    { name: `${label}: throughput`, value: changes / seconds, unit: 'changes/s', budget: 'reported', pass: true },
    { name: `${label}: request p50`, value: percentile(ms, 50), unit: 'ms', budget: 'reported', pass: true },
    { name: `${label}: request p99`, value: percentile(ms, 99), unit: 'ms', budget: 'reported', pass: true },
    { name: `${label}: errors`, value: failed, unit: '', budget: '0', pass: failed === 0 },
    { name: `${label}: server RSS (peak)`, value: peakRss, unit: 'MB', budget: 'reported', pass: true },
  ];
}

// ------------------------------------------------------------------------------ five busy years

const YEARS_EVENTS = 1500;
const YEARS_ITEMS = 800;
const YEARS_SUPPLIERS = 60;
const YEARS_EMPLOYEES = 40;

const isoDaysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/**
 * Five years of a busy caterer (issue 24 part 7): 1,500 events with full tool kits, dated from five
 * years ago to two months ahead (past ones completed, a few cancelled, the coming ones confirmed),
 * 800 items, 60 suppliers, 40 employees.
 */
export function fiveBusyYears({
  events = YEARS_EVENTS,
  items = YEARS_ITEMS,
  years = 5,
  paid = false,
}: { events?: number; items?: number; years?: number; paid?: boolean } = {}): Snapshot {
  const snapshot: Snapshot = new Map();
  const put = (collection: string, id: string, record: object) => {
    let records = snapshot.get(collection);
    if (!records) snapshot.set(collection, (records = new Map()));
    records.set(id, record);
  };
  for (let i = 0; i < items; i++) put('inventoryItems', `INV-${i}`, item(i));
  for (let i = 0; i < YEARS_SUPPLIERS; i++)
    put('suppliers', `SUP-${i}`, {
      rev: 1,
      supplierID: `SUP-${i}`,
      supplierName: `Supplier ${i}`,
      email: `orders${i}@example.org`,
      phone: `555-02${String(i).padStart(2, '0')}`,
      contractStatus: 'active',
      startDate: '2021-01-01',
      endDate: '2027-12-31',
    });
  for (let i = 0; i < YEARS_EMPLOYEES; i++)
    put('employees', `E-${i}`, {
      rev: 1,
      id: `E-${i}`,
      firstName: `Staff${i}`,
      lastName: 'Member',
      email: `staff${i}@example.org`,
      role: ['Chef', 'Server', 'Bartender'][i % 3],
      phone: `555-03${String(i).padStart(2, '0')}`,
      fullTimePartTime: i % 2 ? 'parttime' : 'fulltime',
      department: 'Kitchen',
      startDate: '2021-01-01',
      hourlyRate: 22 + (i % 10),
    });
  const span = years * 365 + 60; // five years back to two months ahead
  for (let e = 0; e < events; e++) {
    const id = 100 + e;
    const daysAgo = years * 365 - Math.floor((e * span) / events);
    const past = daysAgo > 0;
    put('events', String(id), {
      ...event(id),
      EventDate: isoDaysAgo(daysAgo),
      status: past ? (e % 25 === 0 ? 'cancelled' : 'completed') : 'confirmed',
      ...(past && e % 25 === 0 ? { statusReason: 'Client postponed' } : {}),
    });
    for (let k = 0; k < 6; k++) put(`ingredientList-${id}`, `L-${id}-${k}`, line(id, k));
    for (let k = 0; k < 3; k++) put(`staffList-${id}`, `S-${id}-${k}`, assignment(id, k));
    put(`${id}-discountPercentage`, 'value', { value: 5 });
    put(`${id}-taxPercentage`, 'value', { value: 15 });
    // `paid`: a past event's balance paid in full after it (as a real business's past events are).
    const owed = paid && past ? owedHere(snapshot.get('events')!.get(String(id))!, id, snapshot) : 0;
    if (owed > 0) {
      const record = snapshot.get('events')!.get(String(id)) as { payments: object[]; EventDate: string };
      const balance = { id: `PAY-${id}-2`, amount: owed / 100, date: record.EventDate, method: 'E-transfer' };
      put('events', String(id), {
        ...record,
        payments: [...record.payments, { ...balance, note: 'Balance', reason: '' }],
      });
    }
  }
  return snapshot;
}

/** Signs a new account up on the bench's server with "Sync across devices" on; answers its session. */
async function signUpSyncing(
  server: Awaited<ReturnType<typeof startSyncServer>>,
  email: string,
  password: string,
): Promise<{ access_token: string }> {
  const signup = await fetch(`${server.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: makeAnonKey(SECRET) },
    body: JSON.stringify({ email, password, data: { syncAcrossDevices: true } }),
  });
  const session = (await signup.json()) as { access_token?: string };
  if (!session.access_token) throw new Error(`sign-up failed: ${signup.status} ${JSON.stringify(session)}`);
  return { access_token: session.access_token };
}

/**
 * An account of five busy years with sync on, joined by a fresh Chromium profile (whose localStorage
 * holds 5,242,880 characters: about 800 such events): signed in through the login form, the app joins
 * the account, pulls it page by page and keeps older completed events only in the account. Times to a
 * usable Dashboard and to "All changes saved to your account", /ManageEvents with its events and its
 * search of the account, and the storage used here against what the account holds.
 */
async function fiveYears(server: Awaited<ReturnType<typeof startSyncServer>>): Promise<Figure[]> {
  const email = `five-years-${Date.now()}@example.com`;
  const password = 'five-busy-years-1';
  const session = await signUpSyncing(server, email, password);
  // The account, as another device of the business uploaded it.
  const calls: Call[] = [];
  const remote = accountClient(server.url, calls, session.access_token);
  const account = fiveBusyYears();
  const records = countOf(account);
  const seedCpu0 = server.cpuMs();
  const t0 = performance.now();
  const uploader = memoryDevice(account);
  await pullChanges(uploader, remote, randomUUID);
  const uploaded = await pushChanges(uploader, remote, randomUUID);
  if (uploaded.pending || uploaded.rejected)
    throw new Error(`upload left ${uploaded.pending} changes, ${uploaded.rejected} refused`);
  const summary = await remote.summary();
  console.log(
    `  five busy years: ${records.toLocaleString('en-CA')} records uploaded in ${((performance.now() - t0) / 1000).toFixed(1)} s ` +
      `(server CPU ${((server.cpuMs() - seedCpu0) / 1000).toFixed(1)} s); the account holds ${(summary.used_bytes / 1024 / 1024).toFixed(1)} MB`,
  );

  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ baseURL: server.url });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    // Long tasks of the page's main thread (how long a click could wait while the account is pulled).
    await page.addInitScript(() => {
      const w = window as unknown as { longTasks: number[] };
      w.longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.longTasks.push(entry.duration);
      }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    // SYNC_BENCH_PROFILE=<file.cpuprofile>: the page's CPU profile from the click to synced.
    const profileTo = process.env.SYNC_BENCH_PROFILE;
    const cdp = profileTo ? await page.context().newCDPSession(page) : null;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    const s0 = performance.now();
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByText('Login successful!').waitFor();
    await page.goto('/Dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const dashboardMs = performance.now() - s0;
    await page
      .getByRole('status', { name: 'Sync status' })
      .filter({ hasText: 'All changes saved to your account' })
      .waitFor({ timeout: 600_000 });
    const syncedMs = performance.now() - s0;
    if (cdp && profileTo) writeFileSync(profileTo, JSON.stringify((await cdp.send('Profiler.stop')).profile));
    const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
    const longest = Math.max(0, ...longTasks);
    const blocked = longTasks.reduce((sum, d) => sum + d, 0);
    const here = await page.evaluate(() => {
      let chars = 0;
      for (let n = 0; n < localStorage.length; n++) {
        const key = localStorage.key(n)!;
        chars += key.length + (localStorage.getItem(key)?.length ?? 0);
      }
      const events = (JSON.parse(localStorage.getItem('events') ?? '[]') as unknown[]).length;
      const stateKey = Object.keys(localStorage).find((k) => k.startsWith('sync:'));
      const state = stateKey
        ? (JSON.parse(localStorage.getItem(stateKey)!) as { shadow: Record<string, { away?: boolean }> })
        : null;
      const away = state
        ? Object.entries(state.shadow).filter(([k, v]) => v.away && k.startsWith('events|')).length
        : 0;
      const stateChars = stateKey ? localStorage.getItem(stateKey)!.length : 0;
      return { chars, events, away, stateChars };
    });
    // Event Management: this browser's events, and the account's older ones searched on demand.
    const m0 = performance.now();
    await page.goto('/ManageEvents');
    const older = page.getByRole('region', { name: 'Older events in your account' });
    await older.getByText(`${here.away.toLocaleString('en-US')} past events are kept only in your account`).waitFor();
    const manageMs = performance.now() - m0;
    const q0 = performance.now();
    await older.getByLabel('Search events in your account').fill('Bench event 10');
    await older.getByRole('button', { name: 'Search' }).click();
    await older.getByRole('list', { name: 'Events in your account' }).getByRole('listitem').first().waitFor();
    const searchMs = performance.now() - q0;
    const limit = 5_242_880;
    const full = problems.filter((p) => /full|quota/i.test(p));
    console.log(
      `  five busy years in the browser: Dashboard after ${(dashboardMs / 1000).toFixed(1)} s, synced after ${(syncedMs / 1000).toFixed(1)} s; ` +
        `${here.events} events here, ${here.away} only in the account; this browser holds ${(here.chars / 1e6).toFixed(2)} M characters ` +
        `(${((100 * here.chars) / limit).toFixed(0)}% of Chromium's 5,242,880; the sync state ${(here.stateChars / 1e6).toFixed(2)} M), ` +
        `the account ${(summary.used_bytes / 1024 / 1024).toFixed(1)} MB; long tasks until synced: ${longTasks.length}, ` +
        `longest ${longest.toFixed(0)} ms, ${(blocked / 1000).toFixed(1)} s in all; page errors: ${problems.length}`,
    );
    if (problems.length) console.log(`  first page error: ${problems[0]}`);
    return [
      {
        name: 'five busy years: Dashboard shown after sign-in',
        value: dashboardMs,
        unit: 'ms',
        budget: 'reported',
        pass: true,
      },
      {
        name: 'five busy years: joined and synced (All changes saved)',
        value: syncedMs,
        unit: 'ms',
        budget: 'reported',
        pass: true,
      },
      {
        name: 'five busy years: this browser holds',
        value: (100 * here.chars) / limit,
        unit: `% of the quota (${here.events} events here, ${here.away} only in the account)`,
        budget: '< 100%, no storage error',
        pass: here.chars < limit && full.length === 0 && here.events + here.away === YEARS_EVENTS,
      },
      {
        name: 'five busy years: longest main-thread task until synced',
        value: longest,
        unit: `ms (${longTasks.length} long tasks, ${(blocked / 1000).toFixed(1)} s in all)`,
        budget: 'reported',
        pass: true,
      },
      {
        name: 'five busy years: /ManageEvents with its older events',
        value: manageMs,
        unit: 'ms',
        budget: 'reported',
        pass: true,
      },
      { name: 'five busy years: a search of the account', value: searchMs, unit: 'ms', budget: 'reported', pass: true },
    ];
  } finally {
    await browser.close();
  }
}

// ------------------------------------------------------------------------------ joining a big account

/**
 * The joined account's events (`SYNC_BENCH_JOIN_EVENTS`, default 800), with 5,000 items: what fits in
 * Chromium's 5,242,880 characters while joining. An old event stays here until its Tool Kit has arrived
 * (what it is owed is not known before), and the Tool Kits come after all the events, so every event is
 * here at once during the join: with 2,000 events (2,260 characters each) storage was full at the 13th page
 * (1,344 events here, 4.67 M characters) and the join stopped at "Could not sync", before and after.
 */
/** Chromium's localStorage quota per origin, in UTF-16 characters (keys and values). */
const QUOTA_CHARS = 5_242_880;
const JOIN_EVENTS = Number(process.env.SYNC_BENCH_JOIN_EVENTS ?? 800);

/** CPU slowdowns the join runs at (`SYNC_BENCH_JOIN_RATES=1,4`). */
const joinRates = (process.env.SYNC_BENCH_JOIN_RATES ?? '1,4').split(',').map(Number);

/** How long a join may take before the scenario gives up (`SYNC_BENCH_JOIN_LIMIT_S`, default 15 minutes). */
const joinLimitMs = Number(process.env.SYNC_BENCH_JOIN_LIMIT_S ?? 900) * 1000;

/**
 * Waits for "All changes saved to your account", printing every 20 s where the join is (the status, the
 * cursor against the account's head, what this browser holds), and stops at a page error or a sync
 * failure (storage full, a refused write) instead of waiting out the limit.
 */
async function followJoin(page: Page, rate: number, problems: string[]): Promise<void> {
  const status = page.getByRole('status', { name: 'Sync status' });
  const started = performance.now();
  let lastReport = started;
  for (;;) {
    const text = (await status.textContent({ timeout: 120_000 }).catch(() => null)) ?? '(no status)';
    if (text.includes('All changes saved to your account')) return;
    const now = performance.now();
    const stopped = problems.length > 0 || /Could not sync|Offline|Changed on two devices/.test(text);
    if (stopped || now - lastReport >= 20_000 || now - started > joinLimitMs) {
      lastReport = now;
      const where = await page
        .evaluate(() => {
          let chars = 0;
          for (let n = 0; n < localStorage.length; n++) {
            const key = localStorage.key(n)!;
            chars += key.length + (localStorage.getItem(key)?.length ?? 0);
          }
          const stateKey = Object.keys(localStorage).find((k) => k.startsWith('sync:'));
          const state = stateKey
            ? (JSON.parse(localStorage.getItem(stateKey)!) as {
                cursor: number;
                shadow: Record<string, { away?: boolean }>;
                outbox: Record<string, unknown>;
              })
            : null;
          const events = (JSON.parse(localStorage.getItem('events') ?? '[]') as unknown[]).length;
          const away = state
            ? Object.keys(state.shadow).filter((k) => k.startsWith('events|') && state.shadow[k]!.away).length
            : 0;
          const outbox = state ? Object.keys(state.outbox).length : 0;
          return {
            chars,
            cursor: state?.cursor ?? null,
            events,
            away,
            outbox,
            stateChars: stateKey ? localStorage.getItem(stateKey)!.length : 0,
          };
        })
        .catch(() => null);
      console.log(
        `    join at ${rate}x, ${((now - started) / 1000).toFixed(0)} s: "${text}", cursor ${where?.cursor ?? '?'}, ` +
          `${((where?.chars ?? 0) / 1e6).toFixed(2)} M characters here (the sync state ${((where?.stateChars ?? 0) / 1e6).toFixed(2)} M), ` +
          `${where?.events ?? '?'} events here, ${where?.away ?? '?'} only in the account, ${where?.outbox ?? '?'} changes waiting; load average ${loadavg()[0]!.toFixed(1)}`,
      );
    }
    if (stopped) throw new Error(`the join at ${rate}x stopped: "${text}"; ${problems[0] ?? 'no page error'}`);
    if (now - started > joinLimitMs)
      throw new Error(`the join at ${rate}x did not end in ${joinLimitMs / 1000} s: "${text}"`);
    await page.waitForTimeout(1000);
  }
}

/**
 * Issues 23 and 24: a second device joins a big business's account (5,000 items, 60 suppliers, 40 employees
 * and 2,000 events with full tool kits dated over ten years: 29,100 records), signed in through the login
 * form in a fresh Chromium profile, at each CPU slowdown of `SYNC_BENCH_JOIN_RATES`. The main thread's long
 * tasks on the Dashboard from its load until "All changes saved to your account" (the join: every page
 * pulled, applied to localStorage, older events let go): the longest, how many, their time in all and
 * the total blocking time (each task's time over 50 ms, added up); and the join's wall time from the
 * Login click. `SYNC_BENCH_TRACE=<dir>` writes a devtools.timeline trace of each run there.
 */
async function bigJoin(server: Awaited<ReturnType<typeof startSyncServer>>): Promise<Figure[]> {
  const email = `big-join-${Date.now()}@example.com`;
  const password = 'big-join-account-1';
  const session = await signUpSyncing(server, email, password);
  const remote = accountClient(server.url, [], session.access_token);
  // Past events paid in full (`SYNC_BENCH_JOIN_UNPAID=1`: only their deposits, so nearly all of them owe
  // money and stay here, as the earlier version of the scenario had it).
  const paid = !process.env.SYNC_BENCH_JOIN_UNPAID;
  const account = fiveBusyYears({ events: JOIN_EVENTS, items: ITEMS, years: 10, paid });
  const records = countOf(account);
  const t0 = performance.now();
  const uploader = memoryDevice(account);
  await pullChanges(uploader, remote, randomUUID);
  const uploaded = await pushChanges(uploader, remote, randomUUID);
  if (uploaded.pending || uploaded.rejected)
    throw new Error(`upload left ${uploaded.pending} changes, ${uploaded.rejected} refused`);
  console.log(
    `  big join: ${records.toLocaleString('en-CA')} records uploaded in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const figures: Figure[] = [];
  const browser = await launchChromium();
  try {
    for (const rate of joinRates) {
      const context = await browser.newContext({ baseURL: server.url });
      try {
        const page = await context.newPage();
        const problems: string[] = [];
        page.on('pageerror', (error) => problems.push(error.message));
        page.on('console', (message) => {
          if (message.type() === 'error') problems.push(message.text());
          else if (message.type() === 'warning') console.log(`    page warning: ${message.text()}`);
        });
        await page.addInitScript(() => {
          const w = window as unknown as { longTasks: number[] };
          w.longTasks = [];
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) w.longTasks.push(entry.duration);
          }).observe({ type: 'longtask', buffered: true });
        });
        await page.goto('/login');
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Password').fill(password);
        const cdp = await slowCpu(page, rate);
        const traceDir = process.env.SYNC_BENCH_TRACE;
        if (traceDir)
          await browser.startTracing(page, {
            path: join(traceDir, `join-${rate}x.json`),
            categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel'],
          });
        // SYNC_BENCH_PROFILE=<dir>: the page's CPU profile from the click to synced, join-<rate>x.cpuprofile.
        const profileDir = process.env.SYNC_BENCH_PROFILE;
        if (profileDir) {
          await cdp.send('Profiler.enable');
          await cdp.send('Profiler.start');
        }
        const s0 = performance.now();
        await page.getByRole('button', { name: 'Login', exact: true }).click();
        await page.getByText('Login successful!').waitFor({ timeout: 120_000 });
        await page.goto('/Dashboard', { timeout: 120_000 });
        await cdp.send('Emulation.setCPUThrottlingRate', { rate });
        await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor({ timeout: 120_000 });
        await followJoin(page, rate, problems);
        const wallMs = performance.now() - s0;
        if (traceDir) await browser.stopTracing();
        if (profileDir)
          writeFileSync(
            join(profileDir, `join-${rate}x.cpuprofile`),
            JSON.stringify((await cdp.send('Profiler.stop')).profile),
          );
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
        const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
        const here = await page.evaluate(() => {
          const events = (JSON.parse(localStorage.getItem('events') ?? '[]') as unknown[]).length;
          const items = (JSON.parse(localStorage.getItem('inventoryItems') ?? '[]') as unknown[]).length;
          const stateKey = Object.keys(localStorage).find((k) => k.startsWith('sync:'));
          const state = stateKey
            ? (JSON.parse(localStorage.getItem(stateKey)!) as { shadow: Record<string, { away?: boolean }> })
            : null;
          const away = state
            ? Object.entries(state.shadow).filter(([k, v]) => v.away && k.startsWith('events|')).length
            : 0;
          let chars = 0;
          for (const key of Object.keys(localStorage)) chars += key.length + (localStorage.getItem(key)?.length ?? 0);
          return { events, items, away, agreed: state ? Object.keys(state.shadow).length : 0, chars };
        });
        const longest = Math.max(0, ...longTasks);
        const inAll = longTasks.reduce((sum, d) => sum + d, 0);
        const blocking = longTasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0);
        const complete =
          here.items === ITEMS &&
          here.events + here.away === JOIN_EVENTS &&
          here.agreed === records &&
          !problems.length;
        console.log(
          `  big join at ${rate}x: synced ${(wallMs / 1000).toFixed(1)} s after the Login click; long tasks ${longTasks.length}, ` +
            `longest ${longest.toFixed(0)} ms, ${(inAll / 1000).toFixed(2)} s in all, total blocking time ${(blocking / 1000).toFixed(2)} s; ` +
            `${here.items} items, ${here.events} events here and ${here.away} only in the account, ${here.agreed} records agreed; ` +
            `this browser holds ${(here.chars / 1e6).toFixed(2)} M characters (${((100 * here.chars) / QUOTA_CHARS).toFixed(0)}% of the quota); ` +
            `page errors ${problems.length}; load average ${loadavg()[0]!.toFixed(1)}`,
        );
        if (problems.length) console.log(`  first page error: ${problems[0]}`);
        figures.push(
          {
            name: `big join at ${rate}x: longest main-thread task`,
            value: longest,
            unit: `ms (${longTasks.length} long tasks, ${(inAll / 1000).toFixed(2)} s in all)`,
            budget: '≤ 50 ms',
            pass: longest <= 50,
          },
          {
            name: `big join at ${rate}x: total blocking time`,
            value: blocking,
            unit: 'ms',
            budget: 'reported',
            pass: true,
          },
          {
            name: `big join at ${rate}x: joined and synced (All changes saved)`,
            value: wallMs,
            unit: 'ms',
            budget: 'every record here or agreed, no page error',
            pass: complete,
          },
        );
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return figures;
}

/**
 * Which scenarios run: `SYNC_BENCH=first,clients,join,years,postgres` (comma-separated; default all of them).
 * `SYNC_BENCH_SERVER_ARGS` passes node flags to the server (e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`).
 * `SYNC_BENCH_CLIENT_PROFILE=<file>` writes this process's CPU profile of the first sync alone (the client: engine + supabase-js).
 */
const scenarios = new Set((process.env.SYNC_BENCH ?? 'first,clients,join,years,postgres').split(','));
const serverArgs = process.env.SYNC_BENCH_SERVER_ARGS ? process.env.SYNC_BENCH_SERVER_ARGS.split(' ') : [];

export async function runSyncBench(): Promise<Figure[]> {
  const figures: Figure[] = [];
  if (scenarios.has('first') || scenarios.has('clients')) {
    const embedded = await startSyncServer({});
    try {
      if (scenarios.has('first')) figures.push(...(await firstSync(embedded)));
      if (scenarios.has('clients')) figures.push(...(await manyClients('embedded (PGlite)', embedded)));
    } finally {
      await embedded.stop();
    }
  }
  if (scenarios.has('join')) {
    const embedded = await startSyncServer({});
    try {
      figures.push(...(await bigJoin(embedded)));
    } finally {
      await embedded.stop();
    }
  }
  if (scenarios.has('years')) {
    const embedded = await startSyncServer({});
    try {
      figures.push(...(await fiveYears(embedded)));
    } finally {
      await embedded.stop();
    }
  }
  if (!scenarios.has('postgres')) return figures;
  const cluster = await startPostgres();
  try {
    const onPostgres = await startSyncServer({ DATABASE_URL: cluster.url });
    try {
      // The same first sync against PostgreSQL 15 (the database a bigger business moves to, docs/sync.md).
      if (scenarios.has('first')) figures.push(...(await firstSync(onPostgres, 'PostgreSQL 15')));
      figures.push(...(await manyClients('PostgreSQL 15', onPostgres)));
    } finally {
      await onPostgres.stop();
    }
  } finally {
    cluster.stop();
  }
  return figures;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  printFigures('sync', await runSyncBench());
  process.exit(0);
}
