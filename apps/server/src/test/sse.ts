/** Reading server-sent event streams in tests, over real HTTP. */

export interface StreamEvent {
  event: string;
  data: unknown;
}

/** Reads a server-sent event stream over real HTTP, event by event. */
export async function openStream(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let ended = false;
  const comments: string[] = [];
  // One read at a time: a read left waiting after a timeout is the one the next call waits on.
  let pending: Promise<boolean> | null = null;
  function read(): Promise<boolean> {
    pending ??= reader.read().then(
      ({ value, done }) => {
        pending = null;
        if (done) {
          ended = true;
          return false;
        }
        buffer += decoder.decode(value, { stream: true });
        return true;
      },
      () => {
        pending = null;
        ended = true;
        return false;
      },
    );
    return pending;
  }
  function take(): StreamEvent | undefined {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end < 0) return undefined;
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const lines = block.split('\n');
      for (const line of lines) if (line.startsWith(':')) comments.push(line);
      const event = lines.find((line) => line.startsWith('event: '))?.slice(7);
      const data = lines.find((line) => line.startsWith('data: '))?.slice(6);
      if (event) return { event, data: data ? JSON.parse(data) : null };
    }
  }
  return {
    response,
    comments,
    /** The next event, or null when the stream ends first; fails after `timeoutMs`. */
    async next(timeoutMs = 5000): Promise<StreamEvent | null> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const event = take();
        if (event) return event;
        if (ended) return null;
        const remaining = deadline - Date.now();
        if (remaining <= 0) throw new Error('no event in time');
        let timer: NodeJS.Timeout | undefined;
        const more = await Promise.race([read(), new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), remaining)))]);
        clearTimeout(timer);
        if (more === 'timeout') throw new Error('no event in time');
      }
    },
    /** No event arrives within `ms` (and the stream stays open). */
    async quiet(ms = 300): Promise<boolean> {
      try {
        await this.next(ms);
        return false;
      } catch {
        return true;
      }
    },
    close: () => controller.abort(),
  };
}
