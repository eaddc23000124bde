import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';

/**
 * A measuring aid, not a test: with `E2E_CPU_LOG=<file>` set, `e2e/vitest.config.ts` loads this before every journey
 * and it appends one line per journey file: its wall time and the CPU of every process below the file's Vitest
 * worker (Chromium by process type, the Atrium servers, the rest by name), sampled from /proc four times a second,
 * plus the worker's own. A process is counted until its last sample (up to 250 ms of its end is missed). Journeys
 * run two at a time; CPU time stays each file's own (docs/performance.md, "where a journey's CPU goes").
 */

interface Process {
  parent: number;
  cpuSeconds: number;
  kind: string;
}

const TICKS_PER_SECOND = 100;

function kindOf(name: string, commandLine: string): string {
  if (commandLine.includes('dist/main.js')) return 'server';
  if (!name.includes('chrom')) return name;
  const type = /--type=([a-z-]+)/.exec(commandLine)?.[1];
  return type ? `chromium ${type}` : 'chromium browser';
}

function readProcesses(): Map<number, Process> {
  const processes = new Map<number, Process>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const nameEnd = stat.lastIndexOf(')');
      const fields = stat.slice(nameEnd + 2).split(' ');
      const commandLine = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      processes.set(Number(entry), {
        parent: Number(fields[1]),
        cpuSeconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND,
        kind: kindOf(stat.slice(stat.indexOf('(') + 1, nameEnd), commandLine),
      });
    } catch {
      // The process ended while being read.
    }
  }
  return processes;
}

function isBelowThisWorker(processes: Map<number, Process>, pid: number): boolean {
  for (let at = processes.get(pid)?.parent ?? 0, depth = 0; at > 1 && depth < 16; at = processes.get(at)?.parent ?? 0, depth++) {
    if (at === process.pid) return true;
  }
  return false;
}

/** The last CPU time seen of each process below the worker, and its kind. */
const seen = new Map<number, { cpuSeconds: number; kind: string }>();
function sample() {
  const processes = readProcesses();
  for (const [pid, found] of processes) {
    if (!isBelowThisWorker(processes, pid)) continue;
    // Chromium rewrites a child's command line over its life: the first one with a --type says what it is.
    const known = seen.get(pid)?.kind;
    seen.set(pid, { cpuSeconds: found.cpuSeconds, kind: known && known !== 'chromium browser' ? known : found.kind });
  }
}

const workerCpuSeconds = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
};

let sampler: NodeJS.Timeout | undefined;
let startedAt = 0;
let workerAtStart = 0;

beforeAll(() => {
  seen.clear();
  startedAt = Date.now();
  workerAtStart = workerCpuSeconds();
  sampler = setInterval(sample, 250);
});

afterAll(() => {
  clearInterval(sampler);
  const byKind = new Map<string, number>();
  for (const { cpuSeconds, kind } of seen.values()) byKind.set(kind, (byKind.get(kind) ?? 0) + cpuSeconds);
  const below = [...byKind.values()].reduce((sum, seconds) => sum + seconds, 0);
  const parts = [...byKind.entries()].sort((a, b) => b[1] - a[1]).map(([kind, seconds]) => `${kind}=${seconds.toFixed(1)}`);
  const file = basename(expect.getState().testPath ?? 'unknown');
  const line = [file, `wall=${((Date.now() - startedAt) / 1000).toFixed(0)}`, `worker=${(workerCpuSeconds() - workerAtStart).toFixed(1)}`, `below=${below.toFixed(1)}`, ...parts];
  appendFileSync(process.env.E2E_CPU_LOG!, `${line.join('\t')}\n`);
});
