import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { ChunkingContext } from 'rolldown';
import { LANGS } from '../../packages/contract/src/lang.ts';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress.ts';
import { preloadMap } from './scripts/preload-map.ts';
import { CORE_TEXT_DOMAINS, PAGE_TEXT_DOMAINS, parseLocalePath } from './src/shared/i18n/text-domains.ts';

/** Each language's texts in chunks loaded together: its core domains, its console's, each page domain. */
function localeChunkName(id: string): string | null {
  const file = parseLocalePath(id);
  if (!file) return null;
  if (CORE_TEXT_DOMAINS.includes(file.domain)) return `locale-${file.lang}-core`;
  if (PAGE_TEXT_DOMAINS.includes(file.domain)) return `locale-${file.lang}-${file.domain}`;
  return `locale-${file.lang}`;
}

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));
/** antd's theme and App context: the layout around every page but the sign-in page (src/app/router.tsx). */
const APP_CONTEXT = source('./src/app/app-context.tsx');
/** The console's entry. */
const ENTRY = source('./src/main.tsx');
/** The sign-in page, which loads no antd. */
const LOGIN_PAGE = source('./src/modules/auth/pages/login-page.tsx');

/** The modules `root` imports statically, directly or not, in the module graph being chunked. */
function staticClosure(root: string, ctx: ChunkingContext): Set<string> {
  const closure = new Set<string>();
  const pending = [root];
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (closure.has(id)) continue;
    closure.add(id);
    pending.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  return closure;
}

interface LayoutGroups {
  /** What the sign-in page's route loads beyond the entry: its own code, icons and libraries. */
  signIn: Set<string>;
  /** antd's theme and App context with what they import, less what the sign-in page shares. */
  antd: Set<string>;
}

const layoutGroups = new WeakMap<ChunkingContext, LayoutGroups>();
const isLibrary = (id: string) => /[\\/]node_modules[\\/]/.test(id);
/** The contract's index lists every schema: through it, any closure holds the whole contract and zod. */
const isContract = (id: string) => /[\\/](packages[\\/]contract|node_modules[\\/]zod)[\\/]/.test(id);

/**
 * The modules of the two chunks a first visit loads after the entry: the sign-in page's, and antd's
 * core for every other page. Static closures of the module graph before tree shaking, so a barrel
 * would bring every module it lists: these files import antd and the icons by module path
 * (antd/es/app, @ant-design/icons/UserOutlined), and the contract is left to the bundler's own
 * splitting. The entry's libraries are the vendor group's (it
 * comes first); its own modules stay in the entry.
 */
function groupsOf(ctx: ChunkingContext): LayoutGroups {
  let groups = layoutGroups.get(ctx);
  if (!groups) {
    const entry = [...staticClosure(ENTRY, ctx)].filter((id) => !isLibrary(id));
    const signIn = new Set([...staticClosure(LOGIN_PAGE, ctx)].filter((id) => !isContract(id)));
    entry.forEach((id) => signIn.delete(id));
    const antd = new Set([...staticClosure(APP_CONTEXT, ctx)].filter((id) => isLibrary(id) && !isContract(id) && !signIn.has(id)));
    groups = { signIn, antd };
    layoutGroups.set(ctx, groups);
  }
  return groups;
}

// The console builds to dist/, which the server serves at / (index.html for unknown non-/api paths).
export default defineConfig({
  plugins: [
    react(),
    // What index.html should preload on a first visit: the route of the sign-in page and of the door
    // display (the pages opened cold, on phones and wall tablets), and the language's texts.
    preloadMap({
      pages: { '/login': LOGIN_PAGE, '/pad': source('./src/modules/pad/pages/pad-page.tsx') },
      texts: Object.fromEntries(LANGS.map((lang) => [lang, `locale-${lang}-core`])),
    }),
    precompress(),
  ],
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
            { name: 'vendor', test: /node_modules/, tags: ['$initial'], priority: 30 },
            // The sign-in page's route in one file: over a slow network, each file more is a round trip
            // more once the browser's six connections are busy (issue 19's Fast 3G check).
            // What it shares with the entry stays in the entry, loaded by every page.
            { name: (id, ctx) => (groupsOf(ctx).signIn.has(id) ? 'sign-in' : null), includeDependenciesRecursively: false, priority: 20 },
            // The libraries every page past the sign-in page runs (antd's theme, its App context and what
            // they import): one file, like the vendor chunk, rather than twenty that compress worse.
            // What they share with the sign-in page (a few icons) stays in its chunk.
            { name: (id, ctx) => (groupsOf(ctx).antd.has(id) ? 'antd' : null), includeDependenciesRecursively: false, priority: 10 },
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
