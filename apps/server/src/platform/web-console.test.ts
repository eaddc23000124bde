import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { COOKIE_NAMES, LANG_COOKIE_VALUES } from '@atrium/contract';
import { createTestApp, type TestApp } from '../test/app.js';
import { TEST_DIALECT } from '../test/database.js';
import { decodedBody } from '../test/encoded-body.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const ASSET = 'assets/app-abc123.js';

/** Text of `lines` varied lines, a few KiB: big enough to compress, varied enough that settings change the bytes. */
const filler = (lines: number, line: (index: number) => string) => Array.from({ length: lines }, (_, index) => line(index)).join('\n');

/**
 * Issue 19: the console's files as the build leaves them, with `<file>.br` and `<file>.gz` beside
 * each (apps/web/scripts/precompress.ts): the copies are sent as they are, with the original's type
 * and caching; index.html for a console path is compressed too.
 */
describe(`web console, precompressed (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let webDist: string;
  const index = `<!doctype html><html lang="en"><head><title>Atrium</title>\n${filler(40, (i) => `<link rel="modulepreload" href="/assets/chunk-${i}-${(i * 7919).toString(36)}.js">`)}\n</head><body><div id="root"></div></body></html>`;
  const script = filler(80, (i) => `export const value${i} = ${i * 31} + window.innerWidth * ${i % 7}; // chunk ${(i * 104729).toString(36)}`);
  const favicon = `<svg xmlns="http://www.w3.org/2000/svg">${filler(30, (i) => `<circle cx="${i}" cy="${i * 3}" r="${i % 5}"/>`)}</svg>`;
  const read = (file: string) => readFileSync(path.join(webDist, file));

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'atrium-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    for (const [file, text] of [
      ['index.html', index],
      [ASSET, script],
    ] as const) {
      writeFileSync(path.join(webDist, file), text);
      // As the build writes them: brotli 11, gzip 9 (not what the server would produce per request).
      writeFileSync(path.join(webDist, `${file}.br`), brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(path.join(webDist, `${file}.gz`), gzipSync(text, { level: 9 }));
      // So that equal bytes below prove the copy was sent rather than compressed again.
      expect(read(`${file}.br`).equals(brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }))).toBe(false);
      expect(read(`${file}.gz`).equals(gzipSync(text))).toBe(false);
    }
    // A file the build left without copies.
    writeFileSync(path.join(webDist, 'favicon.svg'), favicon);
    // The build's manifest, for the budget script only.
    mkdirSync(path.join(webDist, '.vite'));
    writeFileSync(path.join(webDist, '.vite', 'manifest.json'), '{"src/main.tsx":{"file":"assets/app-abc123.js"}}');
    t = await createTestApp({ config: { webDist } });
  });
  afterAll(async () => {
    await t.cleanup();
    rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) => t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it.each([
    ['br', 'br'],
    ['gzip', 'gz'],
  ])("sends a hashed asset's %s copy with the original's type, immutable", async (encoding, extension) => {
    const response = await get(`/${ASSET}`, encoding);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers.vary).toContain('accept-encoding');
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.rawPayload.equals(read(`${ASSET}.${extension}`))).toBe(true);
    expect(decodedBody(response)).toBe(script);
  });

  it('sends the asset itself without Accept-Encoding, saying it varies with it', async () => {
    const response = await get(`/${ASSET}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toContain('accept-encoding');
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.body).toBe(script);
  });

  it.each(['/', '/reserve', '/role-detail/3/users', '/assets/missing.js'])('answers the console path %s with index.html compressed as asked', async (url) => {
    for (const encoding of ['br', 'gzip']) {
      const response = await get(url, encoding);
      expect(response.statusCode, encoding).toBe(200);
      expect(response.headers['content-encoding'], encoding).toBe(encoding);
      expect(response.headers.vary, encoding).toContain('accept-encoding');
      expect(response.headers['content-type'], encoding).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control'], encoding).toBe('no-cache');
      expect(decodedBody(response), encoding).toBe(index);
    }
    const identity = await get(url);
    expect([identity.statusCode, identity.headers['content-encoding'], identity.body]).toEqual([200, undefined, index]);
    expect(identity.headers.vary).toContain('accept-encoding');
  });

  it('serves a .br or .gz copy asked by name as a plain file of its own type', async () => {
    for (const [extension, type] of [
      ['br', 'application/octet-stream'],
      ['gz', 'application/gzip'],
    ] as const) {
      const response = await get(`/${ASSET}.${extension}`, 'br, gzip');
      expect(response.statusCode, extension).toBe(200);
      expect(response.headers['content-encoding'], extension).toBeUndefined();
      expect(response.headers['content-type'], extension).toBe(type);
      expect(response.headers['cache-control'], extension).toBe(IMMUTABLE);
      expect(response.rawPayload.equals(read(`${ASSET}.${extension}`)), extension).toBe(true);
    }
  });

  it("does not serve the build's manifest", async () => {
    const response = await get('/.vite/manifest.json');
    expect(response.body).not.toContain('src/main.tsx');
  });

  it('compresses on the fly a file the build left without copies', async () => {
    const response = await get('/favicon.svg', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(decodedBody(response)).toBe(favicon);
  });
});

/**
 * The build's `.vite/preload.json` names the files each page's route and each language's texts
 * load; index.html gets them as `<link>` hints, so a browser fetches them beside the entry instead
 * of one round trip after it.
 */
describe(`web console, preload hints (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let webDist: string;
  const warnings: string[] = [];
  const index = '<!doctype html><html lang="en"><head><title>Atrium</title></head><body><div id="root"></div></body></html>';
  const LOGIN = ['/assets/login-page-AbC.js', '/assets/login-layout-XyZ.css', '/assets/icons-123.js'];
  const TEXTS = { 'en-US': '/assets/locale-en-US-core-Q1.js', 'zh-CN': '/assets/locale-zh-CN-core-Q2.js' };
  const SHELL = ['/assets/antd-A1.js', '/assets/shell-S1.js', '/assets/shell-S2.css'];
  const CONSOLE_TEXTS = { 'en-US': '/assets/locale-en-US-C1.js', 'zh-CN': '/assets/locale-zh-CN-C2.js' };
  const RESERVE = ['/assets/booking-page-B1.js', '/assets/booking-page-B2.css'];
  const session = `${COOKIE_NAMES.token}=some-session-token`;
  const preload = {
    pages: {
      // Beside the login page's own files: one elsewhere and one that would break out of the attribute.
      '/login': [...LOGIN, 'https://cdn.example.test/assets/evil.js', '/assets/x"onload="alert(1).js'],
      '/login-sso': ['/assets/login-sso-Def.js'],
    },
    texts: { 'en-US': [TEXTS['en-US']], 'zh-CN': [TEXTS['zh-CN']] },
    signedIn: {
      files: [...SHELL, 'https://cdn.example.test/assets/shell-evil.js'],
      texts: { 'en-US': [CONSOLE_TEXTS['en-US']], 'zh-CN': [CONSOLE_TEXTS['zh-CN']] },
      pages: { '/reserve': RESERVE },
    },
  };
  const preloadFile = () => path.join(webDist, '.vite', 'preload.json');
  const writePreload = (text: string) => writeFileSync(preloadFile(), text);
  const script = (href: string) => `<link rel="modulepreload" href="${href}">`;
  const style = (href: string) => `<link rel="preload" as="style" href="${href}">`;
  /** index.html as served with these links, each once, right before `</head>`. */
  const hinted = (...links: string[]) => index.replace('</head>', `${links.join('')}</head>`);
  const loginLinks = [script(LOGIN[0]!), style(LOGIN[1]!), script(LOGIN[2]!)];

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'atrium-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    mkdirSync(path.join(webDist, '.vite'));
    writeFileSync(path.join(webDist, 'index.html'), index);
    writePreload(JSON.stringify(preload));
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        warnings.push(chunk.toString());
        done();
      },
    });
    t = await createTestApp({ config: { webDist }, logger: { level: 'warn', stream } });
  });
  afterEach(() => writePreload(JSON.stringify(preload)));
  afterAll(async () => {
    await t.cleanup();
    rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it("hints the page's files and the language cookie's texts, whatever the query and Accept-Language", async () => {
    const response = await get('/login?next=%2Freserve', { cookie: `${COOKIE_NAMES.lang}=${LANG_COOKIE_VALUES['zh-CN']}`, 'accept-language': 'en-US' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(hinted(...loginLinks, script(TEXTS['zh-CN'])));
    expect(response.body).not.toContain(TEXTS['en-US']);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toBe('accept-encoding, cookie, accept-language');
  });

  it.each([
    ['zh-CN,zh;q=0.9', 'zh-CN'],
    ['en-GB', 'en-US'],
    ['fr-FR,zh;q=0.5', 'en-US'],
    [undefined, 'en-US'],
  ] as const)('without the cookie, Accept-Language %s starts the console in %s', async (acceptLanguage, lang) => {
    const response = await get('/login', acceptLanguage ? { 'accept-language': acceptLanguage } : {});
    expect(response.body).toBe(hinted(...loginLinks, script(TEXTS[lang])));
  });

  it("drops hrefs that are not the build's files", async () => {
    for (const [url, headers] of [['/login', {}], ['/reserve', { cookie: session }]] as const) {
      const { body } = await get(url, headers);
      expect(body, url).not.toContain('cdn.example.test');
      expect(body, url).not.toContain('onload');
    }
  });

  it.each(['/', '/reserve', '/login/'])('gives %s, a path without page files, only the texts', async (url) => {
    const response = await get(url, { cookie: `${COOKIE_NAMES.lang}=${LANG_COOKIE_VALUES['en-US']}` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(hinted(script(TEXTS['en-US'])));
    expect(response.headers.vary).toBe('accept-encoding, cookie, accept-language');
  });

  it("hints a visitor with a session the shell, the console's texts and the page's files on a signed-in page", async () => {
    const shellLinks = [script(SHELL[0]!), script(SHELL[1]!), style(SHELL[2]!)];
    const reserve = await get('/reserve?date=2026-11-30', { cookie: `${session}; ${COOKIE_NAMES.lang}=${LANG_COOKIE_VALUES['zh-CN']}` });
    expect(reserve.body).toBe(hinted(script(TEXTS['zh-CN']), ...shellLinks, script(CONSOLE_TEXTS['zh-CN']), script(RESERVE[0]!), style(RESERVE[1]!)));
    expect(reserve.headers.vary).toBe('accept-encoding, cookie, accept-language');
    // A signed-in page without files of its own, and the index that sends to the user's first page.
    for (const url of ['/directory', '/role-detail/7', '/']) {
      const { body } = await get(url, { cookie: session, 'accept-language': 'en-US' });
      expect(body, url).toBe(hinted(script(TEXTS['en-US']), ...shellLinks, script(CONSOLE_TEXTS['en-US'])));
    }
  });

  it('hints no shell on a public page or an unknown path, nor without a session', async () => {
    expect((await get('/login', { cookie: session })).body).toBe(hinted(...loginLinks, script(TEXTS['en-US'])));
    expect((await get('/no-such-page', { cookie: session })).body).toBe(hinted(script(TEXTS['en-US'])));
    expect((await get('/reserve', { cookie: `${COOKIE_NAMES.lang}=${LANG_COOKIE_VALUES['en-US']}` })).body).toBe(hinted(script(TEXTS['en-US'])));
  });

  it('serves index.html unchanged without preload.json (an older build)', async () => {
    rmSync(preloadFile());
    for (const url of ['/', '/login']) {
      const response = await get(url, { 'accept-language': 'zh-CN' });
      expect([response.statusCode, response.body], url).toEqual([200, index]);
      expect(response.headers.vary, url).toBe('accept-encoding');
    }
  });

  it('serves index.html unchanged for a malformed preload.json, warning once', async () => {
    warnings.length = 0;
    for (const text of ['{"pages": {"/login": [', '{"pages": {"/login": "/assets/a.js"}, "texts": {}}']) {
      writePreload(text);
      for (let i = 0; i < 2; i++) {
        const response = await get('/login');
        expect([response.statusCode, response.body]).toEqual([200, index]);
      }
    }
    expect(warnings.filter((line) => line.includes('preload.json'))).toHaveLength(2);
  });

  it('does not serve preload.json itself', async () => {
    const response = await get('/.vite/preload.json');
    expect(response.body).toBe(hinted(script(TEXTS['en-US'])));
    expect(response.body).not.toContain('login-page');
  });
});
