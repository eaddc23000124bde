import { createServer } from 'node:net';

/**
 * A port for a server started as its own process (start.test.ts, the browser journeys): below Linux's
 * ephemeral range (32768 and up), where the machine's own outgoing connections (PostgreSQL clients of
 * the other suite, Chromium's) take ports, drawn at random so that suites starting servers side by side
 * rarely try the same one, and free when tried.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const isFree = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (isFree) return port;
  }
}
