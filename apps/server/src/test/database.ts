import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database, type Dialect, type OpenOptions } from '../db/database.js';

/** The engine the suite runs on: `npm run test:sqlite` or `npm run test:postgres`. */
export const TEST_DIALECT: Dialect = process.env.ATRIUM_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

const PG_ADMIN_URL = process.env.ATRIUM_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestDatabase {
  db: Database;
  /** DATABASE_URL of the throwaway database, to open it again (a second app instance). */
  url: string;
  /** Releases and deletes the database. */
  cleanup(): Promise<void>;
}

async function withAdminClient<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, empty database on the engine under test: a temporary SQLite file, or a PostgreSQL
 * database with a random name created next to ATRIUM_TEST_PG_URL's and dropped at cleanup.
 */
export async function createTestDatabase(options: OpenOptions = {}): Promise<TestDatabase> {
  if (TEST_DIALECT === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'atrium-test-'));
    const url = `sqlite:${path.join(dir, 'atrium.db')}`;
    const db = openDatabase(url, options);
    return {
      db,
      url,
      async cleanup() {
        await db.destroy();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `atrium_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient((client) => client.query(`create database ${name}`));
  const target = new URL(PG_ADMIN_URL);
  target.pathname = `/${name}`;
  const url = target.toString();
  const db = openDatabase(url, options);
  return {
    db,
    url,
    async cleanup() {
      await db.destroy();
      await withAdminClient((client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** Drops a PostgreSQL test database without FORCE: fails while any connection is still open. */
export async function dropPostgresDatabaseStrictly(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  await withAdminClient((client) => client.query(`drop database ${name}`));
}
