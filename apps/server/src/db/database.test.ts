import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DIALECT } from '../test/database.js';
import SqliteDatabase from 'better-sqlite3';
import { parseDatabaseUrl } from '../config.js';
import { changeStampSql, openDatabase, SQLITE_LOCK_WAIT_MS, withWriteTransaction } from './database.js';

describe(`database (${TEST_DIALECT})`, () => {
  it('answers queries and closes twice without complaint', async () => {
    const database = await createTestDatabase();
    const { rows } = await sql<{ answer: number }>`select 1 + 1 as answer`.execute(database.db.kysely);
    expect(Number(rows[0]!.answer)).toBe(2);
    await database.db.destroy();
    await database.cleanup();
  });

  it('reads the change stamp as a column the same as on its own, and moves it with a write', async () => {
    const database = await createTestDatabase();
    const { db } = database;
    await sql`create table probe (n integer)`.execute(db.kysely);
    const asColumn = async () => (await sql<{ stamp: string }>`select ${changeStampSql(db.kysely)} as stamp`.execute(db.kysely)).rows[0]!.stamp;
    // PostgreSQL's snapshot is the cluster's: other test files' writes move it between two reads here.
    const same = async (stamp: string) => {
      if (TEST_DIALECT === 'sqlite') expect(await asColumn()).toBe(stamp);
      else expect(await asColumn()).toMatch(/^\d+:\d+:[\d,]*$/);
    };
    const before = await db.changeStamp();
    await same(before);
    if (db.changeStampNow) expect(db.changeStampNow()).toBe(before);
    await sql`insert into probe (n) values (1)`.execute(db.kysely);
    const after = await db.changeStamp();
    expect(after).not.toBe(before);
    await same(after);
    await database.cleanup();
  });

  it('commits a write transaction that resolves and rolls back one that throws', async () => {
    const database = await createTestDatabase();
    const db = database.db.kysely;
    await sql`create table probe (n integer)`.execute(db);
    await withWriteTransaction(db, (trx) => sql`insert into probe (n) values (1)`.execute(trx));
    await expect(
      withWriteTransaction(db, async (trx) => {
        await sql`insert into probe (n) values (2)`.execute(trx);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const { rows } = await sql<{ n: number }>`select n from probe order by n`.execute(db);
    expect(rows.map((row) => Number(row.n))).toEqual([1]);
    // The connection is usable (not left inside a transaction).
    await withWriteTransaction(db, (trx) => sql`insert into probe (n) values (3)`.execute(trx));
    await database.cleanup();
  });

  it('gives rows as objects named by their columns, the later of two equal names winning, and follows a schema change', async () => {
    const database = await createTestDatabase();
    const db = database.db.kysely;
    await sql`create table probe (n integer, label text)`.execute(db);
    await sql`insert into probe (n, label) values (1, 'one'), (2, null)`.execute(db);
    const read = () => sql<Record<string, unknown>>`select * from probe order by n`.execute(db);
    expect((await read()).rows).toEqual([
      { n: 1, label: 'one' },
      { n: 2, label: null },
    ]);
    const pair = await sql<Record<string, unknown>>`select n as v, label as v, n + 1 as "a b" from probe where n = 1`.execute(db);
    expect(pair.rows).toEqual([{ v: 'one', 'a b': 2 }]);
    // The same SQL text after a new column: its rows carry it (no cached shape outlives the schema),
    // also when the same schema change runs again.
    await sql`alter table probe add column extra integer`.execute(db);
    expect((await read()).rows[0]).toEqual({ n: 1, label: 'one', extra: null });
    await sql`alter table probe drop column extra`.execute(db);
    expect((await read()).rows[0]).toEqual({ n: 1, label: 'one' });
    await sql`alter table probe add column extra integer`.execute(db);
    expect((await read()).rows[0]).toEqual({ n: 1, label: 'one', extra: null });
    if (TEST_DIALECT === 'sqlite') {
      // Streamed rows take the same shape (the PostgreSQL pool here has no cursor to stream with).
      const streamed: unknown[] = [];
      for await (const row of db.selectFrom('probe' as never).selectAll().stream()) streamed.push(row);
      expect(streamed).toEqual([
        { n: 1, label: 'one', extra: null },
        { n: 2, label: null, extra: null },
      ]);
    }
    await database.cleanup();
  });

  if (TEST_DIALECT === 'sqlite') {
    it('takes the write lock at BEGIN of every transaction, so another process cannot write until it ends', async () => {
      const database = await createTestDatabase();
      await sql`create table probe (n integer)`.execute(database.db.kysely);
      // Another process's connection that does not wait for locks.
      const target = parseDatabaseUrl(database.url);
      if (target.dialect !== 'sqlite') throw new Error('expected a SQLite database');
      const other = new SqliteDatabase(target.filename, { timeout: 0 });
      const otherCanWrite = () => {
        try {
          other.exec('begin immediate');
          other.exec('rollback');
          return true;
        } catch (error) {
          expect((error as { code?: string }).code).toBe('SQLITE_BUSY');
          return false;
        }
      };
      expect(otherCanWrite()).toBe(true);
      // A plain transaction holds it from its first statement, even one that only reads...
      await database.db.kysely.transaction().execute(async (trx) => {
        await sql`select count(*) from probe`.execute(trx);
        expect(otherCanWrite()).toBe(false);
      });
      // ...and so does a write transaction.
      await withWriteTransaction(database.db.kysely, async (trx) => {
        await sql`select count(*) from probe`.execute(trx);
        expect(otherCanWrite()).toBe(false);
      });
      expect(otherCanWrite()).toBe(true);
      other.close();
      await database.cleanup();
    });

    it('waits for another connection\'s lock without holding up the event loop, and gives up after the wait', async () => {
      const database = await createTestDatabase();
      const first = database.db.kysely;
      await sql`create table probe (n integer)`.execute(first);
      // A second connection in this process, as the tests' second app: while the first holds a transaction
      // across awaits, the second's writes must leave the event loop free for the first to commit.
      const second = openDatabase(database.url);
      let secondWrote = false;
      let writing: Promise<unknown> | undefined;
      let starting: Promise<unknown> | undefined;
      await withWriteTransaction(first, async (trx) => {
        await sql`insert into probe (n) values (1)`.execute(trx);
        writing = sql`insert into probe (n) values (2)`.execute(second.kysely).then(() => (secondWrote = true));
        starting = second.kysely.transaction().execute((other) => sql`insert into probe (n) values (3)`.execute(other));
        // The timers run: the event loop is free while the second connection waits.
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(secondWrote).toBe(false);
        await sql`insert into probe (n) values (4)`.execute(trx);
      });
      await Promise.all([writing, starting]);
      const written = await sql<{ n: number }>`select n from probe order by rowid`.execute(first);
      expect(written.rows.slice(0, 2).map((row) => row.n)).toEqual([1, 4]);
      expect(written.rows.map((row) => row.n).sort()).toEqual([1, 2, 3, 4]);

      // A lock that is never given back: the statement fails with SQLITE_BUSY after the wait, not at once.
      const target = parseDatabaseUrl(database.url);
      if (target.dialect !== 'sqlite') throw new Error('expected a SQLite database');
      const holder = new SqliteDatabase(target.filename, { timeout: 0 });
      holder.exec('begin immediate');
      const started = Date.now();
      let ticks = 0;
      const ticking = setInterval(() => ticks++, 100);
      const failed = await sql`insert into probe (n) values (5)`.execute(second.kysely).then(
        () => undefined,
        (error: unknown) => error as { code?: string },
      );
      clearInterval(ticking);
      expect(failed?.code).toBe('SQLITE_BUSY');
      expect(Date.now() - started).toBeGreaterThanOrEqual(SQLITE_LOCK_WAIT_MS - 50);
      expect(ticks).toBeGreaterThanOrEqual(Math.floor(SQLITE_LOCK_WAIT_MS / 100) - 5);
      holder.exec('rollback');
      holder.close();
      await second.destroy();
      await database.cleanup();
    }, SQLITE_LOCK_WAIT_MS + 10_000);
  }

  if (TEST_DIALECT === 'postgres') {
    it('carries on when the server ends an idle connection', async () => {
      const database = await createTestDatabase();
      const db = database.db.kysely;
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
      const warnings: string[] = [];
      const onWarning = (warning: Error) => warnings.push(warning.message);
      process.on('warning', onWarning);
      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      await admin.end();
      await expect.poll(() => warnings.some((message) => message.includes('idle connection'))).toBe(true);
      process.off('warning', onWarning);
      const again = await sql<{ answer: number }>`select 2 + 2 as answer`.execute(db);
      expect(Number(again.rows[0]!.answer)).toBe(4);
      await database.cleanup();
    });
  }
});
