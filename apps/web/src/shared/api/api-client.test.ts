// @vitest-environment node
// Node's own fetch talks to a real local server; jsdom's AbortSignal is not accepted by it.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, isCancelled, trimStrings, type ApiClientOptions } from './api-client';
import { httpStatusKey } from './http-status';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let baseUrl: string;
let seen: Seen[] = [];

function envelope(res: ServerResponse, status: number, returncode: number, message: string, result: unknown = null) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ returncode, message, result }));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      switch (path) {
        case '/api/ok':
          return envelope(res, 200, 200, 'Success', { value: 42 });
        case '/api/ok-token':
          return envelope(res, 200, 1007, 'Success', 'token-result');
        case '/api/echo':
          return envelope(res, 200, 200, 'Success', JSON.parse(body || 'null'));
        case '/api/throttled':
          return envelope(res, 429, 1004, 'Too many requests', { retryAfterSeconds: 60 });
        case '/api/bad-title':
          return envelope(res, 400, 1001, 'Bad request: title', { issues: [{ path: 'title', message: 'Too big' }] });
        case '/api/refused':
          return envelope(res, 422, 1005, 'The new password must differ from the old one');
        case '/api/silent':
          return envelope(res, 400, 1011, 'Reserved');
        case '/api/forbidden':
          return envelope(res, 403, 1014, 'You have no permission for this operation');
        case '/api/crash':
          return envelope(res, 500, 500, 'Server internal error');
        case '/api/first-login':
          return envelope(res, 403, 1009, 'First login, please change password');
        case '/api/session':
          return envelope(res, 401, 2001, 'Unauthorised, please sign in');
        case '/api/bad-gateway':
          res.writeHead(502, { 'content-type': 'text/html' });
          return res.end('<html>bad gateway</html>');
        case '/api/teapot':
          res.writeHead(418);
          return res.end();
        case '/api/not-json':
          res.writeHead(200, { 'content-type': 'text/plain' });
          return res.end('hello');
        case '/api/slow':
          setTimeout(() => envelope(res, 200, 200, 'Success', 'late'), 300);
          return;
        default:
          return envelope(res, 404, 1002, 'Request address error');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen = [];
});

function makeClient(overrides: Partial<ApiClientOptions> = {}) {
  const notify = vi.fn<(text: string, seconds?: number) => void>();
  const onSessionInvalid = vi.fn<() => void>();
  const client = createApiClient({
    baseUrl,
    getLang: () => 'zh-CN',
    notify,
    onSessionInvalid,
    describeStatus: (status) => `status:${status}`,
    ...overrides,
  });
  return { client, notify, onSessionInvalid };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the request to fail');
}

