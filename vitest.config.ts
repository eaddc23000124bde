import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const contractSource = fileURLToPath(new URL('./packages/contract/src/index.ts', import.meta.url));
const alias = { '@atrium/contract': contractSource };

/** Console tests that replace a module with vi.mock are named so; they run in a registry of their own. */
const ISOLATED_WEB_TESTS = 'src/**/*.isolated.test.{ts,tsx}';

/** A console test project (apps/web): jsdom, the test setup, and the aliases both console projects need. */
function webProject({ name, include = ['src/**/*.test.{ts,tsx}'], exclude = [], isolate }: { name: string; include?: string[]; exclude?: string[]; isolate: boolean }) {
  return {
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
      name,
      root: 'apps/web',
      include,
      exclude,
      isolate,
      environment: 'jsdom',
      setupFiles: ['src/test/setup.ts'],
      // Whole-shell renders take seconds on a loaded two-core machine: one timeout for every console test
      // (a test sets its own only to be longer; shorter ones, 20 s, ran out on a slow day's CI).
      testTimeout: 45_000,
      env: { TZ: 'UTC' },
    },
  };
}

/**
 * React reads `window.event` as it schedules any state update, even one for a component already
 * unmounted. A console test's timer (a toast closing, a debounce) that fires after its worker's
 * document is gone throws "window is not defined" from react-dom: work of a test that has ended, which
 * no test can observe. Only that error is let go; every other one after a file still fails the run.
 */
function isLateReactUpdate(error: { name?: string; message?: string; stack?: string }): boolean {
  return error.name === 'ReferenceError' && error.message === 'window is not defined' && /react-dom/.test(error.stack ?? '');
}

// One config, four projects: the contract, the web and the tools run once; the server suite runs once per
// database engine, chosen by ATRIUM_TEST_DB (see package.json scripts).
export default defineConfig({
  test: {
    onUnhandledError: (error) => !isLateReactUpdate(error),
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
      webProject({
        name: 'web',
        exclude: [ISOLATED_WEB_TESTS],
        // The files of a worker share one module registry and one document: the console, antd and React load
        // once per worker, not once per file (40 % of the stage's CPU went to that). test/setup.ts puts back
        // what a test changes of the shared state (language, preferences, window width, cookies, storage).
        isolate: false,
      }),
      webProject({
        // A file that replaces one of the console's modules (vi.mock) needs a registry of its own: in a shared
        // one the module may already have been loaded for real by an earlier file.
        name: 'web-isolated',
        include: [ISOLATED_WEB_TESTS],
        isolate: true,
      }),
    ],
  },
});
