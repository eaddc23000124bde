import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createPreloadHints, insertPreloadLinks } from './preload-hints.js';

/** Hashed build output never changes under its name; everything else is revalidated. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Where the build's hashed, immutable files are served (Vite's `assets` directory). */
export const ASSETS_PATH = '/assets/';
const REVALIDATE = 'no-cache';

const NOT_BUILT_PAGE = [
  'Atrium is running, but the web console has not been built.',
  '',
  'Run `npm run build` in the repository root, then start the server again.',
  'The API answers under /api; its documentation is at /api/docs.',
  '',
].join('\n');

export interface WebConsole {
  /** Answers a console path that is not a file: index.html, so the browser router takes over. */
  sendIndex(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

/** How console pages are declared in the public scope: no access check, not in the API document. */
const CONSOLE_PAGE = { config: { access: 'public' as const }, schema: { hide: true } };

/**
 * Serves the built console from `webDist` at `/`, inside a scope whose routes are public.
 * Without a build, `/` explains how to make one.
 */
export async function registerWebConsole(scope: FastifyInstance, webDist: string): Promise<WebConsole> {
  const indexFile = path.join(webDist, 'index.html');
  const webConsole = existsSync(indexFile) ? await serveBuild(scope, webDist, indexFile) : notBuilt();
  // `/` is index.html like any other console path, so it gets the same preload hints.
  scope.get('/', CONSOLE_PAGE, (request, reply) => webConsole.sendIndex(request, reply));
  return webConsole;
}

/** `/` tells how to build the console; other console paths are not found. */
function notBuilt(): WebConsole {
  return {
    sendIndex: async (request, reply) =>
      reply
        .code(request.url === '/' ? 200 : 404)
        .type('text/plain; charset=utf-8')
        .header('cache-control', REVALIDATE)
        .send(NOT_BUILT_PAGE),
  };
}

/** Serves the build's files, and index.html with preload hints for every console path. */
async function serveBuild(scope: FastifyInstance, webDist: string, indexFile: string): Promise<WebConsole> {
  const assetsDir = path.join(webDist, 'assets') + path.sep;
  await scope.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    wildcard: true,
    // `/` is not answered with index.html as a file but by sendIndex, which adds the request's preload hints.
    index: false,
    cacheControl: false,
    // The build writes `<file>.br` and `<file>.gz` beside each file worth it: sent as they are, with
    // the original's type and `Vary: accept-encoding`; a file without them is compressed on the fly
    // (platform/compression.ts). Asked by their own name they are plain files of their own type.
    preCompressed: true,
    // dist/.vite holds the build's manifest (chunk names, for apps/web/scripts/check-budgets.mjs) and
    // preload.json (read by sendIndex): no page's business.
    allowedPath: (pathName) => !pathName.startsWith('/.vite/'),
    setHeaders(reply, filePath) {
      // filePath is the file sent: `assets/x.js.br` is as immutable as `assets/x.js`.
      reply.header('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
    },
  });
  const preloadHints = createPreloadHints(path.join(webDist, '.vite', 'preload.json'), scope.log);

  return {
    async sendIndex(request, reply) {
      // Read on each call so a rebuilt console is served without a restart. Console paths reach this
      // through `/` or the static route's miss (callNotFound keeps that route's onSend hooks), so the
      // page is compressed like any answer; it varies with Accept-Encoding even when this one is identity.
      const [html, hints] = await Promise.all([readFile(indexFile, 'utf8'), preloadHints(request)]);
      return reply
        .code(200)
        .type('text/html; charset=utf-8')
        .header('cache-control', REVALIDATE)
        .header('vary', hints.variesWithVisitor ? 'accept-encoding, cookie, accept-language' : 'accept-encoding')
        .send(insertPreloadLinks(html, hints.links));
    },
  };
}
