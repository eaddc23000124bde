import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/** Below this size the headers outweigh what compression saves. */
const MIN_BYTES = 1024;
/** Already compressed files, and the compressed copies themselves. */
const SKIPPED = /\.(br|gz|png|jpe?g|gif|webp|avif|woff2?|zip)$/i;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** Writes `<file>.br` and `<file>.gz` beside `file` when each is smaller than the file itself. */
async function compressFile(file: string): Promise<void> {
  const bytes = await readFile(file);
  if (bytes.length < MIN_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
    gzipAsync(bytes, { level: 9 }),
  ]);
  await Promise.all([
    br.length < bytes.length ? writeFile(`${file}.br`, br) : undefined,
    gz.length < bytes.length ? writeFile(`${file}.gz`, gz) : undefined,
  ]);
}

/**
 * Writes a brotli (quality 11) and a gzip (level 9) copy beside every file of the build, named
 * `<file>.br` and `<file>.gz`: the server sends them as they are (@fastify/static's `preCompressed`),
 * so phones get the smallest bytes and the server compresses nothing per request.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'atrium-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // After the public folder's copy too: every file of dist/ is there.
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        // dist/.vite holds the build's manifest, read by scripts, never by a browser.
        const files = (await listFiles(outDir)).filter((file) => !SKIPPED.test(file) && !file.startsWith(join(outDir, '.vite')));
        await Promise.all(files.map(compressFile));
      },
    },
  };
}
