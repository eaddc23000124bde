import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../apps/server/src/test/free-port.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export interface RunningServer {
  baseURL: string;
  dataDir: string;
  /** Everything the process printed, for assertions on start-up output. */
  output: () => string;
  stop: () => Promise<void>;
  /** Ends the process at once with SIGKILL (a crash: no graceful shutdown), once it has exited. */
  kill: () => Promise<void>;
}

/**
 * Starts the built server (`npm run build` first) exactly as `npm start` does, on a throwaway data
 * directory. `env` may depend on the server's address (e.g. PUBLIC_URL). Journeys run two at a time: a
 * port found free can still be taken by the other journey's server before this one listens, so a start
 * that fails with EADDRINUSE is tried again on another port.
 */
export async function startServer(env: Record<string, string> | ((baseURL: string) => Record<string, string>) = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-e2e-'));
  for (let attempt = 1; ; attempt++) {
    try {
      return await launch(await freePort(), dataDir, env);
    } catch (error) {
      if (attempt === 3 || !(error instanceof PortTakenError)) {
        rmSync(dataDir, { recursive: true, force: true });
        throw error;
      }
    }
  }
}

class PortTakenError extends Error {}

async function launch(port: number, dataDir: string, env: Record<string, string> | ((baseURL: string) => Record<string, string>)): Promise<RunningServer> {
  const baseURL = `http://127.0.0.1:${port}`;
  let printed = '';
  const child: ChildProcess = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...(typeof env === 'function' ? env(baseURL) : env) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const exited = () => {
    if (child.exitCode === null) return;
    if (printed.includes('EADDRINUSE')) throw new PortTakenError(`port ${port} taken:\n${printed}`);
    throw new Error(`server exited with ${child.exitCode}:\n${printed}`);
  };
  // A minute: a start-up seeds the demo company (argon2id hashes of its people), which a loaded 2-core machine
  // stretched past 30 s (seen while other test suites ran beside the journeys).
  const deadline = Date.now() + 60_000;
  for (;;) {
    exited();
    try {
      const response = await fetch(`${baseURL}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start:\n${printed}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  // The answer may have come from the other journey's server on the same port, while this one gave up.
  await new Promise((resolve) => setTimeout(resolve, 100));
  exited();
  return {
    baseURL,
    dataDir,
    output: () => printed,
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface Envelope<T> {
  returncode: number;
  message: string;
  result: T;
}

/** Calls the API with a token header, as a script or a device would. */
export async function api<T>(baseURL: string, method: string, path: string, body?: unknown, token?: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseURL}/api${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { token } : {}), ...headers },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return (await response.json()) as Envelope<T>;
}

/** Signs the admin in with the first password and sets `newPassword`, so a journey can start in the shell. */
export async function completeFirstSignIn(baseURL: string, firstPassword: string, newPassword: string) {
  const login = await api<{ token: string }>(baseURL, 'POST', '/login', { userName: 'admin', password: firstPassword });
  if (login.returncode !== 200) throw new Error(`first sign-in failed: ${login.message}`);
  const change = await api(baseURL, 'POST', '/user/updateDefaultPassword', { newPassword, confirmPassword: newPassword }, login.result.token);
  if (change.returncode !== 200) throw new Error(`password change failed: ${change.message}`);
}
