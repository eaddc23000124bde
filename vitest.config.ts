import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const contractSource = fileURLToPath(new URL('./packages/contract/src/index.ts', import.meta.url));
const alias = { '@atrium/contract': contractSource };

// One config, four projects: the contract, the web and the tools run once; the server suite runs once per
// database engine, chosen by ATRIUM_TEST_DB (see package.json scripts).
export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          // The process zone: UTC on SQLite, a zone with daylight saving on PostgreSQL (package.json),
          // so no server code can lean on the machine's zone; rooms carry their own.
          env: { TZ: process.env.ATRIUM_TEST_TZ ?? 'UTC' },
          testTimeout: 20_000,
          hookTimeout: 30_000,
          // Each test file builds its own throwaway database; files run in parallel workers. The
          // databases are copies of one template migrated per run (apps/server/src/test/database.ts).
          fileParallelism: true,
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          // Files share one module registry per worker: the app's modules load once per worker, not
          // once per file (half the suite's time went to imports). Every file builds its own app.
          isolate: false,
        },
      },
      {
        // Tools beside the app (tools/device-simulator), tested against the local Mosquitto.
        test: { name: 'tools', include: ['tools/**/*.test.ts'], environment: 'node', testTimeout: 20_000 },
      },
      {
        resolve: {
          alias: {
            ...alias,
            // Node resolves `antd` to its CommonJS build (lib/), and the console imports some of antd by
            // module path (antd/es/app, for the build's chunks): one copy for both, or antd's contexts
            // (App.useApp, ConfigProvider) would not reach the components of the other copy.
            'antd/es': 'antd/lib',
          },
        },
        test: {
          name: 'web',
          // Each file keeps a module registry of its own (vitest's default). Shared per worker it was 3x
          // faster, but React's scheduler now and then ran a file's last task after its jsdom was gone
          // ("window is not defined", 1 CI run in 2), and a file that mocks a module needs its own.
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
          // Whole-shell renders take seconds on a loaded two-core machine: one timeout for every console test
          // (a test sets its own only to be longer; shorter ones, 20 s, ran out on a slow day's CI).
          testTimeout: 45_000,
          env: { TZ: 'UTC' },
        },
      },
    ],
  },
});
