import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COOKIE_NAMES } from '@atrium/contract';
import { sha256Hex } from './digest.js';

/** A new session token: 256 random bits, base64url. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database stores instead of the token: its SHA-256, hex. */
export function hashSessionToken(token: string): string {
  return sha256Hex(token);
}

/**
 * The session cookie: HttpOnly so scripts never read it, SameSite=Strict so other sites never send
 * it, Secure when the request came over HTTPS (directly or, with TRUST_PROXY, through a proxy).
 */
export function setSessionCookie(reply: FastifyReply, request: FastifyRequest, token: string, maxAgeSeconds: number) {
  reply.setCookie(COOKIE_NAMES.token, token, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure: request.protocol === 'https',
    maxAge: maxAgeSeconds,
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(COOKIE_NAMES.token, { httpOnly: true, sameSite: 'strict', path: '/' });
}
