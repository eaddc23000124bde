import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { createSubmissionKey, isUnanswered, randomKey } from './submission-key';

const noAnswer = () => new ApiError('Network error', undefined, 0, 'network');
const clash = () => new ApiError('The room is taken', 1003, 409, 'toast-5s', { reservationId: 9 });
const stillRunning = () => new ApiError('The same request is still being processed', 1003, 409, 'toast-5s', { retryAfterSeconds: 1 });

describe('submission keys (Idempotency-Key per submission attempt)', () => {
  it('makes 128-bit random hex keys', () => {
    expect(randomKey()).toMatch(/^[0-9a-f]{32}$/);
    expect(randomKey()).not.toBe(randomKey());
  });

  it('sends the same key again when the same request got no answer, and a new one after an answer', async () => {
    let made = 0;
    const submission = createSubmissionKey(() => `key-${++made}`);
    const sent: string[] = [];
    const attempt = (request: unknown, outcome: () => unknown) =>
      submission.send(request, async (key) => {
        sent.push(key);
        const result = outcome();
        if (result instanceof Error) throw result;
        return result;
      }).catch(() => undefined);
    const body = { roomId: 7, title: 'Sync' };
    await attempt(body, noAnswer);
    await attempt({ ...body }, noAnswer);
    await attempt(body, stillRunning);
    await attempt(body, () => 'booked');
    expect(sent).toEqual(['key-1', 'key-1', 'key-1', 'key-1']);
    // Saved: pressing Save again is a new attempt; so is any final refusal.
    await attempt(body, clash);
    await attempt(body, clash);
    expect(sent.slice(4)).toEqual(['key-2', 'key-3']);
    // A changed request is a new attempt even after no answer.
    await attempt(body, noAnswer);
    await attempt({ ...body, title: 'Sync 2' }, () => 'booked');
    expect(sent.slice(6)).toEqual(['key-4', 'key-5']);
  });

  it('counts no answer, a page without an envelope, a 5xx and a request still running as unanswered', () => {
    expect(isUnanswered(noAnswer())).toBe(true);
    expect(isUnanswered(new ApiError('Timed out', undefined, 0, 'timeout'))).toBe(true);
    expect(isUnanswered(new ApiError('Bad gateway', undefined, 502, 'http'))).toBe(true);
    expect(isUnanswered(new ApiError('Server internal error', 500, 500, 'toast-reject'))).toBe(true);
    expect(isUnanswered(stillRunning())).toBe(true);
    expect(isUnanswered(clash())).toBe(false);
    expect(isUnanswered(new ApiError('Refused', 1005, 422, 'toast'))).toBe(false);
    expect(isUnanswered(new Error('bug'))).toBe(false);
  });
});
