import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, formatMessage, ReturnCode } from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../test/app.js';
import { TEST_DIALECT } from '../test/database.js';
import { snapshotData } from '../test/snapshot.js';
import { MULTIPART_HEADERS, multipartForm } from '../test/uploads.js';

/**
 * Issue 16, finding 3: a multipart request the parser cannot read answered 500 and logged an error.
 * Every upload route now answers 400/1001 with its own message, logs at most a warn line, and keeps
 * nothing.
 */

/** A well-formed form for a route: an image with its field for the uploads, a CSV for the import. */
function wellFormed(url: string): Buffer {
  if (url === '/api/user/import') {
    return multipartForm({}, { name: 'people.csv', contentType: 'text/csv', content: Buffer.from('userName,email,firstName,lastName\nbroken.form,broken.form@multipart.test,Broken,Form\n') });
  }
  if (url === '/api/deviceTheme/uploadThemeImage') return multipartForm({ imageType: '0' }, { name: 'logo.png' });
  return multipartForm(url === '/api/upload' ? { kind: 'image' } : {}, { name: 'logo.png' });
}

/** The malformed forms of the brief, each with its content type. */
function malformed(url: string): Array<{ label: string; contentType: string; payload: Buffer }> {
  const body = wellFormed(url);
  const closing = body.lastIndexOf('\r\n--X--');
  return [
    { label: 'no boundary', contentType: 'multipart/form-data', payload: body },
    { label: 'truncated body', contentType: MULTIPART_HEADERS['content-type'], payload: body.subarray(0, closing - 20) },
    { label: 'a part without its closing boundary', contentType: MULTIPART_HEADERS['content-type'], payload: body.subarray(0, closing) },
    { label: 'garbage instead of multipart', contentType: MULTIPART_HEADERS['content-type'], payload: Buffer.from('\u0089PNG this is not a form at all \r\n\r\n-- X -- \u0000\u00ff', 'latin1') },
  ];
}

const UPLOAD_ROUTES = ['/api/upload', '/api/user/import', '/api/deviceTheme/uploadThemeImage', '/api/broadcast/image-upload'];

describe(`malformed multipart requests (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let token: string;
  const logLines: Array<{ level: number; msg: string }> = [];

  beforeAll(async () => {
    t = await createTestApp({
      logger: {
        level: 'info',
        stream: new Writable({
          write(chunk, _encoding, done) {
            for (const line of String(chunk).split('\n').filter(Boolean)) logLines.push(JSON.parse(line) as { level: number; msg: string });
            done();
          },
        }),
      },
    });
    const company = await t.factories.company({ name: 'Multipart Co' });
    await t.factories.role(company.id, [], { name: 'Staff', isDefault: true });
    token = await t.factories.session(await t.factories.user(company.id, { permissions: ALL_PERMISSIONS }));
  });
  afterAll(() => t.cleanup());

  it('answers 400/1001 to each malformed form on every upload route, logs at most a warn line, and keeps nothing', async () => {
    const before = await snapshotData(t);
    for (const url of UPLOAD_ROUTES) {
      for (const { label, contentType, payload } of malformed(url)) {
        for (const lang of ['en-US', 'zh-CN'] as const) {
          logLines.length = 0;
          const answer = await call(t.app, { method: 'POST', url, headers: { token, lang, 'content-type': contentType }, payload });
          expect([answer.status, answer.body.returncode, answer.body.message], `${url}: ${label}`).toEqual([400, ReturnCode.BAD_REQUEST, formatMessage('malformedMultipart', lang)]);
          // pino levels: 40 warn, 50 error.
          expect(logLines.filter((line) => line.level >= 50), `${url}: ${label}`).toEqual([]);
          expect(logLines.filter((line) => line.level === 40).length, `${url}: ${label}`).toBeLessThanOrEqual(1);
        }
      }
    }
    expect(await snapshotData(t)).toEqual(before);
  });

  it('still takes the well-formed form on every upload route', async () => {
    for (const url of UPLOAD_ROUTES) {
      const answer = await call(t.app, { method: 'POST', url, headers: { token, ...MULTIPART_HEADERS }, payload: wellFormed(url) });
      expect(answer.status, `${url}: ${answer.body.message}`).toBe(200);
    }
  });

  it('reads every multipart request through platform/multipart.ts, so no route parses one by itself', () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const sources = (directory: string): string[] =>
      readdirSync(directory).flatMap((name) => {
        const full = path.join(directory, name);
        if (statSync(full).isDirectory()) return sources(full);
        return full.endsWith('.ts') && !full.endsWith('.test.ts') ? [full] : [];
      });
    const readers = sources(root).filter((file) => /\.(parts|file|files|saveRequestFiles)\(/.test(readFileSync(file, 'utf8')) && /request\.(parts|file|files|saveRequestFiles)\(/.test(readFileSync(file, 'utf8')));
    expect(readers.map((file) => path.relative(root, file))).toEqual([path.join('platform', 'multipart.ts')]);
  });
});
