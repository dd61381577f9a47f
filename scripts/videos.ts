/**
 * `npm run videos`: records the five tutorial videos from the real app. Builds if needed, starts the
 * real server on a free port with a throwaway DATA_DIR, signs in with the demo account, loads the mock
 * data (Dashboard → Use Mock Data → accept the alert → reload), then plays each script in
 * scripts/videos/tutorials.ts in system Chromium while capturing screencast frames. Each recording is
 * encoded to VP9 WebM with ffmpeg, its captions written as WebVTT, and a poster taken from a frame, into
 * public/media/tutorials/. src/content/tutorialMedia.ts is rewritten with the addresses, each carrying
 * a content hash (`?v=`), so the server can let browsers cache them for good.
 *
 * Needs an ffmpeg with libvpx-vp9 and libwebp (Debian: `apt-get install ffmpeg`; or set FFMPEG to a
 * binary). Only this script needs it: the encoded files are committed.
 */
import { execFileSync, execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext } from '@playwright/test';
import { launchChromium, root, signInAsDemo, startServer } from './bench/support';
import { cursorOverlay, Director, type Cue, type Frame } from './videos/director';
import { tutorials, type Tutorial } from './videos/tutorials';

const VIEWPORT = { width: 1280, height: 720 };
const FPS = 15;
const outDir = join(root, 'public/media/tutorials');
const manifestFile = join(root, 'src/content/tutorialMedia.ts');
const ffmpeg = process.env.FFMPEG ?? 'ffmpeg';
const only = process.argv.slice(2);

try {
  execFileSync(ffmpeg, ['-hide_banner', '-version'], { stdio: 'ignore' });
} catch {
  console.error(
    `No ffmpeg found (${ffmpeg}). Install one with libvpx-vp9 (Debian: apt-get install ffmpeg) or set FFMPEG.`,
  );
  process.exit(1);
}

const started = Date.now();
execSync('node scripts/ensure-build.mjs', { cwd: root, stdio: 'inherit' });
mkdirSync(outDir, { recursive: true });

const server = await startServer();
const browser = await launchChromium();

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

async function newContext(browser: Browser, state?: StorageState) {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    colorScheme: 'light',
    storageState: state,
    acceptDownloads: true,
  });
  context.on('page', (page) => page.on('dialog', (dialog) => void dialog.accept()));
  return context;
}

/** Signs in once and keeps two starting points: signed in with no data, and with the mock data loaded. */
async function prepare() {
  const context = await newContext(browser);
  const page = await context.newPage();
  await signInAsDemo(page, server.url);
  await page.goto(`${server.url}/dashboard`);
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  const empty = await context.storageState();
  const alert = page.waitForEvent('dialog');
  await page.getByRole('button', { name: 'Use Mock Data' }).click();
  if ((await alert).message() !== 'Mock data has been loaded successfully.') throw new Error('mock data did not load');
  await page.reload();
  await page.getByRole('region', { name: 'Upcoming Events', exact: true }).getByRole('listitem').first().waitFor();
  const mock = await context.storageState();
  await context.close();
  return { empty, mock };
}

async function record(tutorial: Tutorial, state: StorageState) {
  const context = await newContext(browser, state);
  // tsx names inner functions with a __name helper; give the page a no-op one.
  await context.addInitScript({ content: `(() => { const __name = (f) => f; (${cursorOverlay.toString()})(); })();` });
  const page = await context.newPage();
  await page.goto(server.url + tutorial.start);
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const director = new Director(page);
  await director.start();
  const posterAt: number[] = [];
  for (const [index, step] of tutorial.steps.entries()) {
    await director.caption(step.caption);
    await step.act(director);
    if (index === tutorial.posterStep) posterAt.push(director.now());
  }
  const end = await director.stop();
  await context.close();
  return { frames: director.frames, cues: director.cues, end, posterTime: posterAt[0] ?? end / 2 };
}

