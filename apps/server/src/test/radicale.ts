import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.js';
import { waitForHttp } from './wait-for.js';

/** Debian's Radicale 3 (package `radicale`), the CalDAV peer of the calendar sync tests. */
const RADICALE = '/usr/bin/radicale';

export interface TestRadicale {
  /** `http://127.0.0.1:<port>/` */
  url: string;
  user: string;
  password: string;
  /** Makes a calendar collection of the user's (MKCALENDAR); answers its URL. */
  makeCalendar(name: string, displayName?: string): Promise<string>;
  /** What an outside calendar program would do, with the user's credential: any WebDAV request. */
  request(method: string, url: string, body?: string, headers?: Record<string, string>): Promise<Response>;
  /** Changes the user's password at the service (Radicale reads its htpasswd file at each sign-in). */
  setPassword(password: string): void;
  stop(): Promise<void>;
}

/**
 * A Radicale of the test's own on a free port: storage in a temporary folder, htpasswd (plain)
 * authentication with one user, each user's collections their own.
 */
export async function startRadicale({ user = 'rooms', password = 'radicale-secret' }: { user?: string; password?: string } = {}): Promise<TestRadicale> {
  const dir = mkdtempSync(path.join(tmpdir(), 'atrium-radicale-'));
  const port = await freePort();
  writeFileSync(path.join(dir, 'users'), `${user}:${password}\n`);
  const config = path.join(dir, 'config');
  writeFileSync(
    config,
    [
      '[server]',
      `hosts = 127.0.0.1:${port}`,
      '[auth]',
      'type = htpasswd',
      `htpasswd_filename = ${path.join(dir, 'users')}`,
      'htpasswd_encryption = plain',
      // No delay after a wrong password (the tests send one on purpose).
      'delay = 0',
      '[rights]',
      'type = owner_only',
      '[storage]',
      `filesystem_folder = ${path.join(dir, 'collections')}`,
      '[logging]',
      'level = warning',
      '',
    ].join('\n'),
  );
  const child = spawn(RADICALE, ['--config', config], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}/`;
  let current = password;
  const request = (method: string, target: string, body?: string, headers: Record<string, string> = {}) =>
    fetch(new URL(target, url), { method, headers: { authorization: `Basic ${Buffer.from(`${user}:${current}`).toString('base64')}`, ...headers }, ...(body === undefined ? {} : { body }) });
  await waitForHttp(child, url);
  return {
    url,
    user,
    password,
    async makeCalendar(name, displayName = name) {
      const target = new URL(`/${user}/${name}/`, url).toString();
      const body =
        '<?xml version="1.0" encoding="utf-8"?><c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:set><d:prop>' +
        `<d:displayname>${displayName}</d:displayname><c:supported-calendar-component-set><c:comp name="VEVENT"/></c:supported-calendar-component-set>` +
        '</d:prop></d:set></c:mkcalendar>';
      const answer = await request('MKCALENDAR', target, body, { 'content-type': 'application/xml' });
      if (answer.status !== 201) throw new Error(`MKCALENDAR ${target}: ${answer.status} ${await answer.text()}`);
      return target;
    },
    request,
    setPassword(next) {
      writeFileSync(path.join(dir, 'users'), `${user}:${next}\n`);
      current = next;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
