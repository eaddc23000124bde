import { readFile, stat } from 'node:fs/promises';
import { COOKIE_NAMES, isSignedInPagePath, startingLang, type Lang } from '@atrium/contract';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { z } from 'zod';

const filesByKey = z.record(z.string(), z.array(z.string()));

/**
 * `.vite/preload.json` as the web build writes it: the files each console page's route loads, and
 * the files holding each language's texts, as absolute URL paths; under `signedIn` (absent from
 * older builds), what a visitor with a session loads on a signed-in page: the shell's files, the
 * console's texts by language and some pages' own files.
 */
const preloadFileSchema = z.object({
  pages: filesByKey,
  texts: filesByKey,
  signedIn: z.object({ files: z.array(z.string()), texts: filesByKey, pages: filesByKey }).optional(),
});

/**
 * A built script or stylesheet whose path can sit in a double-quoted attribute as it is. The file
 * is the build's own, so this is defence in depth: nothing else ever reaches the page.
 */
const SAFE_HREF = /^\/assets\/[^"<>\s]+\.(?:js|css)$/u;

/** preload.json once read: safe hrefs only, looked up by page path and by language. */
interface PreloadManifest {
  pages: Map<string, string[]>;
  texts: Map<string, string[]>;
  signedIn: { files: string[]; texts: Map<string, string[]>; pages: Map<string, string[]> } | undefined;
  /**
   * Some language has texts to hint, or a session has files: index.html differs with the cookies
   * (language, session) and Accept-Language.
   */
  variesWithVisitor: boolean;
}

/** What one index.html answer gets. */
export interface PreloadHints {
  /** `<link>` tags to insert before `</head>`; empty when there is nothing to hint. */
  links: string;
  /** The links depend on the visitor's language or session: the answer must say it varies with cookie and Accept-Language. */
  variesWithVisitor: boolean;
}

const NO_HINTS: PreloadHints = { links: '', variesWithVisitor: false };

/**
 * Hints for the files the browser would otherwise find one round trip after another: the entry,
 * then the page's lazy chunk and the language's texts. preload.json is read again whenever it
 * changes (a rebuilt console needs no restart); missing or malformed, it means no hints, and a
 * malformed one is logged once per version of the file.
 */
export function createPreloadHints(file: string, log: FastifyBaseLogger): (request: FastifyRequest) => Promise<PreloadHints> {
  let cached: { version: string; manifest: PreloadManifest | undefined } | undefined;
  return async (request) => {
    const version = await fileVersion(file);
    if (version === undefined) return NO_HINTS;
    if (cached?.version !== version) cached = { version, manifest: await loadManifest(file, log) };
    return cached.manifest ? hintsFor(cached.manifest, request) : NO_HINTS;
  };
}

/** `html` with `links` right before `</head>`, where the browser reads them before any script runs. */
export function insertPreloadLinks(html: string, links: string): string {
  const headEnd = html.indexOf('</head>');
  return links && headEnd >= 0 ? html.slice(0, headEnd) + links + html.slice(headEnd) : html;
}

/** Modification time and size, which a rebuild changes; undefined when the file is absent (an older build). */
async function fileVersion(file: string): Promise<string | undefined> {
  try {
    const { mtimeMs, size } = await stat(file);
    return `${mtimeMs}:${size}`;
  } catch {
    return undefined;
  }
}

/** The manifest, or undefined (with a warning) when the file cannot be read or is not of the build's shape. */
async function loadManifest(file: string, log: FastifyBaseLogger): Promise<PreloadManifest | undefined> {
  try {
    const { pages, texts, signedIn } = preloadFileSchema.parse(JSON.parse(await readFile(file, 'utf8')));
    const safeTexts = safeHrefs(texts);
    const safeSignedIn = signedIn && {
      files: safeList(signedIn.files),
      texts: safeHrefs(signedIn.texts),
      pages: safeHrefs(signedIn.pages),
    };
    return {
      pages: safeHrefs(pages),
      texts: safeTexts,
      signedIn: safeSignedIn,
      variesWithVisitor: [...safeTexts.values()].some((hrefs) => hrefs.length > 0) || safeSignedIn !== undefined,
    };
  } catch (error) {
    log.warn({ err: error, file }, 'The console build has an unreadable preload.json: index.html is served without preload hints');
    return undefined;
  }
}

/** Drops hrefs that are not built scripts or stylesheets, once per version rather than per request. */
function safeList(hrefs: string[]): string[] {
  return hrefs.filter((href) => SAFE_HREF.test(href));
}

/** safeList for each key's hrefs. */
function safeHrefs(entries: Record<string, string[]>): Map<string, string[]> {
  return new Map(Object.entries(entries).map(([key, hrefs]) => [key, safeList(hrefs)]));
}

/**
 * The page's files (its path without the query, exactly as the build names routes) and its language's
 * texts, each once; on a signed-in page, to a visitor with a session cookie, the shell's files, the
 * console's texts and the page's own files too. The cookie is not checked here: an expired one costs
 * files the sign-in page does not run, which the browser keeps for the next session.
 */
function hintsFor(manifest: PreloadManifest, request: FastifyRequest): PreloadHints {
  const pathname = request.url.split('?')[0] ?? '/';
  const lang = consoleLang(request);
  const { signedIn } = manifest;
  const withSession = signedIn && request.cookies[COOKIE_NAMES.token] && isSignedInPagePath(pathname);
  const hrefs = new Set([
    ...(manifest.pages.get(pathname) ?? []),
    ...(manifest.texts.get(lang) ?? []),
    ...(withSession ? [...signedIn.files, ...(signedIn.texts.get(lang) ?? []), ...(signedIn.pages.get(pathname) ?? [])] : []),
  ]);
  return { links: [...hrefs].map(linkTag).join(''), variesWithVisitor: manifest.variesWithVisitor };
}

/**
 * The language the console will start in, decided by the contract's rule as the browser decides it: the
 * language cookie, else the browser's first language, which is the first entry of Accept-Language.
 */
function consoleLang(request: FastifyRequest): Lang {
  return startingLang(request.cookies[COOKIE_NAMES.lang], request.headers['accept-language']?.split(',')[0]);
}

/** Scripts are fetched and parsed as modules ahead of use; stylesheets only fetched. */
function linkTag(href: string): string {
  return href.endsWith('.css') ? `<link rel="preload" as="style" href="${href}">` : `<link rel="modulepreload" href="${href}">`;
}
