/**
 * The landing and Learn videos are the app's own recordings (`npm run videos`): posters from this
 * site, nothing of the video fetched before play, then the page's own player plays the file with
 * English captions whose first line is the recording script's first caption.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { tutorials, type Tutorial } from '../../scripts/videos/tutorials';

const pages: Array<{ path: string; videos: Array<[title: string, slug: Tutorial['slug']]> }> = [
  { path: '/', videos: [['Cater Captain overview', 'overview']] },
  {
    path: '/tutorials',
    videos: [
      ['Event Management', 'events'],
      ['Inventory', 'inventory'],
      ['Employees & Suppliers', 'crew'],
      ['Dashboard', 'dashboard'],
    ],
  },
];

const firstCaption = (slug: Tutorial['slug']) => tutorials.find((t) => t.slug === slug)!.steps[0]!.caption;

/** Every request the page makes, to prove what was (not) fetched. */
function watchRequests(page: Page) {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

async function expectOwnPoster(figure: Locator, baseURL: string, slug: string) {
  const poster = figure.locator('img');
  await poster.scrollIntoViewIfNeeded();
  await expect
    .poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  const src = await poster.evaluate((img: HTMLImageElement) => img.currentSrc);
  expect(src.startsWith(`${baseURL}/media/tutorials/${slug}-poster.`), src).toBe(true);
}

async function expectPlaysWithCaptions(figure: Locator, baseURL: string, slug: Tutorial['slug']) {
  const video = figure.locator('video');
  await expect(video).toHaveCount(1);
  await expect(video).toBeFocused();
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { message: `${slug} plays` })
    .toBeGreaterThan(0.3);
  const state = await video.evaluate((v: HTMLVideoElement) => ({
    error: v.error?.code ?? null,
    paused: v.paused,
    src: v.currentSrc,
    width: v.videoWidth,
  }));
  expect(state).toMatchObject({ error: null, paused: false, width: 1280 });
  expect(state.src.startsWith(`${baseURL}/media/tutorials/${slug}.webm`), state.src).toBe(true);
  await expect
    .poll(() =>
      video.evaluate((v: HTMLVideoElement) => {
        const track = v.textTracks[0];
        return track ? { kind: track.kind, label: track.label, mode: track.mode, cues: track.cues?.length ?? 0 } : null;
      }),
    )
    .toMatchObject({ kind: 'captions', label: 'English', mode: 'showing', cues: expect.any(Number) });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.textTracks[0]?.cues?.length ?? 0))
    .toBeGreaterThan(2);
  const first = await video.evaluate((v: HTMLVideoElement) => (v.textTracks[0]!.cues![0] as VTTCue).text);
  expect(first).toBe(firstCaption(slug));
  const track = await video.locator('track').getAttribute('src');
  expect(track?.startsWith(`/media/tutorials/${slug}.vtt`)).toBe(true);
}

for (const { path, videos } of pages) {
  test(`${path}: own posters, no video fetched before play, then each plays from the app with captions`, async ({
    page,
    baseURL,
  }) => {
    const requests = watchRequests(page);
    await page.goto(path);
    for (const [title, slug] of videos) {
      const figure = page.locator('figure').filter({ has: page.getByRole('button', { name: `Play video: ${title}` }) });
      await expect(figure.locator('figcaption')).toHaveText(title);
      await expectOwnPoster(figure, baseURL!, slug);
    }
    await page.waitForLoadState('networkidle');
    expect(requests.filter((url) => /\.(webm|vtt)\b/.test(url))).toEqual([]);
    await expect(page.locator('video, iframe')).toHaveCount(0);

    for (const [title, slug] of videos) {
      const button = page.getByRole('button', { name: `Play video: ${title}` });
      const figure = page.locator('figure').filter({ has: page.locator('figcaption', { hasText: title }) });
      await button.click();
      await expectPlaysWithCaptions(figure, baseURL!, slug);
      expect(requests.some((url) => url.startsWith(`${baseURL}/media/tutorials/${slug}.webm`))).toBe(true);
      await figure.locator('video').evaluate((v: HTMLVideoElement) => v.pause());
    }
    expect(requests.filter((url) => /\.webm\b/.test(url) && !url.startsWith(`${baseURL}/media/tutorials/`))).toEqual(
      [],
    );
  });
}

test('the play button works from the keyboard', async ({ page }) => {
  await page.goto('/tutorials');
  const button = page.getByRole('button', { name: 'Play video: Inventory' });
  // Prerendered, the button is disabled until the app has started (a press is never silently lost).
  await expect(button).toBeEnabled();
  await button.focus();
  await page.keyboard.press('Enter');
  const video = page.locator('video[aria-label="Inventory"]');
  await expect(video).toBeFocused();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0.2);
  // Space on the focused player pauses it, as on any video.
  await page.keyboard.press('Space');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
});

test('the server sends videos with their type, byte ranges for seeking and long caching for versioned addresses', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Play video: Cater Captain overview' }).click();
  const address = {
    video: (await page.locator('video source').getAttribute('src'))!,
    captions: (await page.locator('video track').getAttribute('src'))!,
  };
  expect(address.video).toMatch(/^\/media\/tutorials\/overview\.webm\?v=[0-9a-f]{10}$/);
  const part = await request.get(address.video, { headers: { Range: 'bytes=100-1099' } });
  expect(part.status()).toBe(206);
  expect(part.headers()['content-type']).toBe('video/webm');
  expect(part.headers()['content-range']).toMatch(/^bytes 100-1099\/\d+$/);
  expect((await part.body()).length).toBe(1000);
  expect(part.headers()['cache-control']).toContain('immutable');
  const captions = await request.get(address.captions);
  expect(captions.headers()['content-type']).toMatch(/^text\/vtt/);
  expect(captions.headers()['cache-control']).toContain('immutable');
  expect(await captions.text()).toContain(firstCaption('overview'));
  // Without the version the address may change content: browsers must check again.
  const unversioned = await request.head('/media/tutorials/overview.webm');
  expect(unversioned.headers()['cache-control']).toBe('no-cache');
});
