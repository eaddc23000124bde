/** Entry of `npm run licence`: the licence CLI on the real files, environment and clock. */
import { readFileSync, writeFileSync } from 'node:fs';
import { runLicenceCli } from './licence.js';

process.exitCode = runLicenceCli(process.argv.slice(2), {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  readFile: (path) => readFileSync(path, 'utf8'),
  // 'wx': never overwrite a key; 0o600: the owner alone reads it.
  writeNewPrivateFile: (path, text) => writeFileSync(path, text, { flag: 'wx', mode: 0o600 }),
  env: process.env,
  now: () => Date.now(),
});