describe('api client', () => {
  it('unwraps the result of a success and sends the lang header under /api', async () => {
    const { client, notify } = makeClient();
    await expect(client.get('/ok', { query: { page: 2, name: '  ada ', skip: undefined } })).resolves.toEqual({ value: 42 });
    expect(seen[0]!.url).toBe('/api/ok?page=2&name=ada');
    expect(seen[0]!.headers.lang).toBe('zh-CN');
    expect(notify).not.toHaveBeenCalled();
  });

  it("answers a success's message too, for the calls whose message the user reads", async () => {
    const { client } = makeClient();
    await expect(client.answer('GET', '/ok')).resolves.toEqual({ result: { value: 42 }, message: 'Success' });
  });

  it('sends extra headers such as an Idempotency-Key, never in place of its own', async () => {
    const { client } = makeClient();
    await client.post('/echo', { a: 1 }, { headers: { 'Idempotency-Key': 'attempt-1', lang: 'fr-FR' } });
    expect(seen[0]!.headers['idempotency-key']).toBe('attempt-1');
    expect(seen[0]!.headers.lang).toBe('zh-CN');
  });

  it('lets a form claim a failure it shows on its own fields: then no toast, else the one toast (issue 17)', async () => {
    const { client, notify } = makeClient();
    const claim = vi.fn((error: ApiError) => error.returncode === 1001);
    const claimed = await failure(client.post('/bad-title', { title: 'x' }, { claim }));
    expect([claimed.returncode, claimed.result]).toEqual([1001, { issues: [{ path: 'title', message: 'Too big' }] }]);
    expect(claim).toHaveBeenCalledWith(claimed);
    expect(notify).not.toHaveBeenCalled();
    // A failure the form does not claim is toasted once, as without a claim.
    await failure(client.post('/refused', {}, { claim }));
    expect(notify).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith('The new password must differ from the old one', undefined);
    // A network failure too: the form may show it, or leave it to the toast.
    await failure(client.get('/bad-gateway', { claim: () => true }));
    expect(notify).toHaveBeenCalledTimes(1);
  });

  it('treats 1007 as success', async () => {
    const { client } = makeClient();
    await expect(client.get('/ok-token')).resolves.toBe('token-result');
  });

  it('trims string fields of a body but leaves passwords as typed', async () => {
    const { client } = makeClient();
    const echoed = await client.post('/echo', { userName: '  admin ', password: ' secret ', nested: { note: ' x ' }, list: [' a '] });
    expect(echoed).toEqual({ userName: 'admin', password: ' secret ', nested: { note: 'x' }, list: ['a'] });
    expect(seen[0]!.headers['content-type']).toBe('application/json');
  });

  it('shows 1004 for five seconds and rejects with the result', async () => {
    const { client, notify } = makeClient();
    const error = await failure(client.post('/throttled', {}));
    expect(error.returncode).toBe(1004);
    expect(error.kind).toBe('toast-5s');
    expect(error.result).toEqual({ retryAfterSeconds: 60 });
    expect(notify).toHaveBeenCalledWith('Too many requests', 5);
  });

  it('shows 1005 with the default duration', async () => {
    const { client, notify } = makeClient();
    const error = await failure(client.post('/refused', {}));
    expect(error.message).toBe('The new password must differ from the old one');
    expect(notify).toHaveBeenCalledWith('The new password must differ from the old one', undefined);
  });

  it('rejects silently on the reserved codes', async () => {
    const { client, notify } = makeClient();
    const error = await failure(client.get('/silent'));
    expect(error.kind).toBe('silent');
    expect(notify).not.toHaveBeenCalled();
  });

  it('shows and rejects 1014 and 500', async () => {
    const { client, notify } = makeClient();
    expect((await failure(client.get('/forbidden'))).kind).toBe('toast-reject');
    expect((await failure(client.get('/crash'))).kind).toBe('toast-reject');
    expect(notify).toHaveBeenCalledTimes(2);
  });

  it('shows any other code for five seconds', async () => {
    const { client, notify } = makeClient();
    const error = await failure(client.get('/first-login'));
    expect(error.returncode).toBe(1009);
    expect(notify).toHaveBeenCalledWith('First login, please change password', 5);
  });

  it('sends the user to sign in on 2001 without a message', async () => {
    const { client, notify, onSessionInvalid } = makeClient();
    const error = await failure(client.get('/session'));
    expect(error.kind).toBe('sign-in');
    expect(error.status).toBe(401);
    expect(onSessionInvalid).toHaveBeenCalledTimes(1);
    expect(notify).not.toHaveBeenCalled();
  });

  it('maps HTTP failures without an envelope to the status message', async () => {
    const { client, notify } = makeClient();
    const error = await failure(client.get('/bad-gateway'));
    expect(error).toMatchObject({ kind: 'http', status: 502, message: 'status:502' });
    expect((await failure(client.get('/teapot'))).message).toBe('status:418');
    expect((await failure(client.get('/not-json'))).message).toBe('status:0');
    expect(notify).toHaveBeenCalledTimes(3);
  });

  it('lets a form show the message itself', async () => {
    const { client, notify } = makeClient();
    const error = await failure(client.post('/refused', {}, { notify: false }));
    expect(error.message).toBe('The new password must differ from the old one');
    expect(notify).not.toHaveBeenCalled();
  });

  it('times out with the 408 message', async () => {
    const { client, notify } = makeClient({ timeoutMs: 50 });
    const error = await failure(client.get('/slow'));
    expect(error.kind).toBe('timeout');
    expect(notify).toHaveBeenCalledWith('status:408', 5);
  });

  it('ignores a request the caller cancelled', async () => {
    const { client, notify } = makeClient();
    const controller = new AbortController();
    const pending = client.get('/slow', { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const error = await failure(pending);
    expect(isCancelled(error)).toBe(true);
    expect(notify).not.toHaveBeenCalled();
  });

  it('reports an unreachable server as a request exception', async () => {
    const { client, notify } = makeClient({ baseUrl: 'http://127.0.0.1:1' });
    const error = await failure(client.get('/ok'));
    expect(error.kind).toBe('network');
    expect(notify).toHaveBeenCalledWith('status:0', 5);
  });
});

describe('api client: the front-end log', () => {
  it('tells of network errors and server errors, never of refusals or cancelled requests', async () => {
    const onRequestFailure = vi.fn<(method: string, path: string, status: number) => void>();
    const { client } = makeClient({ onRequestFailure });
    await failure(client.get('/crash'));
    await failure(client.get('/bad-gateway', { query: { token: 'secret' } }));
    await failure(client.get('/refused'));
    await failure(client.get('/forbidden'));
    const controller = new AbortController();
    const pending = client.get('/slow', { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await failure(pending);
    expect(onRequestFailure.mock.calls).toEqual([
      ['GET', '/crash', 500],
      ['GET', '/bad-gateway', 502],
    ]);
    const offline = makeClient({ baseUrl: 'http://127.0.0.1:1', onRequestFailure });
    await failure(offline.client.post('/ok', {}));
    expect(onRequestFailure).toHaveBeenLastCalledWith('POST', '/ok', 0);
  });
});

describe('trimStrings', () => {
  it('keeps non-plain values untouched', () => {
    const date = new Date(0);
    expect(trimStrings({ when: date, n: 1, b: true, none: null })).toEqual({ when: date, n: 1, b: true, none: null });
    expect(trimStrings(' top ')).toBe('top');
  });
});

describe('httpStatusKey', () => {
  it('names the spec statuses and falls back to the request exception', () => {
    expect(httpStatusKey(504)).toBe('errors.http.504');
    expect(httpStatusKey(505)).toBe('errors.http.505');
    expect(httpStatusKey(418)).toBe('errors.requestFailed');
    expect(httpStatusKey(0)).toBe('errors.requestFailed');
  });
});
