import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseConfig, type Config } from './config.js';
import { startServer } from './start.js';
import { createTestDatabase, TEST_DIALECT, type TestDatabase } from './test/database.js';
import { freePort } from './test/free-port.js';

/** The pattern the browser journey (e2e/first-sign-in) reads the printed password with. */
/** The file the start-up output names for the generated first password of admin. */
const PASSWORD_FILE = /first password written to (\S+)/;
const generatedPassword = (printed: string, cwd = '.') => {
  const file = PASSWORD_FILE.exec(printed)?.[1];
  return file === undefined ? undefined : readFileSync(path.resolve(cwd, file), 'utf8').trim();
};

async function postLogin(address: string, userName: string, password: string) {
  const response = await fetch(`${address}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName, password }),
  });
  return (await response.json()) as { returncode: number; result: { isDefaultPassword: boolean } | null };
}

describe(`start-up (${TEST_DIALECT})`, () => {
  let dataDir: string;
  let database: TestDatabase | undefined;

  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'atrium-start-'));
    if (TEST_DIALECT === 'postgres') {
      database = await createTestDatabase();
      // The server opens its own connections, as it would in production.
      await database.db.destroy();
    }
  });
  afterEach(async () => {
    await database?.cleanup();
    database = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  });

  const configFor = (env: Record<string, string> = {}): Config => ({
    ...parseConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...(database ? { DATABASE_URL: database.url } : {}), ...env }),
    port: 0,
    host: '127.0.0.1',
    webDist: path.join(dataDir, 'no-console'),
  });

  // Two start-ups, the first seeding the demo company: on PostgreSQL, beside the SQLite suite and other work on the
  // machine, this ran past the suite's 20 s once (CI, 2026-12-02).
  it('keeps a generated admin password in a file only the server user reads, never in the output, and it signs in', async () => {
    let printed = '';
    const out = { write: (text: string) => (printed += text) };
    const first = await startServer(configFor(), { out, logger: false });
    try {
      const password = generatedPassword(printed);
      expect(password, printed).toMatch(/^[A-Za-z0-9]{16}$/);
      expect(printed).not.toContain(password);
      expect(statSync(path.join(dataDir, 'initial-admin-password')).mode & 0o777).toBe(0o600);
      const login = await postLogin(first.address, 'admin', password!);
      expect(login).toMatchObject({ returncode: 200, result: { isDefaultPassword: true } });
    } finally {
      await first.close();
    }
    if (TEST_DIALECT === 'sqlite') expect(first.db.dialect).toBe('sqlite');

    const printedBefore = printed;
    const second = await startServer(configFor(), { out, logger: false });
    try {
      expect(printed).toBe(printedBefore);
      expect((await postLogin(second.address, 'admin', generatedPassword(printedBefore)!)).returncode).toBe(200);
    } finally {
      await second.close();
    }
  }, 60_000);

  it('prints nothing when ATRIUM_ADMIN_PASSWORD is given', async () => {
    let printed = '';
    const server = await startServer(configFor({ ATRIUM_ADMIN_PASSWORD: 'Given-At-Start-1' }), { out: { write: (text: string) => (printed += text) }, logger: false });
    try {
      expect(printed).toBe('');
      expect((await postLogin(server.address, 'admin', 'Given-At-Start-1')).returncode).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('creates the operator of ATRIUM_OPERATOR_PASSWORD, who signs in to the boss area and not as a company user', async () => {
    const server = await startServer(configFor({ ATRIUM_ADMIN_PASSWORD: 'Given-At-Start-1', ATRIUM_OPERATOR_PASSWORD: 'Runs-The-Place-2026', ATRIUM_OPERATOR_NAME: 'ops' }), {
      out: { write: () => undefined },
      logger: false,
    });
    try {
      const boss = await fetch(`${server.address}/api/boss/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: 'ops', password: 'Runs-The-Place-2026' }) });
      expect(((await boss.json()) as { returncode: number }).returncode).toBe(200);
      expect((await postLogin(server.address, 'ops', 'Runs-The-Place-2026')).returncode).toBe(1008);
    } finally {
      await server.close();
    }
    }, 40_000);
});

describe('main.ts', () => {
  const serverRoot = fileURLToPath(new URL('..', import.meta.url));
  const repoRoot = path.resolve(serverRoot, '../..');
  // Absolute, because the child runs in a scratch directory where `tsx` would not resolve.
  const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  let scratch: string;

  beforeEach(() => {
    scratch = mkdtempSync(path.join(tmpdir(), 'atrium-main-'));
    // Run the TypeScript entry point with the contract from source, as vitest does, so no build is needed.
    writeFileSync(
      path.join(scratch, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { baseUrl: repoRoot, paths: { '@atrium/contract': ['packages/contract/src/index.ts'] } } }),
    );
  });
  afterEach(() => rmSync(scratch, { recursive: true, force: true }));

  function runMain(env: Record<string, string>) {
    const child = spawn(process.execPath, ['--import', tsxLoader, path.join(serverRoot, 'src/main.ts')], {
      cwd: scratch,
      env: { ...process.env, TSX_TSCONFIG_PATH: path.join(scratch, 'tsconfig.json'), LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = { stdout: '', stderr: '' };
    child.stdout.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    return { child, output, exited };
  }

  it('exits 1 with one clear line on a bad setting', async () => {
    const { output, exited } = runMain({ PORT: 'eighty', DATA_DIR: path.join(scratch, 'data') });
    expect(await exited).toBe(1);
    expect(output.stderr.trim()).toBe('Atrium cannot start: PORT is "eighty": expected a whole number from 1 to 65535');
    expect(output.stdout).toBe('');
  });

  it('serves, names the admin password file, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const run = runMain({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: 'data', WEB_DIST: 'no-console', ATRIUM_ADMIN_PASSWORD: '' });
    // Transpiling the sources, migrating and seeding the demo take a while on a busy two-core machine.
    const deadline = Date.now() + 45_000;
    let healthy = false;
    while (!healthy && Date.now() < deadline && run.child.exitCode === null) {
      healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then((response) => response.ok, () => false);
      if (!healthy) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(healthy, run.output.stderr).toBe(true);
    const password = generatedPassword(run.output.stdout, scratch);
    expect(run.output.stdout).not.toContain(password);
    expect((await postLogin(`http://127.0.0.1:${port}`, 'admin', password!)).returncode).toBe(200);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    // DATA_DIR is relative to the working directory.
    expect(existsSync(path.join(scratch, 'data', 'atrium.db'))).toBe(true);
  }, 60_000);
});