const stamp = (s: number) => {
  const ms = Math.round(s * 1000);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${p(Math.floor(ms / 3_600_000))}:${p(Math.floor(ms / 60_000) % 60)}:${p(Math.floor(ms / 1000) % 60)}.${p(ms % 1000, 3)}`;
};

function webvtt(cues: Cue[]) {
  return `WEBVTT\n\n${cues.map((c, i) => `${i + 1}\n${stamp(c.start)} --> ${stamp(c.end)}\n${c.text}\n`).join('\n')}`;
}

/** Frames arrive only when the screen changes: each is held until the next, then resampled to a steady FPS. */
function encode(slug: string, frames: Frame[], end: number, posterTime: number) {
  const work = mkdtempSync(join(tmpdir(), `cc-video-${slug}-`));
  try {
    const list = ['ffconcat version 1.0'];
    frames.forEach((frame, i) => {
      const name = `f${String(i).padStart(5, '0')}.jpg`;
      writeFileSync(join(work, name), frame.jpeg);
      const from = i === 0 ? 0 : frame.t;
      const until = frames[i + 1]?.t ?? end;
      list.push(`file '${name}'`, `duration ${Math.max(0.001, until - from).toFixed(3)}`);
    });
    list.push(`file 'f${String(frames.length - 1).padStart(5, '0')}.jpg'`);
    writeFileSync(join(work, 'list.ffconcat'), list.join('\n'));
    const video = join(outDir, `${slug}.webm`);
    execFileSync(ffmpeg, [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'concat',
      '-safe',
      '0',
      '-i',
      join(work, 'list.ffconcat'),
      '-vf',
      `fps=${FPS},scale=${VIEWPORT.width}:${VIEWPORT.height}:flags=lanczos,format=yuv420p`,
      '-c:v',
      'libvpx-vp9',
      '-b:v',
      '0',
      '-crf',
      '42',
      '-deadline',
      'good',
      '-cpu-used',
      '5',
      '-row-mt',
      '1',
      '-tile-columns',
      '2',
      '-threads',
      '2',
      '-g',
      String(FPS * 5),
      '-an',
      '-metadata',
      `title=Cater Captain: ${slug}`,
      video,
    ]);
    // The poster: the last frame shown by the end of the chosen step.
    const posterFrame = [...frames].reverse().find((f) => f.t <= posterTime) ?? frames[0]!;
    writeFileSync(join(work, 'poster.jpg'), posterFrame.jpeg);
    const poster = join(outDir, `${slug}-poster.webp`);
    execFileSync(ffmpeg, [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-i',
      join(work, 'poster.jpg'),
      '-vf',
      'scale=960:-2:flags=lanczos',
      '-c:v',
      'libwebp',
      '-quality',
      '78',
      poster,
    ]);
    return { video, poster };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const version = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 10);
const address = (file: string) => `/media/tutorials/${file.split('/').pop()}?v=${version(file)}`;

function writeManifest() {
  const rows = tutorials
    .filter(({ slug }) => existsSync(join(outDir, `${slug}.webm`)))
    .map(({ slug }) => {
      const files = { src: `${slug}.webm`, captions: `${slug}.vtt`, poster: `${slug}-poster.webp` };
      const entries = Object.entries(files).map(([key, name]) => `${key}: '${address(join(outDir, name))}'`);
      return `  ${slug}: { ${entries.join(', ')} },`;
    });
  writeFileSync(
    manifestFile,
    `/**\n * Generated by \`npm run videos\` (scripts/videos.ts): the recorded tutorials shipped in public/media/tutorials.\n` +
      ` * Each address carries a hash of the file, so it can be cached for good. Do not edit: to point a video\n` +
      ` * elsewhere, change its entry in site.ts.\n */\nexport const tutorialMedia = {\n${rows.join('\n')}\n} as const;\n`,
  );
}

try {
  const states = await prepare();
  for (const tutorial of tutorials) {
    if (only.length && !only.includes(tutorial.slug)) continue;
    const t = Date.now();
    const { frames, cues, end, posterTime } = await record(tutorial, tutorial.empty ? states.empty : states.mock);
    writeFileSync(join(outDir, `${tutorial.slug}.vtt`), webvtt(cues));
    const { video, poster } = encode(tutorial.slug, frames, end, posterTime);
    const kb = (f: string) => (statSync(f).size / 1024).toFixed(0);
    console.log(
      `${tutorial.slug}: ${end.toFixed(1)} s, ${frames.length} frames, ${kb(video)} KiB video, ${kb(poster)} KiB poster (${((Date.now() - t) / 1000).toFixed(0)} s)`,
    );
  }
  writeManifest();
} finally {
  await browser.close();
  await server.stop();
}
const total = tutorials
  .flatMap(({ slug }) => [`${slug}.webm`, `${slug}.vtt`, `${slug}-poster.webp`])
  .filter((n) => existsSync(join(outDir, n)))
  .reduce((a, n) => a + statSync(join(outDir, n)).size, 0);
console.log(
  `Total ${(total / 1024 / 1024).toFixed(2)} MiB in public/media/tutorials, ${((Date.now() - started) / 1000).toFixed(0)} s. Run npm run build to ship them.`,
);
