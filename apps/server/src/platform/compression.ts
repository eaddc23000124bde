import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Bytes below which an answer leaves as it is: headers and a compressor's start outweigh what it would save. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * Brotli's quality for answers compressed per request: on a 70 KB board 4 writes less than gzip's
 * default in about the same time, where 11 takes some 200 times longer (the console's files get 11
 * once, from the build).
 */
const BROTLI_QUALITY = 4;

/**
 * Types compressed on the fly: JSON, XML and text except event streams; for other types mime-db's
 * compressible flag decides (JavaScript, CSS, SVG yes; PNG, PDF, xlsx, zip, gzip no). Unlike the
 * plugin's default, application/octet-stream is not compressed: here it is bytes already compressed
 * (a console file's `.br` copy asked by name) or of an unknown kind.
 */
const COMPRESSIBLE_TYPES = /^text\/(?!event-stream)|[/+](?:json|xml)(?:;|$)/u;

/**
 * Compresses answers with brotli or gzip, as the request's Accept-Encoding prefers (brotli on a tie),
 * and adds `Vary: accept-encoding` to those it compresses. The plugin hooks each route as it is
 * added (onRoute), so this runs before any route is registered, and after installIdempotency: that
 * stores a route's answer from the last onSend hook it finds, and a stored answer must be the JSON,
 * not one request's compressed bytes (each replay is compressed for its own request).
 *
 * What is left alone: answers under COMPRESSION_THRESHOLD (the threshold check is the only work they
 * pay for, after the Accept-Encoding negotiation); requests without Accept-Encoding (app.inject's);
 * server-sent event streams (hijacked, written to the socket by the live hub, never through onSend);
 * answers already encoded (the console's precompressed files, platform/web-console.ts). Large answers
 * that leave as a Buffer (platform/envelope.ts answerPayload) are compressed like strings. Request
 * bodies are not decompressed: no client of ours compresses them, and the plugin's decompression
 * would add a hook to every route and answer 415 to a Content-Encoding it does not know.
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    customTypes: COMPRESSIBLE_TYPES,
    globalDecompression: false,
  });
}
