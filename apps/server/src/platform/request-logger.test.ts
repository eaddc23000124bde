import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { TEST_DIALECT } from '../test/database.js';

/** An app logging at `level` into an array of parsed lines. */
async function appLoggingAt(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  const t = await createTestApp({
    logger: { level, stream },
    beforeReady(app) {
      app.get('/api/test/warns', { config: { access: 'public' } }, async (request) => {
        request.log.warn({ body: { password: 'secret-password' }, detail: 'kept' }, 'something odd');
        return { ok: true };
      });
    },
  });
  return { t, lines };
}

describe(`request loggers made on first use (${TEST_DIALECT})`, () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    await t?.cleanup();
    t = undefined;
  });

  it('makes no child logger for requests that log nothing at the level the server logs', async () => {
    const app = await appLoggingAt('warn');
    t = app.t;
    const child = vi.spyOn(t.app.log, 'child');
    for (let i = 0; i < 5; i++) expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect(child).not.toHaveBeenCalled();
    expect(app.lines).toEqual([]);
  });

  it("writes a request's lines through its real child: request id, redaction, level", async () => {
    const app = await appLoggingAt('warn');
    t = app.t;
    const response = await t.app.inject({ method: 'GET', url: '/api/test/warns' });
    expect(app.lines).toHaveLength(1);
    expect(app.lines[0]).toMatchObject({ level: 40, reqId: response.headers['x-request-id'], msg: 'something odd', detail: 'kept', body: { password: '[redacted]' } });
  });

  it('logs every request at info, each line with its request id', async () => {
    const app = await appLoggingAt('info');
    t = app.t;
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const ours = app.lines.filter((line) => line.reqId === response.headers['x-request-id']).map((line) => line.msg);
    expect(ours).toEqual(['incoming request', 'request completed']);
  });
});
