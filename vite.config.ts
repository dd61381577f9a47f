import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The built pages carry public/theme-init.js inline, so the saved colour mode applies without a
 * parser-blocking request before first paint. The server allows exactly this script by its hash
 * (server/csp.ts reads it from dist/index.html); `vite` (dev) keeps the external file.
 */
function inlineThemeInit(): Plugin {
  const tag = '<script src="/theme-init.js"></script>';
  return {
    name: 'inline-theme-init',
    apply: 'build',
    transformIndexHtml(html) {
      if (!html.includes(tag)) throw new Error(`index.html has no ${tag} to inline`);
      const code = readFileSync(new URL('./public/theme-init.js', import.meta.url), 'utf8').replace(/^\s*\/\/.*\n/gm, '').trim();
      return html.replace(tag, () => `<script>${code}</script>`);
    },
  };
}

// Two builds: the client (dist/, with a manifest that scripts/prerender.ts reads for each page's
// chunks) and, with --ssr, src/entry-server.tsx for prerendering the public pages (.ssr/).
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), ...(isSsrBuild ? [] : [inlineThemeInit()])],
  resolve: {
    alias: [
      { find: 'styled-system', replacement: new URL('./styled-system', import.meta.url).pathname },
      // @xstate/react and wouter import the React 17 shims of useSyncExternalStore; React 19 has it built in, and
      // the shims' fallback code would only cost the landing page bytes (see src/react-shims/).
      { find: /^use-sync-external-store\/shim\/with-selector$/, replacement: 'use-sync-external-store/with-selector' },
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: new URL('./src/react-shims/useSyncExternalStore.ts', import.meta.url).pathname },
    ],
  },
  build: {
    outDir: isSsrBuild ? '.ssr' : 'dist',
    assetsDir: 'assets',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    manifest: !isSsrBuild,
    // No runtime preloading of a lazy chunk's imports (and no helper for it in every chunk): the pages the
    // server prerenders list their chunks in <meta name="start-chunks"> for src/main.tsx to preload after
    // the first paint, the app shell in <link rel="modulepreload"> (scripts/prerender.ts), and the
    // on-demand code is prefetched at idle. A page reached later in the app fetches its chunk's imports
    // as the browser finds them: one more round trip on a first visit, for about 1 KB less script and
    // 100 ms less script time on the landing page (measured at 4x CPU).
    modulePreload: false,
    // React and ReactDOM in one chunk, the first stage of src/main.tsx (fewer, larger files compress better).
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
              ],
            },
          },
        },
    copyPublicDir: !isSsrBuild,
  },
  server: { port: 5173 },
}));
