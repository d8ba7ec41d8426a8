import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { constants as zlib } from 'node:zlib';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { compiledMessages } from './client/i18n/compiled-messages-plugin';
import { localizedShells } from './client/i18n/localized-shells-plugin';

const API_ORIGIN = 'http://127.0.0.1:3000';

/**
 * Text assets get .br and .gz siblings at build time, at the highest levels: compressing once per
 * build can afford what compressing per request cannot, and the server sends the sibling the
 * browser accepts. Source maps are left out: only developer tools fetch them.
 */
const PRECOMPRESSED_ASSETS = /\.(?:html|js|mjs|css|svg|json|webmanifest|xml|txt)$/;

export default defineConfig({
  root: 'client',
  plugins: [
    // Message catalogues arrive parsed, so the page needs no ICU parser (the alias below).
    compiledMessages(),
    react(),
    tailwindcss(),
    // index.pt.html, index.de.html: the page in each language, before the siblings below are made.
    localizedShells(),
    compression({
      include: PRECOMPRESSED_ASSETS,
      algorithms: [
        defineAlgorithm('brotliCompress', {
          params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY },
        }),
        defineAlgorithm('gzip', { level: zlib.Z_BEST_COMPRESSION }),
      ],
      // A file that would not shrink keeps no sibling and is sent as it is.
      skipIfLargerOrEqual: true,
      deleteOriginalAssets: false,
    }),
    // The service worker (client/service-worker/sw.ts), given the list of the build's files to
    // keep on the device. The manifest is the server's (it follows the instance's settings) and
    // the page registers the worker itself (client/app/service-worker-registration.ts), so the
    // plugin makes neither. Only builds have a worker: in development every file would be kept stale.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'service-worker',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // Every script and style, lazy ones included: a page first opened offline needs them.
        // Source maps and the compressed siblings are not files a page asks for.
        globPatterns: ['**/*.{html,js,css,svg}'],
        globIgnores: ['**/*.map', '**/*.br', '**/*.gz', 'sw.js'],
      },
    }),
  ],
  resolve: {
    alias: [
      // intl-messageformat without its parser: every message it formats was parsed at build time.
      {
        find: /^@formatjs\/icu-messageformat-parser$/,
        replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
      },
    ],
  },
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      // A feature's index.ts only re-exports (docs/ARCHITECTURE.md, "Client features"). Without
      // this, the bundler takes every module an index names as needed by each importer, so a page
      // importing one hook from a feature would load the whole feature, lazy parts included.
      treeshake: {
        moduleSideEffects: [{ test: /client[\\/]features[\\/][^\\/]+[\\/]index\.ts$/, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          groups: [
            // zod, with the module that configures it, is one chunk of its own that only the
            // chunks building schemas import: forms load it when first used, not with a page.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|common[\\/]contracts[\\/]zod\.ts$/ },
            // React, the router and react-query, which every page needs: one file compresses
            // better than the five small ones they would otherwise be split into.
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/][^\\/]+)[\\/]/,
            },
            // The contracts' plain limits, shared by pages and forms: kept apart so that a page
            // needing a number does not fetch the chunk of a contract that builds schemas.
            { name: 'limits', test: /common[\\/]contracts[\\/](limits|report-reasons)\.ts$/ },
          ],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': API_ORIGIN,
      '/healthz': API_ORIGIN,
    },
  },
});
