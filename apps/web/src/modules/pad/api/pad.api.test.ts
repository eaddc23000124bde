import { DEVICE_TOKEN_HEADER } from '@atrium/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listenToPad } from './pad.api';

afterEach(() => vi.restoreAllMocks());

/** A response whose body plays the given chunks of a server-sent event stream, then ends. */
function eventStream(chunks: string[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

describe('listenToPad', () => {
  it("reads the display's stream with its token and calls back on ready, rooms and broadcast events, not on heartbeats", async () => {
    const calls: Array<{ url: string; headers: Record<string, string> }> = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      calls.push({ url: String(input), headers: (init?.headers ?? {}) as Record<string, string> });
      // Events split across chunks, as a network delivers them.
      return eventStream(['event: ready\ndata: {}\n\n: heartbeat\n\nevent: ro', 'oms\ndata: {"roomIds":[7],"reason":"booking"}\n\nevent: broad', 'cast\ndata: {}\n\n']);
    });
    const onChange = vi.fn();
    const stop = listenToPad('secret-token', onChange);
    await vi.waitFor(() => expect(onChange).toHaveBeenCalledTimes(3));
    stop();
    expect(onChange.mock.calls.map(([event]) => event)).toEqual(['ready', 'rooms', 'broadcast']);
    expect(calls[0]).toEqual({ url: '/api/device/pad/stream', headers: { [DEVICE_TOKEN_HEADER]: 'secret-token' } });
  });

  it('connects again after the stream ends', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const fetched = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => eventStream(['event: ready\ndata: {}\n\n']));
      const onChange = vi.fn();
      const stop = listenToPad('secret-token', onChange);
      await vi.waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
      expect(fetched).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(2_000);
      await vi.waitFor(() => expect(onChange).toHaveBeenCalledTimes(2));
      expect(fetched).toHaveBeenCalledTimes(2);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
