import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';

/** An answer's body as the client reads it once its Content-Encoding (none, br or gzip) is undone. */
export function decodedBody(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === undefined) return response.rawPayload.toString('utf8');
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8');
  throw new Error(`unexpected content-encoding ${String(encoding)}`);
}
