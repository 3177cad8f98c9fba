import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const contracts = fileURLToPath(new URL('../libs/contracts/src', import.meta.url));
// The edge (or `npm start`) listens here and routes /api to the services.
const apiTarget = process.env.CONSOLE_API_TARGET ?? 'http://localhost:8080';

export default defineConfig({
  base: '/',
  plugins: [react()],
  resolve: {
    alias: { '@app/contracts': contracts },
    // ra-input-rich-text's install nests @tiptap/core 3.31 beside extensions built for 3.32+ (they
    // import isValidCSSStyleValue, which 3.31 lacks): one copy of tiptap, the top-level one, for all.
    dedupe: ['@tiptap/core', '@tiptap/pm'],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
  test: {
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // Screens render react-admin and MUI in jsdom: on a busy 2-core machine a whole journey through one can
    // pass vitest's 5 s default.
    testTimeout: 15_000,
    setupFiles: ['src/test/setup.ts'],
    // Through Vite's resolver (not Node's) so that the dedupe above applies in tests too.
    server: { deps: { inline: ['ra-input-rich-text', /@tiptap\//] } },
  },
});
