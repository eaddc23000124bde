import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.js';
import { waitForHttp } from './wait-for.js';

/**
 * Debian's Xandikos (package `xandikos`), the second CalDAV server of the calendar sync tests beside Radicale: a
 * different implementation (git-backed, its own WebDAV stack and sync tokens). It does no authentication of its
 * own (a deployment puts it behind a proxy that does), so it takes any credential.
 */
const XANDIKOS = '/usr/bin/xandikos';

export interface TestXandikos {
  /** `http://127.0.0.1:<port>/` */
  url: string;
  /** Makes a calendar collection in the user's calendar home (MKCALENDAR); answers its URL. */
  makeCalendar(name: string, displayName?: string): Promise<string>;
  /** What an outside calendar program would do: any WebDAV request. */
  request(method: string, url: string, body?: string, headers?: Record<string, string>): Promise<Response>;
  stop(): Promise<void>;
}

/** A Xandikos of the test's own on a free port, its principal `/user/` with the calendar home `/user/calendars/`. */
export async function startXandikos(): Promise<TestXandikos> {
  const dir = mkdtempSync(path.join(tmpdir(), 'atrium-xandikos-'));
  const port = await freePort();
  const child = spawn(XANDIKOS, ['--defaults', '-d', dir, '-l', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}/`;
  const request = (method: string, target: string, body?: string, headers: Record<string, string> = {}) =>
    fetch(new URL(target, url), { method, headers, ...(body === undefined ? {} : { body }) });
  await waitForHttp(child, url);
  return {
    url,
    async makeCalendar(name, displayName = name) {
      const target = new URL(`/user/calendars/${name}/`, url).toString();
      const body =
        '<?xml version="1.0" encoding="utf-8"?><c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:set><d:prop>' +
        `<d:displayname>${displayName}</d:displayname>` +
        '</d:prop></d:set></c:mkcalendar>';
      const answer = await request('MKCALENDAR', target, body, { 'content-type': 'application/xml' });
      if (answer.status !== 201) throw new Error(`MKCALENDAR ${target}: ${answer.status} ${await answer.text()}`);
      return target;
    },
    request,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
