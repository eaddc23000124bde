import { describe, expect, it } from 'vitest';
import { HTTP_STATUS_OF, ReturnCode, clientReactionOf } from './returncodes.js';

describe('return codes', () => {
  it('maps every code to an HTTP status of its class', () => {
    for (const code of Object.values(ReturnCode)) expect(HTTP_STATUS_OF[code]).toBeGreaterThanOrEqual(200);
    expect(HTTP_STATUS_OF[ReturnCode.SESSION_INVALID]).toBe(401);
    expect(HTTP_STATUS_OF[ReturnCode.NO_PERMISSION]).toBe(403);
    expect(HTTP_STATUS_OF[ReturnCode.CONFLICT]).toBe(409);
    expect(HTTP_STATUS_OF[ReturnCode.PAYLOAD_TOO_LARGE]).toBe(413);
    expect(HTTP_STATUS_OF[ReturnCode.TOO_MANY_REQUESTS]).toBe(429);
  });

  it('gives the console the reactions of spec 000 section 8', () => {
    expect(clientReactionOf(200)).toBe('success');
    expect(clientReactionOf(1007)).toBe('success');
    expect(clientReactionOf(1004)).toBe('toast-5s');
    expect(clientReactionOf(1005)).toBe('toast');
    for (const silent of [1011, 1012, 1026, 1053]) expect(clientReactionOf(silent)).toBe('silent');
    expect(clientReactionOf(1014)).toBe('toast-reject');
    expect(clientReactionOf(500)).toBe('toast-reject');
    expect(clientReactionOf(2001)).toBe('sign-in');
    expect(clientReactionOf(1001)).toBe('toast-5s');
  });
});
