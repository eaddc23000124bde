import ExcelJS from 'exceljs';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { readSheets } from '../apps/server/src/platform/spreadsheet/import.js';
import { readXlsWorkbook } from '../apps/server/src/platform/spreadsheet/xls-workbook.js';

// Measures reading a 5,000-row, 10-column workbook as .xls (our BIFF8 reader) and as .xlsx
// (exceljs, the path the import already used), the way the directory import reads them. The
// workbook is written with exceljs and converted by LibreOffice (needs libreoffice-calc):
//   npx tsx bench/xls-read.bench.ts

const ROWS = 5000;
const RUNS = Number(process.env.BENCH_RUNS ?? 20);

async function writeWorkbook(path: string): Promise<void> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('users');
  sheet.addRow(['userName', 'email', 'firstName', 'lastName', 'usercode', 'phone', 'gender', 'department', 'joined', 'score']);
  for (let index = 1; index <= ROWS; index++) {
    const row = sheet.addRow([
      `user.${index}`, `user.${index}@bench.test`, `First${index}`, `Last${index}`, 100000 + index, `+44 20 7946 ${String(index).padStart(4, '0')}`,
      index % 2 ? 'male' : 'female', `Department ${index % 40}`, new Date(Date.UTC(2020, 0, 1) + index * 86_400_000), index * 1.25,
    ]);
    row.getCell(9).numFmt = 'yyyy-mm-dd';
  }
  await book.xlsx.writeFile(path);
}

/** Median and fastest time of `RUNS` calls after two warm-up calls, in milliseconds. */
async function time(run: () => unknown): Promise<{ median: number; fastest: number }> {
  await run();
  await run();
  const times: number[] = [];
  for (let index = 0; index < RUNS; index++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)]!, fastest: times[0]! };
}

const folder = mkdtempSync(join(tmpdir(), 'atrium-xls-bench-'));
try {
  const xlsxPath = join(folder, 'users.xlsx');
  await writeWorkbook(xlsxPath);
  execFileSync('soffice', [`-env:UserInstallation=file://${join(folder, 'profile')}`, '--headless', '--convert-to', 'xls', '--outdir', folder, xlsxPath], { stdio: 'ignore' });
  const xls = readFileSync(join(folder, 'users.xls'));
  const xlsx = readFileSync(xlsxPath);
  const rows = readXlsWorkbook(xls)[0]!.rows.length;
  if (rows !== ROWS + 1) throw new Error(`read ${rows} rows, expected ${ROWS + 1}`);
  const figures = [
    ['.xls, BIFF8 reader (cell values)', xls.length, await time(() => readXlsWorkbook(xls))],
    ['.xls, import path (rows of text)', xls.length, await time(() => readSheets(xls, 'xls'))],
    ['.xlsx, import path via exceljs (rows of text)', xlsx.length, await time(() => readSheets(xlsx, 'xlsx'))],
  ] as const;
  console.log(`| read | file size (KiB) | median (ms) | fastest (ms) |\n| --- | ---: | ---: | ---: |`);
  for (const [name, size, { median, fastest }] of figures) console.log(`| ${name} | ${Math.round(size / 1024)} | ${median.toFixed(1)} | ${fastest.toFixed(1)} |`);
} finally {
  rmSync(folder, { recursive: true, force: true });
}
