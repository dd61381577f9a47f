/**
 * Build step after `vite build` (client), the SSR build of src/entry-server.tsx and `build-assets stamp`:
 * renders every prerenderable route of the route table (src/views/shell/routes.ts) and the 404 page to
 * dist/pages/<PageName>.html, from dist/index.html with
 *   - the markup inside <div id="root"> and the page's <title>;
 *   - <meta name="start-chunks">: the chunks of the app's start (the dynamic imports of src/main.tsx), the
 *     page's own chunk, the route boundary's (src/views/shell/routePage.tsx) and the chunks they import
 *     (src/boot.tsx loads them before hydrating). src/main.tsx preloads them all at once right after the
 *     first paint, so no stage waits on a waterfall and none of their requests competes with the first
 *     paint (as <link rel="modulepreload"> in the HTML did: ~50-90 ms of first contentful paint at 4x CPU,
 *     each early request costing main-thread time). dist/index.html, the shell of the other routes, which
 *     has nothing to paint first, keeps them as <link rel="modulepreload">;
 *   - <link rel="preload"> for the heading font's latin bold face, used above the fold;
 *   - <meta name="idle-prefetch">: the files of the menu, the toaster and the route boundary, fetched
 *     when the page is idle (src/views/shell/idlePrefetch.ts).
 * The server (server/app.ts) answers each route's paths with its page; see README "Prerendered pages".
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = new URL('..', import.meta.url).pathname;
const distDir = process.env.DIST_DIR ?? join(root, 'dist');
const ssrEntry = join(root, '.ssr', 'entry-server.js');

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

const ssr = (await import(pathToFileURL(ssrEntry).href)) as typeof import('../src/entry-server');
const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
const template = withoutStagePreloads(readFileSync(join(distDir, 'index.html'), 'utf8'));
// The app shell (routes that are not prerendered) paints nothing before the app: it fetches the stages with the entry.
writeFileSync(join(distDir, 'index.html'), withStagePreloads(template));

if (!template.includes('<div id="root"></div>'))
  throw new Error('dist/index.html has no empty <div id="root"></div> to fill');

/**
 * The files of a chunk and of every chunk it imports statically, each after the ones it imports: src/main.tsx
 * evaluates the start's chunks in this order, one per task, so each evaluation is its own module's only.
 */
function chunkFiles(key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [...(chunk.imports ?? []).flatMap((k) => chunkFiles(k, seen)), chunk.file];
}

/** The files of src/main.tsx's stages (each a dynamic import of the entry) and of the chunks they import. */
function stageFiles(): string[] {
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entry?.dynamicImports?.length)
    throw new Error('The entry chunk has no dynamic imports (the stages of src/main.tsx)');
  return [...new Set(entry.dynamicImports.flatMap((key) => chunkFiles(key)))].filter(
    (file) => file.endsWith('.js') && file !== entry.file,
  );
}

/** dist/index.html as Vite wrote it, less the stage preloads an earlier run of this step added (so it is idempotent). */
function withoutStagePreloads(html: string): string {
  return html.replace(/\s*<link rel="modulepreload" crossorigin href="\/assets\/[^"]+">/g, '');
}

/** The app shell: the stages' chunks are fetched with the entry, so no stage waits for a request. */
function withStagePreloads(html: string): string {
  const links = stageFiles().map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  return html.replace('</head>', () => `  ${links.join('\n    ')}\n  </head>`);
}

function pageChunkKey(page: string): string {
  const key =
    Object.keys(manifest).find((k) => k === `src/views/pages/${page}.tsx`) ??
    Object.keys(manifest).find((k) => manifest[k]!.name === page);
  if (!key) throw new Error(`No chunk for ${page} in the build manifest`);
  return key;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const fontFile = readdirSync(join(distDir, 'assets')).find((name) => /^cinzel-latin-700-normal-.*\.woff2$/.test(name));
const fontPreload = fontFile
  ? `<link rel="preload" href="/assets/${fontFile}" as="font" type="font/woff2" crossorigin />`
  : '';

// The menu, the toaster and the route boundary (every other page's frame) load when first used
// (src/views/shell/NavMenuLauncher.tsx, LazyToaster.tsx, routePage.tsx). The page names their files in
// <meta name="idle-prefetch">; src/views/shell/idlePrefetch.ts fetches them once the page is idle (not
// before: a prefetch link in the HTML would compete with the page's own requests), so using them then
// waits for no request, even offline.
const idleChunks = ['src/views/shell/NavMenu.tsx', 'src/views/shell/Toaster.tsx', 'src/views/shell/RouteBoundary.tsx'];
for (const key of idleChunks) if (!manifest[key]) throw new Error(`No chunk for ${key} in the build manifest`);

async function prerender(path: string, page: string, withChunk: boolean): Promise<string> {
  const { html, title } = await ssr.render(path);
  const inHtml = (file: string) => template.includes(`/${file}"`);
  const pageFiles = withChunk
    ? [...chunkFiles(pageChunkKey(page)), ...chunkFiles('src/views/shell/RouteBoundary.tsx')]
    : [];
  const startFiles = [...new Set([...stageFiles(), ...pageFiles])].filter(
    (file) => file.endsWith('.js') && !inHtml(file),
  );
  const idleFiles = [...new Set(idleChunks.flatMap((key) => chunkFiles(key)))].filter(
    (file) => file.endsWith('.js') && !inHtml(file) && !startFiles.includes(file),
  );
  const startChunks = `<meta name="start-chunks" content="${startFiles.map((file) => `/${file}`).join(' ')}" />`;
  const idlePrefetch = `<meta name="idle-prefetch" content="${idleFiles.map((file) => `/${file}`).join(' ')}" />`;
  return template
    .replace('<div id="root"></div>', () => `<div id="root">${html}</div>`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
    .replace(
      '</head>',
      () => `  ${[fontPreload, startChunks, idlePrefetch].filter(Boolean).join('\n    ')}\n  </head>`,
    );
}

const outDir = join(distDir, 'pages');
if (existsSync(outDir)) rmSync(outDir, { recursive: true });
mkdirSync(outDir);
const written: string[] = [];
for (const route of ssr.pageRoutes) {
  if ('prerender' in route && route.prerender === false) continue;
  if (ssr.hasParams(route.path)) continue;
  // A protected page's markup is the session check's loading state: its chunk is loaded after sign-in.
  const withChunk = route.access === 'public' && route.page !== 'HomePage';
  writeFileSync(join(outDir, `${route.page}.html`), await prerender(route.path, route.page, withChunk));
  written.push(`${route.path} -> pages/${route.page}.html`);
}
// Any path no route matches shows the 404 page; this one stands for them all.
const unknownPath = '/__no-such-page__';
if (ssr.matchRoute(unknownPath)) throw new Error(`${unknownPath} matches a route`);
writeFileSync(join(outDir, `${ssr.notFoundPage}.html`), await prerender(unknownPath, ssr.notFoundPage, true));
written.push(`404 -> pages/${ssr.notFoundPage}.html`);
console.log(`Prerendered ${written.length} pages:\n  ${written.join('\n  ')}`);
