import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress.ts';
import { CORE_TEXT_DOMAINS, PAGE_TEXT_DOMAINS, parseLocalePath } from './src/shared/i18n/text-domains.ts';

/** Each language's texts in chunks loaded together: its core domains, its console's, each page domain. */
function localeChunkName(id: string): string | null {
  const file = parseLocalePath(id);
  if (!file) return null;
  if (CORE_TEXT_DOMAINS.includes(file.domain)) return `locale-${file.lang}-core`;
  if (PAGE_TEXT_DOMAINS.includes(file.domain)) return `locale-${file.lang}-${file.domain}`;
  return `locale-${file.lang}`;
}

// The console builds to dist/, which the server serves at / (index.html for unknown non-/api paths).
export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    alias: { '@atrium/contract': fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks and styles each source loads (scripts/check-budgets.mjs reads it).
    manifest: true,
    // The vendor chunk and ECharts are large before compression; what matters is checked on the wire
    // (brotli) by scripts/check-budgets.mjs.
    chunkSizeWarningLimit: 1000,
    rolldownOptions: {
      // The contract only declares schemas, constants and functions: a page keeps the contract
      // modules it uses, not every zod schema of the API (what "sideEffects": false would say).
      treeshake: { moduleSideEffects: [{ test: /packages[\\/]contract[\\/]src[\\/]/, sideEffects: false }] },
      output: {
        // Beyond these groups the bundler splits by what each page imports, so an address loads only
        // its own code (issue 19).
        codeSplitting: {
          groups: [
            // The libraries every address runs before its page: one file compresses better than thirty.
            { name: 'vendor', test: /node_modules/, tags: ['$initial'] },
            // ECharts: fetched by the report's analysis tab alone, and cached across releases.
            { name: 'echarts', test: /node_modules[\\/](echarts|zrender)[\\/]/ },
            { name: localeChunkName, debugName: 'locales', test: /[\\/]src[\\/]locales[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // Same host header as the page so the server's same-origin check on cookie writes passes.
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
});
