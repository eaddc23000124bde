// Checks what the console's key addresses cost on the wire (issue 19: a console that opens fast on a
// phone). Reads the build's manifest (dist/.vite/manifest.json, `build.manifest` in vite.config.ts),
// gathers the files each address loads, sums their brotli sizes (what the server sends, precompressed)
// and exits 1 when a budget is exceeded. Run after `npm run build -w apps/web`:
//   node scripts/check-budgets.mjs [dist directory, apps/web/dist by default]
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const DIST = process.argv[2] ?? fileURLToPath(new URL('../dist/', import.meta.url));
const MANIFEST = join(DIST, '.vite', 'manifest.json');
const KIB = 1024;
const LANGS = ['en-US', 'zh-CN'];

/**
 * The addresses with a budget: the lazy route chunks each one opens beyond the entry (by source
 * file, or by chunk name for a group of vite.config.ts such as the sign-in page's), the texts it loads (the core text domains alone, or the console's too; see
 * src/shared/i18n/text-domains.ts) and the chunks it must never load (matched against the
 * manifest's keys and chunk names).
 */
const ROUTES = [
  {
    address: '/login',
    budgetKiB: 250,
    lazy: ['sign-in'],
    texts: 'core',
    // antd's core chunk, its theme and App context: the sign-in page is plain markup.
    forbidden: [/shell-layout/, /app-context/, /^_?antd\b/, /echarts|zrender|analysis-panel/, /my-calendar|booking-page/],
  },
  {
    // The door display: a tablet on the wall, plain markup like the sign-in page (no issue budget). It was
    // 155 KiB; it shares the console's entry, which holds every page's route and each text domain's loader,
    // so it grows a little with every module (191–192 KiB on 2026-11-30; docs/performance.md, "Budgets").
    address: '/pad',
    budgetKiB: 200,
    lazy: ['src/modules/pad/pages/pad-page.tsx'],
    texts: 'console',
    forbidden: [/shell-layout/, /app-context/, /^_?antd\b/, /echarts|zrender|analysis-panel/],
  },
  {
    address: '/reserve',
    // Issue 19's target. A contract module the entry or the API client imports from brings its schemas along: keep
    // what they name in schema-free modules (docs/performance.md, "/reserve over its 400 KiB target").
    budgetKiB: 400,
    // antd's core with the theme and App context, then the session gate and the shell (groups of vite.config.ts).
    lazy: ['antd', 'shell', 'src/modules/booking/pages/booking-page.tsx'],
    texts: 'console',
    forbidden: [/echarts|zrender|analysis-panel/],
  },
];
/** Any one lazily loaded chunk of the console's code (a page, a drawer, a dialog), on its own. */
const LAZY_CHUNK_BUDGET_KIB = 100;
const LARGEST_SHOWN = 10;

if (!existsSync(MANIFEST)) {
  console.error(`No ${MANIFEST}: build the console first (npm run build -w apps/web, with build.manifest on).`);
  process.exit(2);
}
/** @type {Record<string, { file: string, name?: string, src?: string, isEntry?: boolean, isDynamicEntry?: boolean, imports?: string[], css?: string[], assets?: string[] }>} */
const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8'));

const sizeCache = new Map();
/** Raw, gzip (level 9) and brotli (quality 11) sizes of a file of dist/, as the server would send it. */
function sizesOf(file) {
  if (!sizeCache.has(file)) {
    const bytes = readFileSync(join(DIST, file));
    const gzip = gzipSync(bytes, { level: 9 }).length;
    const brotli = brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }).length;
    // A file that does not compress smaller is sent as it is (the build writes no .br/.gz for it).
    sizeCache.set(file, { raw: bytes.length, gzip: Math.min(gzip, bytes.length), brotli: Math.min(brotli, bytes.length) });
  }
  return sizeCache.get(file);
}

/** The manifest keys of `keys` and of everything they import statically. */
function staticClosure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...seen];
}

/** Files of those chunks: their JavaScript, their CSS and the assets they import. */
function filesOf(keys) {
  return new Set(keys.flatMap((key) => [manifest[key].file, ...(manifest[key].css ?? []), ...(manifest[key].assets ?? [])]));
}

