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
    // Libraries change less often than the console: separate chunks stay cached across releases.
    chunkSizeWarningLimit: 1000,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // ECharts is loaded by the report page's analysis tab alone: a chunk of its own, fetched there.
            { name: 'echarts', test: /node_modules[\\/](echarts|zrender)[\\/]/, priority: 4 },
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 3 },
            { name: 'antd', test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+|@emotion|dayjs)[\\/]/, priority: 2 },
            { name: 'vendor', test: /node_modules/, priority: 1 },
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
