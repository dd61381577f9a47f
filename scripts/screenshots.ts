/** Dev tool: screenshots of pages in light and dark mode, desktop and phone width, into .bench/shots/. */
import { ensureDir, launchChromium, signInAsDemo, startServer } from './bench/support';

// Usage: tsx scripts/screenshots.ts [--signed-in] [--mock] [path ...]
const args = process.argv.slice(2);
const mock = args.includes('--mock');
const signedIn = args.includes('--signed-in') || mock;
const given = args.filter((a) => !a.startsWith('--'));
const paths = given.length ? given : ['/', '/login', '/signup', '/About', '/tutorials', '/nope', '/signout'];
const out = ensureDir(new URL('../.bench/shots/', import.meta.url).pathname);
const server = await startServer();
const browser = await launchChromium();
for (const [name, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  for (const mode of ['light', 'dark'] as const) {
    const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
    await context.addInitScript((m) => window.localStorage.setItem('colorMode', JSON.stringify(m)), mode);
    const page = await context.newPage();
    if (signedIn) {
      await signInAsDemo(page, server.url);
      if (mock) {
        page.once('dialog', (dialog) => void dialog.accept());
        await page.goto(`${server.url}/dashboard`);
        await page.getByRole('button', { name: 'Use Mock Data' }).click();
        await page.waitForTimeout(1000);
      }
    }
    for (const path of paths) {
      await page.goto(server.url + path);
      await page.waitForLoadState('networkidle');
      const file = `${out}${path.replace(/\W+/g, '_') || 'home'}-${name}-${mode}.png`;
      await page.screenshot({ path: file, fullPage: name === 'phone' ? false : true });
    }
    await context.close();
  }
}
await browser.close();
await server.stop();
console.log(`screenshots in ${out}`);
