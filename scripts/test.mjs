#!/usr/bin/env node
// `npm test`: the whole suite in stages. Tasks of one stage run side by side (each is mostly one
// process on a two-core machine, and the PostgreSQL suite waits on its server much of the time);
// a stage starts when the one before it passed. Each task's output is printed whole when it ends,
// so side-by-side logs do not interleave, and the time of every task is printed at the end, also
// after a failure (docs/performance.md, "CI time").
import { spawn } from 'node:child_process';

/** @typedef {{ name: string, command: string }} Task */

/** @type {Task[][]} */
const STAGES = [
  [
    { name: 'typecheck', command: 'npm run typecheck' },
    { name: 'lint', command: 'npm run lint' },
  ],
  // Alone: beside the two server suites, a console test's 5-second wait ran out (1 CI run in 4).
  [{ name: 'unit (contract, console, tools)', command: 'npm run test:unit' }],
  // Vitest gives each suite one worker here (one fewer than the cores). The PostgreSQL suite's worker waits on its
  // database much of the time: alone after the SQLite suite had ended, it left half the machine idle, so it has two.
  [
    { name: 'server on SQLite', command: 'npm run test:sqlite' },
    { name: 'server on PostgreSQL', command: 'npm run test:postgres -- --maxWorkers=2' },
  ],
  [{ name: 'build', command: 'npm run build' }],
  [{ name: 'budgets (console size)', command: 'npm run budgets -w apps/web' }],
  [{ name: 'browser journeys', command: 'npm test -w e2e' }],
];

/** @type {{ name: string, seconds: number, result: string }[]} */
const times = [];
const started = Date.now();

/** Runs one task; alone in its stage it streams its output, beside others it is held until the end. */
function run(task, isAlone) {
  return new Promise((resolve) => {
    const begun = Date.now();
    const child = spawn(task.command, { shell: true, stdio: isAlone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const passed = code === 0;
      const seconds = (Date.now() - begun) / 1000;
      times.push({ name: task.name, seconds, result: passed ? 'passed' : `failed (${signal ?? `exit ${code}`})` });
      if (!isAlone) {
        process.stdout.write(`\n===== ${task.name}: ${passed ? 'passed' : 'FAILED'} in ${seconds.toFixed(0)} s =====\n`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve(passed);
    });
  });
}

function printTimes() {
  const width = Math.max(...times.map((time) => time.name.length), 5);
  console.log('\nnpm test: time per task');
  for (const { name, seconds, result } of times) console.log(`  ${name.padEnd(width)}  ${seconds.toFixed(0).padStart(5)} s  ${result}`);
  console.log(`  ${'total'.padEnd(width)}  ${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s`);
}

for (const stage of STAGES) {
  console.log(`\nnpm test: ${stage.map((task) => task.name).join(' | ')}`);
  const results = await Promise.all(stage.map((task) => run(task, stage.length === 1)));
  if (results.includes(false)) {
    printTimes();
    process.exit(1);
  }
}
printTimes();
