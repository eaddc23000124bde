import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COOKIE_NAMES } from '@atrium/contract';
import lighthouse from 'lighthouse';
import { chromium as playwright } from 'playwright-core';
import { withBenchServer } from './support.js';

// Lighthouse's mobile audit (its default: a mid-range phone, simulated slow 4G and a 4x slower CPU)
// of the pages a phone opens first: /login signed out, /reserve signed in, and /pad, the kiosk.
// The built server serves the console as `npm start` does (compressed, cached). Each page is audited
// LIGHTHOUSE_RUNS times (default 3) and the median score is printed with its first contentful paint,
// largest contentful paint, total blocking time and bytes transferred. Issue 19's target: a
// performance score of at least 90 on each. Run after `npm run build`: `npx tsx lighthouse.bench.ts`.

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** LIGHTHOUSE_DETAILS=1 prints where each run's main thread went: by kind of work, and by script. */
const DETAILS = process.env.LIGHTHOUSE_DETAILS === '1';
const TARGET = 90;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface Audit {
  score: number;
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  totalBlockingTimeMs: number;
  transferredKiB: number;
}

/** Debian's Chromium, headless, with a DevTools port for Lighthouse; stopped by the returned function. */
async function startChromium(): Promise<{ port: number; stop: () => Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'atrium-lighthouse-'));
  const child = spawn(
    CHROMIUM,
    ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', `--user-data-dir=${profile}`, '--remote-debugging-port=0', 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let printed = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(printed);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`chromium exited with ${code}: ${printed}`)));
  });
  return {
    port,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
      rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
    },
  };
}

/**
 * Puts the session cookie in the browser's own cookie jar, where the console's requests find it.
 * (Lighthouse's `extraHeaders` are not enough: a Cookie header set that way reached the page's
 * document but not its API calls, so a "signed-in" audit measured the way to the sign-in page.)
 */
async function signIn(port: number, baseURL: string, token: string) {
  const browser = await playwright.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    await browser.contexts()[0]!.addCookies([{ name: COOKIE_NAMES.token, value: token, url: baseURL, httpOnly: true, sameSite: 'Strict' }]);
  } finally {
    // Closing a browser connected over CDP disconnects; the browser itself keeps running.
    await browser.close();
  }
}

async function audit(url: string, port: number): Promise<Audit> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`lighthouse gave no result for ${url}`);
  if (lhr.runtimeError) throw new Error(`lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  // A page that sent the browser elsewhere (a lost session to /login) would be scored as the other page.
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) throw new Error(`${url} ended on ${lhr.finalDisplayedUrl}`);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  if (DETAILS) printMainThread(url, lhr.audits);
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    firstContentfulPaintMs: numeric('first-contentful-paint'),
    largestContentfulPaintMs: numeric('largest-contentful-paint'),
    totalBlockingTimeMs: numeric('total-blocking-time'),
    transferredKiB: numeric('total-byte-weight') / 1024,
  };
}

type Items = { items?: Record<string, unknown>[] };

/** The main thread's work by kind, and the scripts that took longest to run, as Lighthouse estimated them at 4x. */
function printMainThread(url: string, audits: Record<string, { details?: unknown }>) {
  const items = (id: string) => ((audits[id]?.details as Items | undefined)?.items ?? []);
  const kinds = items('mainthread-work-breakdown').map((item) => `${String(item.groupLabel)} ${Math.round(Number(item.duration))}`);
  const scripts = items('bootup-time')
    .slice(0, 6)
    .map((item) => `${String(item.url).replace(/^https?:\/\/[^/]+/, '')} ${Math.round(Number(item.scripting))}+${Math.round(Number(item.scriptParseCompile))}`);
  console.log(`${url}\n  main thread (ms): ${kinds.join(', ')}\n  scripts (run+compile ms): ${scripts.join(', ')}`);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

await withBenchServer(async ({ baseURL, token }) => {
  // Signed out first, then signed in: /login and /pad are audited before the cookie is set.
  const pages: { name: string; path: string; signedIn: boolean }[] = [
    { name: '/login (signed out)', path: '/login', signedIn: false },
    { name: '/pad (kiosk)', path: '/pad', signedIn: false },
    { name: '/reserve (signed in)', path: '/reserve', signedIn: true },
  ];
  const chromium = await startChromium();
  const rows: string[] = [];
  let missed = false;
  try {
    for (const { name, path, signedIn } of pages) {
      if (signedIn) await signIn(chromium.port, baseURL, token);
      const audits: Audit[] = [];
      for (let run = 0; run < RUNS; run++) audits.push(await audit(`${baseURL}${path}`, chromium.port));
      const score = median(audits.map((a) => a.score));
      if (score < TARGET) missed = true;
      rows.push(
        `| ${name} | ${audits.map((a) => a.score).join(', ')} | ${score} | ${median(audits.map((a) => a.firstContentfulPaintMs)).toFixed(0)} | ` +
          `${median(audits.map((a) => a.largestContentfulPaintMs)).toFixed(0)} | ${median(audits.map((a) => a.totalBlockingTimeMs)).toFixed(0)} | ` +
          `${median(audits.map((a) => a.transferredKiB)).toFixed(0)} | ${score >= TARGET ? 'yes' : 'no'} |`,
      );
    }
  } finally {
    await chromium.stop();
  }
  console.log(`\nLighthouse ${RUNS} runs per page, mobile (simulated throttling), Chromium at ${CHROMIUM}, node ${process.version}`);
  console.log('| page | scores | median score | FCP (ms) | LCP (ms) | TBT (ms) | transferred (KiB) | at least 90 |');
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const row of rows) console.log(row);
  if (missed) process.exitCode = 1;
});
