import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Two builds: the client (dist/, with a manifest that scripts/prerender.ts reads for each page's
// chunks) and, with --ssr, src/entry-server.tsx for prerendering the public pages (.ssr/).
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  resolve: { alias: { 'styled-system': new URL('./styled-system', import.meta.url).pathname } },
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
