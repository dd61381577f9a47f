/**
 * Landing page budget: at most 90 KB of compressed JavaScript before it is interactive. Counts the
 * encoded bytes (as served: brotli) of every script requested before the load event, by which time
 * React has rendered and the page answers clicks. The nav menu and the toaster are fetched after
 * load, when the browser is idle (or when the user reaches for the menu); they are listed apart.
 */
import { launchChromium, printFigures, startServer, type Figure } from './support';

export async function runLandingBench(): Promise<Figure[]> {
  const server = await startServer();
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const sizes = new Map<string, number>();
    const beforeLoad = new Set<string>();
    let loaded = false;
    page.on('load', () => (loaded = true));
    page.on('request', (request) => {
      if (request.resourceType() === 'script' && !loaded) beforeLoad.add(request.url());
    });
    page.on('requestfinished', async (request) => {
      if (request.resourceType() !== 'script') return;
      const s = await request.sizes().catch(() => null);
      if (s) sizes.set(request.url(), s.responseBodySize);
    });
    const started = Date.now();
    await page.goto(`${server.url}/`, { waitUntil: 'load' });
    await page.getByRole('button', { name: 'Unmute Button Sounds' }).click();
    await page.getByRole('button', { name: 'Mute Button Sounds' }).waitFor();
    const interactiveMs = Date.now() - started;
    await page.waitForLoadState('networkidle');
    const beforeInteractive = [...beforeLoad].reduce((a, url) => a + (sizes.get(url) ?? 0), 0) / 1024;
    const idleTotal = [...sizes.values()].reduce((a, b) => a + b, 0) / 1024;
    const supabaseLoaded = [...sizes.keys()].some((url) => url.includes('supabaseAuth'));
    return [
      { name: 'Landing JS before interactive (brotli, KiB)', value: beforeInteractive, unit: 'KiB', budget: '<= 90', pass: beforeInteractive <= 90 },
      { name: 'Landing JS incl. idle-loaded menu and toaster', value: idleTotal, unit: 'KiB', budget: 'informational', pass: true },
      { name: 'Landing load to first working click', value: interactiveMs, unit: 'ms', budget: 'informational', pass: true },
      { name: 'supabase-js loaded for a signed-out visitor', value: supabaseLoaded ? 1 : 0, unit: '(0 = no)', budget: '0', pass: !supabaseLoaded },
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printFigures('Landing page', await runLandingBench());
}
