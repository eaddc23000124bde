import type { ChildProcess } from 'node:child_process';

/**
 * Waits until a server the test started as `child` answers `probe`, asking every 100 ms. Throws the
 * probe's last error after `timeoutMs` (the child killed), or at once when the child ends or cannot be
 * started (a missing binary), so a broken start fails in a moment rather than at the deadline.
 */
export async function waitForServer(child: ChildProcess, probe: () => Promise<unknown>, { timeoutMs = 15_000 }: { timeoutMs?: number } = {}): Promise<void> {
  let ended: Error | null = null;
  const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
    ended = new Error(`the server exited before it answered (${signal ?? `code ${code}`})`);
  };
  const onError = (error: Error) => {
    ended = error;
  };
  child.once('exit', onExit);
  child.once('error', onError);
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      if (ended) throw ended;
      try {
        await probe();
        return;
      } catch (error) {
        if (ended) throw ended;
        if (Date.now() >= deadline) {
          child.kill();
          throw error;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    child.off('exit', onExit);
    child.off('error', onError);
  }
}

/** Waits until a server the test started answers HTTP at `url` (any status). */
export const waitForHttp = (child: ChildProcess, url: string, options?: { timeoutMs?: number }) => waitForServer(child, () => fetch(url), options);
