import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database.js';

/** SQLite's worker-thread readers, on a database file of their own (whichever engine the suite tests). */
describe('SQLite readers', () => {
  let dir: string;
  let database: Database;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'atrium-readers-'));
    database = openDatabase(`sqlite:${path.join(dir, 'readers.db')}`);
    await database.kysely.schema.createTable('numbers').addColumn('n', 'integer').execute();
  });
  afterAll(async () => {
    await database.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads on workers what the main connection committed, side by side', async () => {
    const readers = database.readers!;
    expect(readers).toBeDefined();
    await sql`insert into numbers (n) values (1), (2), (3)`.execute(database.kysely);
    const sums = await Promise.all([1, 2, 3, 4, 5].map((above) => readers.all<{ total: number }>('select sum(n) as total from numbers where n >= ?', [above])));
    expect(sums.map(([row]) => row!.total)).toEqual([6, 5, 3, null, null]);
    // A later write is seen by the next read.
    await sql`insert into numbers (n) values (10)`.execute(database.kysely);
    expect(await readers.all('select count(*) as count from numbers', [])).toEqual([{ count: 4 }]);
  });

  it('answers an error of the statement as a rejection, and may not write', async () => {
    const readers = database.readers!;
    await expect(readers.all('select n from nowhere', [])).rejects.toThrow(/no such table/);
    await expect(readers.all('insert into numbers (n) values (?) returning n', [99])).rejects.toThrow(/readonly/);
    expect(await readers.all('select count(*) as count from numbers where n = 99', [])).toEqual([{ count: 0 }]);
  });

  it('has none for an in-memory database, and refuses reads once closed', async () => {
    const memory = openDatabase('sqlite::memory:');
    expect(memory.readers).toBeUndefined();
    await memory.destroy();
    const readers = database.readers!;
    await readers.close();
    await expect(readers.all('select 1', [])).rejects.toThrow(/closed/);
  });
});
