import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstScreens } from './scripts/first-screens.ts';
import { preactAliases } from './scripts/preact-aliases.ts';
import { webContracts } from './scripts/web-contracts.ts';

/** Packages every signed-in page uses beyond the first file: icons, the mutations' hooks. */
const SHARED_PACKAGES =
  /node_modules[\\/](lucide-react|@tanstack[\\/](react-query|query-core))[\\/]/;

/**
 * Our own code that lazy pages share (UI components, helpers, domain, contracts), but not the
 * live socket (it goes with the dashboard shell, whose file the classroom loads too: ~8 KB gzip
 * more there, beside its whiteboard's megabytes) nor the classroom's own modules (its page and
 * its whiteboard share them), nor the country list (the tutor's profile forms): in a shared file
 * every page, sign-up too, would load them.
 */
const isShared = (id: string) =>
  SHARED_PACKAGES.test(id) ||
  /^(?!.*node_modules)(?!.*(live-events|classroom\.contract|messages[\\/]classroom|domain[\\/]classroom[\\/]|domain[\\/]tutors[\\/]countries)).*[\\/]src[\\/](web[\\/](components[\\/]ui|lib)|domain|contracts)[\\/]/.test(
    id,
  );

/** Where a user lands: sign-up, the dashboard shell, both overviews, find tutors, a profile. */
const landing = firstScreens(
  /[\\/]src[\\/]web[\\/](app[\\/]layouts[\\/]dashboard-shell|features[\\/]lessons[\\/](student|tutor)-overview-page|features[\\/]discovery[\\/]tutor-(search|profile)-page|features[\\/]auth[\\/]sign-up-page)\.tsx$/,
);

// The SPA lives in src/web and builds to dist/web, which the API process serves.
export default defineConfig({
  root: path.resolve(import.meta.dirname, 'src/web'),
  publicDir: path.resolve(import.meta.dirname, 'src/web/public'),
  plugins: [react(), tailwindcss(), landing.plugin, webContracts()],
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
          // Our own code that two or more lazy pages share, the icons and the query cache's
          // mutations, in two files: what the pages a user lands on use, and what only the
          // others do. A signed-in page otherwise waited on ~20 files of 1 KB, six at
          // a time over HTTP/1.1, before it could render (issue #13); a landing page loads the
          // first file only (75 of the 103 KB, ADR 051), any other page both.
          // The dashboard shell with what only it needs (the badges, the live socket): one
          // file where three were, so a signed-in page waits on 7 files, not 11 (issue #28).
          groups: [
            { name: 'boot', tags: ['$initial'] },
            {
              name: 'shared',
              test: (id) => isShared(id) && landing.reaches(id),
              minShareCount: 2,
            },
            { name: 'shared-more', test: isShared, minShareCount: 2 },
            {
              // The bundler takes a captured module's dependencies along (those no group above
              // took): the shell's badges and live socket come with it.
              name: 'dashboard',
              test: /[\\/]src[\\/]web[\\/]app[\\/]layouts[\\/]dashboard-shell\.tsx$/,
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
