import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The console builds to dist/, which the server serves at / (index.html for unknown non-/api paths).
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@atrium/contract': fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // antd is one large vendor chunk by nature; pages stay small and load lazily.
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 5173,
    // Same host header as the page so the server's same-origin check on cookie writes passes.
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
});
