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

/** The door display's page, plain markup like the sign-in page. */
const PAD_PAGE = source('./src/modules/pad/pages/pad-page.tsx');
/** The session gate and the shell's layout: the routes around every signed-in page (src/app/router.tsx). */
const SESSION_GATE = source('./src/app/session-gate.tsx');
const SHELL_LAYOUT = source('./src/app/shell/shell-layout.tsx');

const isLibrary = (id: string) => /[\\/]node_modules[\\/]/.test(id);
/** The contract's index lists every schema: through it, any closure holds the whole contract and zod. */
const isContract = (id: string) => /[\\/](packages[\\/]contract|node_modules[\\/]zod)[\\/]/.test(id);
/** antd's and the icons' index modules, which import every component and every icon. */
const isBarrel = (id: string) => /[\\/]node_modules[\\/](antd|@ant-design[\\/]icons)[\\/]es[\\/]index\.js$/.test(id);
const relative = (id: string) => id.replace(/^.*?[\\/](?=node_modules[\\/]|src[\\/])/, '');

/**
 * The modules `roots` import statically, directly or not, in the module graph being chunked (before
 * tree shaking), the contract left out. A file of these closures that imports antd or the icons by
 * their index would bring every component and icon along, so the build stops and names it: import
 * them by module path instead (antd/es/button, @ant-design/icons/UserOutlined).
 */
function staticClosure(roots: string[], ctx: ChunkingContext): Set<string> {
  const closure = new Set<string>();
  const pending = [...roots];
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (closure.has(id) || isContract(id)) continue;
    closure.add(id);
    for (const imported of ctx.getModuleInfo(id)?.importedIds ?? []) {
      if (isBarrel(imported)) {
        throw new Error(`${relative(id)} imports ${relative(imported)}: the first chunks import antd and its icons by module path (antd/es/button, @ant-design/icons/UserOutlined)`);
      }
      pending.push(imported);
    }
  }
  return closure;
}

interface LayoutGroups {
  /** What the sign-in page's route loads beyond the entry: its own code, icons and libraries. */
  signIn: Set<string>;
  /** antd's core with the theme and App context and what they import, less what the sign-in page and the door display share. */
  antd: Set<string>;
  /** The session gate and the shell (menu, header, tabs, notifications), less the above. */
  shell: Set<string>;
}

const layoutGroups = new WeakMap<ChunkingContext, LayoutGroups>();

/**
 * The modules of the chunks a first visit loads after the entry: the sign-in page's; antd's core
 * with the theme and App context, for every other page; and the shell around every signed-in page.
 * One file each: over HTTP/1.1 a browser fetches six files at a time, so sixty small chunks cost ten
 * round trips where three cost one (issue 19). What a later group shares with an earlier one stays in
 * the earlier; the entry's libraries are the vendor group's (it comes first) and its own modules stay
 * in the entry; the contract is left to the bundler's own splitting.
 */
function groupsOf(ctx: ChunkingContext): LayoutGroups {
  let groups = layoutGroups.get(ctx);
  if (!groups) {
    const taken = new Set([...staticClosure([ENTRY], ctx)].filter((id) => !isLibrary(id)));
    const claim = (roots: string[]) => {
      const group = new Set([...staticClosure(roots, ctx)].filter((id) => !taken.has(id)));
      group.forEach((id) => taken.add(id));
      return group;
    };
    const signIn = claim([LOGIN_PAGE]);
    // The door display runs no antd: what it shares with antd's group (a hook or two) stays out of it.
    claim([PAD_PAGE]);
    groups = { signIn, antd: claim([APP_CONTEXT]), shell: claim([SESSION_GATE, SHELL_LAYOUT]) };
    layoutGroups.set(ctx, groups);
  }
  return groups;
}

// The console builds to dist/, which the server serves at / (index.html for unknown non-/api paths).
export default defineConfig({
  plugins: [
    react(),
    // What index.html should preload on a first visit: the route of the sign-in page and of the door
    // display (the pages opened cold, on phones and wall tablets), and the language's texts; with a
    // session, on a signed-in page, the shell and the console's texts too, and the booking page's
    // files on /reserve, the page a phone opens to book.
    preloadMap({
      pages: { '/login': LOGIN_PAGE, '/pad': PAD_PAGE },
      texts: Object.fromEntries(LANGS.map((lang) => [lang, `locale-${lang}-core`])),
      signedIn: {
        roots: [APP_CONTEXT, SESSION_GATE, SHELL_LAYOUT],
        texts: Object.fromEntries(LANGS.map((lang) => [lang, `locale-${lang}`])),
        pages: { '/reserve': source('./src/modules/booking/pages/booking-page.tsx') },
      },
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
            // What every page past the sign-in page runs (antd's core, the theme, its App context): one file,
            // like the vendor chunk, rather than twenty that compress worse.
            { name: (id, ctx) => (groupsOf(ctx).antd.has(id) ? 'antd' : null), includeDependenciesRecursively: false, priority: 10 },
            // The session gate and the shell with the antd components they use, loaded with the first
            // signed-in page; the pages import those components from it.
            { name: (id, ctx) => (groupsOf(ctx).shell.has(id) ? 'shell' : null), includeDependenciesRecursively: false, priority: 5 },
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
