import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { authUrlMetaTag } from './server/csp.ts';

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
      const code = readFileSync(new URL('./public/theme-init.js', import.meta.url), 'utf8')
        .replace(/^\s*\/\/.*\n/gm, '')
        .trim();
      return html.replace(tag, () => `<script>${code}</script>`);
    },
  };
}

/**
 * A build against hosted Supabase (VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY, as src/machines/auth/config.ts
 * reads them) names the project's origin in <meta name="cc-auth-url">: the server allows exactly that origin
 * in the CSP's connect-src (server/csp.ts). A build for the embedded server needs only 'self'.
 */
function authUrlMeta(env: Record<string, string>): Plugin {
  return {
    name: 'auth-url-meta',
    apply: 'build',
    transformIndexHtml(html) {
      const url = env.VITE_SUPABASE_URL;
      if (!url || !env.VITE_SUPABASE_ANON_KEY) return html;
      return { html, tags: [authUrlMetaTag(url)] };
    },
  };
}

/**
 * Panda's css() runtime (styled-system/css/, in the landing page's start chunk) lists every utility Panda knows
 * (~360, their class prefixes: 8 KB of one string literal, 2.4 KB brotli) and every condition (~145). The client
 * build keeps only those the app's stylesheet has classes for (~100 utilities, each `<prefix>_`; the conditions
 * named in a class, `hover\:`, and every breakpoint, container size and `base`, whose escaping differs). css()
 * gives the same class names as before for every style the stylesheet has; for any other there is no rule, so
 * nothing looks different either way. The stylesheet is Panda's whole output (its PostCSS plugin reads every
 * source file, not only the ones imported), seen here after PostCSS; chunks are rendered (and their file names
 * hashed) after every module's transform. The prerender (SSR) build keeps the lists whole: the same classes.
 */
function pruneCssRuntime(): Plugin {
  let stylesheet = '';
  const literals = [
    {
      found: /(["'`])(aspectRatio:asp,[^"'`]*)\1/,
      used: (utility: string) => stylesheet.includes(`${utility.slice(utility.indexOf(':') + 1).split('/')[0]}_`),
    },
    {
      found: /(["'`])(_hover,_focus,[^"'`]*)\1/,
      used: (condition: string) => !condition.startsWith('_') || stylesheet.includes(`${condition.slice(1)}\\:`),
    },
  ];
  return {
    name: 'prune-css-runtime',
    apply: 'build',
    transform(code, id) {
      if (/\.css($|\?)/.test(id)) stylesheet += code;
      return null;
    },
    renderChunk(code) {
      // Without Panda's stylesheet (it always has its utilities layer and the nav bar's flex) nothing is pruned.
      if (!stylesheet.includes('@layer utilities') || !stylesheet.includes('d_flex')) return null;
      let pruned = code;
      for (const { found, used } of literals) {
        const [whole, quote, list] = found.exec(pruned) ?? [];
        if (whole && quote && list)
          pruned = pruned.replace(whole, () => quote + list.split(',').filter(used).join(',') + quote);
      }
      return pruned === code ? null : { code: pruned, map: null };
    },
  };
}

// Two builds: the client (dist/, with a manifest that scripts/prerender.ts reads for each page's
// chunks) and, with --ssr, src/entry-server.tsx for prerendering the public pages (.ssr/).
export default defineConfig(({ isSsrBuild, mode }) => ({
  plugins: [
    react(),
    ...(isSsrBuild ? [] : [inlineThemeInit(), authUrlMeta(loadEnv(mode, process.cwd(), 'VITE_')), pruneCssRuntime()]),
  ],
  resolve: {
    alias: [
      { find: 'styled-system', replacement: new URL('./styled-system', import.meta.url).pathname },
      // @xstate/react and wouter import the React 17 shims of useSyncExternalStore; React 19 has it built in, and
      // the shims' fallback code would only cost the landing page bytes (see src/react-shims/).
      { find: /^use-sync-external-store\/shim\/with-selector$/, replacement: 'use-sync-external-store/with-selector' },
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: new URL('./src/react-shims/useSyncExternalStore.ts', import.meta.url).pathname,
      },
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
                // XState and its React bindings apart from the app's actors: evaluated in a task of their own
                // (src/main.tsx), the one chunk was a 60-110 ms task after the first paint at 4x CPU slowdown.
                { name: 'xstate', test: /node_modules[\\/](xstate|@xstate[\\/]react|use-sync-external-store)[\\/]/ },
                // The auth machine too: creating it (XState formats every state's transitions) is most of the rest.
                { name: 'authMachine', test: /src[\\/]machines[\\/]auth[\\/]auth\.machine\.ts$/ },
                // The modules every page starts with that lazy chunks share too (Panda's css(), the storage
                // core, the stored session, the auth config): one file instead of five (~0.4 KB less brotli).
                {
                  name: 'start',
                  test: /(styled-system[\\/](css[\\/]|helpers)|src[\\/](storage[\\/](raw|store|json|authSession)|machines[\\/]auth[\\/]config)\.ts$)/,
                },
              ],
            },
          },
        },
    copyPublicDir: !isSsrBuild,
  },
  server: { port: 5173 },
}));
