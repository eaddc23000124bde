import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database, type Dialect, type OpenOptions } from '../db/database.js';
import { migrateToLatest } from '../db/migrations/index.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the database migrated once per run by test/global-setup.ts; '' when there is none. */
    migratedTemplateUrl: string;
  }
}

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
  if (TEST_DIALECT === 'sqlite') return openSqliteTestDatabase(undefined, options);
  const name = `atrium_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient((client) => client.query(`create database ${name}`));
  return openPostgresTestDatabase(name, options);
}

/** A SQLite file in a temporary directory, empty or a copy of `templateFile`. */
function openSqliteTestDatabase(templateFile: string | undefined, options: OpenOptions): TestDatabase {
  const dir = mkdtempSync(path.join(tmpdir(), 'atrium-test-'));
  const file = path.join(dir, 'atrium.db');
  if (templateFile) copyFileSync(templateFile, file);
  return openTestDatabase(`sqlite:${file}`, options, async () => rmSync(dir, { recursive: true, force: true }));
}

function openPostgresTestDatabase(name: string, options: OpenOptions): TestDatabase {
  const target = new URL(PG_ADMIN_URL);
  target.pathname = `/${name}`;
  return openTestDatabase(target.toString(), options, () => withAdminClient((client) => client.query(`drop database if exists ${name} with (force)`)));
}

/** The database at `url`, opened; `cleanup` closes it, then `remove`s it. */
function openTestDatabase(url: string, options: OpenOptions, remove: () => Promise<unknown>): TestDatabase {
  const db = openDatabase(url, options);
  return {
    db,
    url,
    async cleanup() {
      await db.destroy();
      await remove();
    },
  };
}

/**
 * A database migrated to the latest version, for tests that do not test migrations. The server
 * suite migrates one template per run (test/global-setup.ts) and copies it for each test: a
 * PostgreSQL `CREATE DATABASE ... TEMPLATE` or a copy of the SQLite file costs a fraction of running
 * the ~60 migrations again (docs/performance.md, "CI time"). Without a template it migrates itself.
 */
export async function createMigratedTestDatabase(options: OpenOptions = {}): Promise<TestDatabase> {
  const templateUrl = inject('migratedTemplateUrl');
  if (!templateUrl) {
    const database = await createTestDatabase(options);
    await migrateToLatest(database.db);
    return database;
  }
  if (TEST_DIALECT === 'sqlite') return openSqliteTestDatabase(templateUrl.slice('sqlite:'.length), options);
  const name = `atrium_test_${randomBytes(6).toString('hex')}`;
  const templateName = new URL(templateUrl).pathname.slice(1);
  await withAdminClient((client) => client.query(`create database ${name} template ${templateName}`));
  return openPostgresTestDatabase(name, options);
}

/**
 * Creates and migrates the run's template (test/global-setup.ts). Its connections are closed: a
 * PostgreSQL template cannot be copied while anyone is connected to it, and a closed SQLite file
 * has its write-ahead log folded in, so copying the one file copies everything.
 */
export async function createTemplateDatabase(): Promise<{ url: string; cleanup(): Promise<void> }> {
  const database = await createTestDatabase();
  await migrateToLatest(database.db);
  await database.db.destroy();
  if (TEST_DIALECT === 'sqlite') {
    const file = database.url.slice('sqlite:'.length);
    if (existsSync(`${file}-wal`)) throw new Error('the template database kept a write-ahead log after closing');
    return { url: database.url, cleanup: async () => rmSync(path.dirname(file), { recursive: true, force: true }) };
  }
  const name = new URL(database.url).pathname.slice(1);
  return {
    url: database.url,
    cleanup: () => withAdminClient((client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

/** Drops a PostgreSQL test database without FORCE: fails while any connection is still open. */
export async function dropPostgresDatabaseStrictly(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  await withAdminClient((client) => client.query(`drop database ${name}`));
}
