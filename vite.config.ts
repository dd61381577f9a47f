import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Two builds: the client (dist/, with a manifest that scripts/prerender.ts reads for each page's
// chunks) and, with --ssr, src/entry-server.tsx for prerendering the public pages (.ssr/).
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
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
    copyPublicDir: !isSsrBuild,
  },
  server: { port: 5173 },
}));
