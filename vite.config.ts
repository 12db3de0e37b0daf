import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { preactAliases } from './scripts/preact-aliases';

// The SPA lives in src/web and builds to dist/web, which the API process serves.
export default defineConfig({
  root: path.resolve(import.meta.dirname, 'src/web'),
  publicDir: path.resolve(import.meta.dirname, 'src/web/public'),
  plugins: [react(), tailwindcss()],
  // Preact's React-compatible layer in place of React DOM: the same components at a quarter
  // of the weight before the first screen (ADR 043).
  resolve: { alias: preactAliases },
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
          // Our own code that two or more lazy pages share (UI components, helpers, domain,
          // contracts) in one file too: a signed-in page otherwise waited on ~20 files of 1 KB,
          // six at a time over HTTP/1.1, before it could render (issue #13).
          groups: [
            { name: 'boot', tags: ['$initial'] },
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/ },
            {
              name: 'shared',
              // Not the live socket (the dashboards and the classroom share it) nor the
              // classroom's own modules (its page and its whiteboard share them), nor the
              // country list (the tutor's profile forms): in here every page, sign-up too,
              // would load them.
              test: /^(?!.*node_modules)(?!.*(live-events|classroom\.contract|messages[\\/]classroom|domain[\\/]classroom[\\/]|domain[\\/]tutors[\\/]countries)).*[\\/]src[\\/](web[\\/](components[\\/]ui|lib)|domain|contracts)[\\/]/,
              minShareCount: 2,
            },
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
