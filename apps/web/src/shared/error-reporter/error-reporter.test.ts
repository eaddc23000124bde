import type { FrontendLogReportEntry } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { createErrorReporter } from './error-reporter';

function harness(path = '/reserve') {
  const sent: FrontendLogReportEntry[][] = [];
  const timers: Array<() => void> = [];
  let status = 200;
  let clock = 1_000_000;
  const reporter = createErrorReporter({
    send: async (entries) => {
      sent.push(entries);
      return status === 429 ? { status, retryAfterSeconds: 60 } : { status };
    },
    currentPath: () => path,
    now: () => clock,
    schedule: (run) => timers.push(run),
  });
  const runTimers = async () => {
    for (const run of timers.splice(0)) run();
    await reporter.flush();
  };
  return {
    reporter,
    sent,
    timers,
    runTimers,
    setStatus: (value: number) => (status = value),
    advance: (ms: number) => (clock += ms),
    setPath: (value: string) => (path = value),
  };
}

describe('error reporter', () => {
  it('batches captures into one report after the delay, folding repeats into a count', async () => {
    const h = harness();
    h.reporter.capture('error', 'TypeError: x is undefined', 'at a.js:1');
    h.reporter.capture('error', 'TypeError: x is undefined', 'at a.js:1');
    h.reporter.capture('rejection', 'Error: later');
    expect(h.sent).toHaveLength(0);
    expect(h.timers).toHaveLength(1);
    await h.runTimers();
    expect(h.sent).toHaveLength(1);
    expect(h.sent[0]).toEqual([
      expect.objectContaining({ kind: 'error', page: '/reserve', message: 'TypeError: x is undefined', count: 2, stack: 'at a.js:1' }),
      expect.objectContaining({ kind: 'rejection', message: 'Error: later', count: 1 }),
    ]);
  });

  it('strips query strings, secret path segments and token-like text before anything leaves the browser', async () => {
    const secret = 'Zq8xV3nR7tK2pL9mW4sY6bC1dF5gH0jA';
    const h = harness(`/single/${secret}`);
    h.reporter.capture('request', `GET https://atrium.test/api/x?token=${secret}&page=2 failed`, `at https://atrium.test/reset/${secret}/chunk.js:1:1`);
    h.setPath(`/activate/${secret}`);
    h.reporter.capture('error', `password=hunter2 Authorization: Bearer ${secret}`);
    h.setPath(`/air-board/${secret}`);
    h.reporter.capture('error', `cookie: atrium_session=${secret}`);
    await h.runTimers();
    const text = JSON.stringify(h.sent);
    expect(text).not.toContain(secret);
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('page=2');
    expect(h.sent[0]!.map((entry) => entry.page)).toEqual(['/single/[redacted]', '/activate/[redacted]', '/air-board/[redacted]']);
  });

  it('sends at most 20 entries a report, and pauses after a 429 for the wait it names', async () => {
    const h = harness();
    for (let i = 0; i < 30; i++) h.reporter.capture('error', `failure ${i}`);
    await h.runTimers();
    expect(h.sent[0]).toHaveLength(20);
    h.setStatus(429);
    h.reporter.capture('error', 'one');
    await h.runTimers();
    expect(h.sent).toHaveLength(2);
    h.reporter.capture('error', 'two');
    await h.runTimers();
    expect(h.sent).toHaveLength(2);
    h.advance(61_000);
    h.setStatus(200);
    h.reporter.capture('error', 'three');
    await h.runTimers();
    expect(h.sent.at(-1)!.map((entry) => entry.message)).toEqual(['three']);
  });

  it('drops a report whose sending fails, without throwing', async () => {
    const reporter = createErrorReporter({ send: () => Promise.reject(new Error('offline')), currentPath: () => '/', schedule: () => undefined });
    reporter.captureThrown('error', new RangeError('bad'));
    await expect(reporter.flush()).resolves.toBeUndefined();
  });
});
