/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const contracts = fileURLToPath(new URL('../libs/contracts/src', import.meta.url));

// Served by the edge under /display (SPA fallback); the API is on the same origin under /api.
export default defineConfig({
  base: '/display/',
  plugins: [react()],
  resolve: {
    alias: { '@app/contracts': contracts },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    port: 5174,
    proxy: {
      // ws: the Display Mode socket lives under /api/transactions/socket.io
      '/api': { target: 'http://localhost:8080', changeOrigin: true, ws: true },
    },
  },
  test: {
    environment: 'node',
    include: ['src/**/*.spec.ts'],
  },
});
