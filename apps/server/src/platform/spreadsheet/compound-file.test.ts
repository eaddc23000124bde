import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildCompoundFile, sectorOffset } from '../../test/compound-file.js';
import { openCompoundFile } from './compound-file.js';
import { SpreadsheetError } from './spreadsheet-error.js';

const fixture = (name: string) => readFileSync(new URL(`../../test/fixtures/xls/${name}`, import.meta.url));

/** Bytes 0..n-1 repeated, so a misplaced sector shows. */
const pattern = (length: number, seed: number) => Buffer.from(Array.from({ length }, (_, index) => (index * 7 + seed) % 251));

/** The problem and detail a call fails with. */
function failure(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof SpreadsheetError) return error.message;
    throw error;
  }
  throw new Error('expected a SpreadsheetError');
}

describe('compound file reader', () => {
  const big = pattern(10_000, 1);
  const small = pattern(300, 2);
  const streams = [{ name: 'Workbook', data: big }, { name: 'Small', data: small }, { name: 'Empty', data: Buffer.alloc(0) }];

  it('reads regular and mini streams of version 3 and version 4 files, names case-insensitive', () => {
    for (const version of [3, 4] as const) {
      const file = openCompoundFile(buildCompoundFile(streams, version).bytes);
      expect(file.findRootStream('workbook')).toEqual(big);
      expect(file.findRootStream('SMALL')).toEqual(small);
      expect(file.findRootStream('Empty')).toEqual(Buffer.alloc(0));
      expect(file.findRootStream('Missing')).toBeUndefined();
    }
  });

  it('reads the workbook stream of a file LibreOffice wrote', () => {
    const workbook = openCompoundFile(fixture('mixed.xls')).findRootStream('Workbook');
    // A BIFF8 BOF record: type 0x0809, version 0x0600.
    expect(workbook?.readUInt16LE(0)).toBe(0x0809);
    expect(workbook?.readUInt16LE(4)).toBe(0x0600);
  });

  it('refuses a wrong signature, a truncated header and a bad sector size', () => {
    const bytes = buildCompoundFile(streams).bytes;
    const wrong = Buffer.from(bytes);
    wrong[0] = 0;
    expect(failure(() => openCompoundFile(wrong))).toBe('damaged: no compound file signature');
    expect(failure(() => openCompoundFile(bytes.subarray(0, 300)))).toBe('damaged: shorter than a compound file header');
    const shift = Buffer.from(bytes);
    shift.writeUInt16LE(10, 30);
    expect(failure(() => openCompoundFile(shift))).toContain('damaged: unsupported version 3 with sector shift 10');
  });

  it('refuses a stream cut short by a truncated file', () => {
    const built = buildCompoundFile(streams);
    const lastOfWorkbook = built.chains.Workbook!.at(-1)!;
    const truncated = built.bytes.subarray(0, sectorOffset(built.sectorSize, lastOfWorkbook) + 10);
    // The FAT sits at the end of the file, so cutting the file loses it first.
    expect(failure(() => openCompoundFile(truncated))).toMatch(/^damaged: the FAT points at sector \d+, beyond/);
  });

  it('refuses a FAT chain that loops, instead of reading forever', () => {
    const built = buildCompoundFile(streams);
    const [first, second] = built.chains.Workbook!;
    const looped = Buffer.from(built.bytes);
    // The second sector of the stream names the first as its successor.
    looped.writeUInt32LE(first!, sectorOffset(built.sectorSize, built.fatSector) + second! * 4);
    expect(failure(() => openCompoundFile(looped).findRootStream('Workbook'))).toBe(`damaged: stream Workbook loops at sector ${first}`);
  });

  it('refuses a chain pointing past the file, or ending before the stream does', () => {
    const built = buildCompoundFile(streams);
    const [first] = built.chains.Workbook!;
    const outside = Buffer.from(built.bytes);
    outside.writeUInt32LE(999_999, sectorOffset(built.sectorSize, built.fatSector) + first! * 4);
    expect(failure(() => openCompoundFile(outside).findRootStream('Workbook'))).toBe('damaged: stream Workbook points at sector 999999, out of range');
    const short = Buffer.from(built.bytes);
    short.writeUInt32LE(0xfffffffe, sectorOffset(built.sectorSize, built.fatSector) + first! * 4);
    expect(failure(() => openCompoundFile(short).findRootStream('Workbook'))).toBe('damaged: stream Workbook ends after 1 of 20 sectors');
  });

  it('refuses a directory whose sibling links loop or point nowhere', () => {
    const built = buildCompoundFile(streams);
    const entry = (id: number) => sectorOffset(built.sectorSize, built.directorySector) + id * 128;
    const looped = Buffer.from(built.bytes);
    looped.writeUInt32LE(1, entry(2) + 72);
    expect(failure(() => openCompoundFile(looped))).toBe('damaged: the directory tree reaches entry 1 twice');
    const dangling = Buffer.from(built.bytes);
    dangling.writeUInt32LE(40, entry(1) + 68);
    expect(failure(() => openCompoundFile(dangling))).toBe('damaged: the directory tree points at entry 40, which does not exist');
  });

  it('refuses a header that claims more FAT sectors than it lists', () => {
    const built = buildCompoundFile(streams);
    const claims = Buffer.from(built.bytes);
    claims.writeUInt32LE(200, 44);
    expect(failure(() => openCompoundFile(claims))).toMatch(/^damaged: (200 FAT sectors in a file|the DIFAT chain ends)/);
  });

  it('refuses a DIFAT chain that loops', () => {
    // 240 sectors of data, so a header may claim more FAT sectors than its own 109 entries list.
    const built = buildCompoundFile([{ name: 'Workbook', data: pattern(240 * 512, 3) }]);
    const difatSector = built.chains.Workbook![0]!;
    const looped = Buffer.from(built.bytes);
    looped.writeUInt32LE(240, 44);
    looped.writeUInt32LE(difatSector, 68);
    looped.writeUInt32LE(5, 72);
    // The DIFAT sector's last entry names the sector itself as the next one.
    looped.writeUInt32LE(difatSector, sectorOffset(512, difatSector) + 127 * 4);
    expect(failure(() => openCompoundFile(looped))).toBe(`damaged: the DIFAT chain loops at sector ${difatSector}`);
  });
});