/** What index.html loads by itself: scripts, module preloads, style sheets and the icon. */
function htmlFiles() {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="\/([^"]+)"/g)].map(([, ref]) => ref);
  return new Set(['index.html', ...refs.filter((ref) => existsSync(join(DIST, ref)))]);
}

/**
 * The chunks of one language's texts, named by vite.config.ts: `locale-<lang>-core` (the core text
 * domains) and `locale-<lang>` (the console's). A build with texts inside the code has none.
 */
function localeKeys(lang, texts) {
  const names = texts === 'core' ? [`locale-${lang}-core`] : [`locale-${lang}-core`, `locale-${lang}`];
  return Object.keys(manifest).filter((key) => names.includes(manifest[key].name));
}

const sum = (files, kind) => [...files].reduce((total, file) => total + sizesOf(file)[kind], 0);
const kib = (bytes) => (bytes / KIB).toFixed(1);
const entryKeys = Object.keys(manifest).filter((key) => manifest[key].isEntry);
const notes = [];
let isOver = false;

function table(headers, rows) {
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => String(row[i]).length)));
  const line = (cells) => cells.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join('  ');
  console.log(line(headers));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  rows.forEach((row) => console.log(line(row)));
}

const routeRows = [];
for (const route of ROUTES) {
  const lazy = route.lazy.flatMap((src) => {
    if (manifest[src]) return [src];
    const named = Object.keys(manifest).filter((key) => manifest[key].name === src);
    if (named.length === 0) notes.push(`${route.address}: ${src} is no chunk of its own (bundled into the chunks that import it).`);
    return named;
  });
  for (const lang of LANGS) {
    const keys = staticClosure([...entryKeys, ...localeKeys(lang, route.texts), ...lazy]);
    const files = new Set([...htmlFiles(), ...filesOf(keys)]);
    const brotli = sum(files, 'brotli');
    const isOk = brotli <= route.budgetKiB * KIB;
    isOver ||= !isOk;
    const verdict = isOk ? 'ok' : 'OVER';
    routeRows.push([route.address, lang, files.size, kib(sum(files, 'raw')), kib(sum(files, 'gzip')), kib(brotli), route.budgetKiB, verdict]);
    const loaded = keys.filter((key) => route.forbidden.some((pattern) => pattern.test(key) || pattern.test(manifest[key].name ?? '')));
    if (loaded.length > 0) {
      isOver = true;
      notes.push(`${route.address} (${lang}) loads what it must not: ${loaded.join(', ')}`);
    }
  }
}
console.log('What each address loads (index.html, entry, its language, route chunks, their static imports and CSS)\n');
table(['address', 'lang', 'files', 'raw KiB', 'gzip KiB', 'brotli KiB', 'budget', 'ok'], routeRows);

/** The groups of vite.config.ts that hold routes: the sign-in page's, antd's core with the App context, the shell's. */
const LAYOUT_GROUPS = ['sign-in', 'antd', 'shell'];
// Lazy chunks: dynamically imported chunks of the console's own code (not a language's texts), and the
// layout groups, which hold the routes around the pages.
const lazyKeys = Object.keys(manifest).filter(
  (key) => (manifest[key].isDynamicEntry && key.startsWith('src/') && !key.startsWith('src/locales/')) || LAYOUT_GROUPS.includes(manifest[key].name ?? ''),
);
const lazyRows = lazyKeys
  .map((key) => ({ key, ...sizesOf(manifest[key].file) }))
  .sort((a, b) => b.brotli - a.brotli)
  .map(({ key, raw, gzip, brotli }) => {
    const isOk = brotli <= LAZY_CHUNK_BUDGET_KIB * KIB;
    isOver ||= !isOk;
    return [key.replace(/^src\//, ''), kib(raw), kib(gzip), kib(brotli), LAZY_CHUNK_BUDGET_KIB, isOk ? 'ok' : 'OVER'];
  });
console.log(`\nLargest of ${lazyRows.length} lazy chunks: layouts, pages, drawers, dialogs (each chunk alone)\n`);
table(['lazy chunk', 'raw KiB', 'gzip KiB', 'brotli KiB', 'budget', 'ok'], lazyRows.slice(0, LARGEST_SHOWN));

if (notes.length > 0) console.log(`\n${notes.join('\n')}`);
console.log(isOver ? '\nBudgets exceeded.' : '\nAll budgets met.');
process.exit(isOver ? 1 : 0);
