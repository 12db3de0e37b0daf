import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The SPA lives in src/web and builds to dist/web, which the API process serves.
export default defineConfig({
  root: path.resolve(import.meta.dirname, 'src/web'),
  publicDir: path.resolve(import.meta.dirname, 'src/web/public'),
  plugins: [react(), tailwindcss()],
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    // dist/web/.vite/manifest.json: which chunks each page loads (npm run bench:bundle). Not
    // served: the web app serves no dot folder.
    manifest: true,
    // The first screen's file is large on purpose (see codeSplitting below): warn above that.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically (React, the router, the query cache, the
          // sign-in screen) in one file: on a slow phone connection each extra file costs a
          // round trip before the first screen, and the bundler would otherwise split out a
          // dozen small chunks that lazy pages share with it.
          // The icons the lazy pages use in one small file, not one request per icon.
          groups: [
            { name: 'boot', tags: ['$initial'] },
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      // ws: the live socket (/api/live) goes through the dev server too.
      '/api': { target: 'http://localhost:3000', ws: true },
      '/dev': 'http://localhost:3000',
    },
  },
});
