import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_ORIGIN = 'http://127.0.0.1:3000';

export default defineConfig({
  root: 'client',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // zod and the module that turns its eval probe off share one chunk, so the setting is
          // in force before any chunk that builds a schema at load time runs (chunks run after
          // the chunks they import).
          groups: [
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|client[\\/]lib[\\/]zod-without-eval\.ts$/ },
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
