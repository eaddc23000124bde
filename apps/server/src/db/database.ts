import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  CompiledQuery,
  SqliteAdapter,
  SqliteDialect,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  sql,
  type KyselyConfig,
  type PostgresCursor,
  type PostgresPool,
  type PostgresPoolClient,
  type RawBuilder,
  type SqliteDialectConfig,
  type SqliteStatement,
  type Transaction,
} from 'kysely';
import pg from 'pg';
import { parseDatabaseUrl, type DatabaseUrl } from '../config.js';
import { preparedStatementName } from './prepared.js';
import type { DB } from './schema.js';
import { createSqliteReaders, type SqliteReaders } from './sqlite-readers.js';

export type Dialect = 'sqlite' | 'postgres';

/** An open database: the query builder, which engine it is, and how to close it. */
export interface Database {
  kysely: Kysely<DB>;
  dialect: Dialect;
  /** Closes the connections; safe to call more than once. */
  destroy(): Promise<void>;
  /** PostgreSQL: where the pool connects, for connections of their own (LISTEN). */
  connectionString?: string;
  /** SQLite in a file: worker threads for long read-only scans (sqlite-readers.ts). */
  readers?: SqliteReaders;
  /**
   * A value that moves whenever anything in the database may have changed (and sometimes when
   * nothing did): a cache of rows compares it instead of reading them again. Rows read after the
   * stamp was taken are current for as long as it stays the same; take it before the read.
   * SQLite: `sqliteChangeStamp`, without a query; PostgreSQL: `postgresChangeStamp`, one round trip.
   */
  changeStamp: () => string | Promise<string>;
  /** `changeStamp` where it is read without a query (SQLite), for caches that only pay off then. */
  changeStampNow?: () => string;
}

const PG_INT8 = 20;
// Epoch-millisecond timestamps and counts are int8; they fit a JS number exactly (below 2^53).
pg.types.setTypeParser(PG_INT8, Number);

export interface OpenOptions {
  /** Told the SQL of every statement run, failed ones included (tests count the statements of a request). */
  onQuery?: (sql: string) => void;
}

/** Opens the database a URL names (see config.ts): `sqlite:<path>`, `sqlite::memory:` or `postgres://...`. */
export function openDatabase(url: string | DatabaseUrl, options: OpenOptions = {}): Database {
  const target = typeof url === 'string' ? parseDatabaseUrl(url) : url;
  if (target.dialect === 'sqlite') return openSqlite(target.filename, options);
  return openPostgres(target.connectionString, options);
}

function logOption({ onQuery }: OpenOptions): Pick<KyselyConfig, 'log'> {
  return onQuery ? { log: (event) => onQuery(event.query.sql) } : {};
}

function openSqlite(filename: string, options: OpenOptions): Database {
  if (filename !== ':memory:') mkdirSync(path.dirname(filename), { recursive: true });
  const connection = new SqliteDatabase(filename);
  connection.pragma('journal_mode = WAL');
  // synchronous stays FULL: every acknowledged commit is on disk, a power cut included. NORMAL would
  // save a flush per commit (about 0.3 ms) at the price of the last commits on a power cut (issue 18).
  connection.pragma('foreign_keys = ON');
  // Several processes (or a backup tool) may hold the file: a statement that finds it locked fails at
  // once and is tried again without holding up the event loop (LockWaitingSqliteDialect).
  connection.pragma('busy_timeout = 0');
  const dialect = new LockWaitingSqliteDialect({ database: withStatementCache(connection) }, () => connection.inTransaction);
  const kysely = new Kysely<DB>({ dialect, ...logOption(options) });
  // An in-memory database has no file another connection could read.
  const readers = filename === ':memory:' ? undefined : createSqliteReaders(filename);
  const changeStamp = sqliteChangeStamp(connection);
  return {
    kysely,
    dialect: 'sqlite',
    changeStamp,
    changeStampNow: changeStamp,
    ...(readers ? { readers } : {}),
    destroy: once(async () => {
      await readers?.close();
      await kysely.destroy();
    }),
  };
}

/**
 * The connection's count of rows it ever inserted, updated or deleted (triggers' included) and
 * SQLite's `data_version`, which moves when another connection (another process, a backup)
 * commits. Neither goes back: a transaction's changes move the stamp, and one rolled back leaves
 * the rows read afterwards as they are.
 */
function sqliteChangeStamp(connection: SqliteDatabase.Database): () => string {
  // Two statements: about 2.4 µs together, against 3.6–5 for one reading the pragma as a table.
  const changes = connection.prepare('select total_changes()').pluck();
  const version = connection.prepare('pragma data_version').pluck();
  return () => `${changes.get() as number}:${version.get() as number}`;
}

/** How long a statement waits for another process's write lock before it fails with SQLITE_BUSY. */
export const SQLITE_LOCK_WAIT_MS = 5000;

/**
 * SQLite with other processes on the same file (a second server, a backup tool), without blocking.
 *
 * SQLite's own busy handler waits for a lock by sleeping in the calling thread; with better-sqlite3
 * that is Node's only thread, so a process waiting up to 5 s for another's lock served nothing else
 * meanwhile, and two connections in one process (the tests' two "processes") could not wait for each
 * other at all: the waiting one held up the event loop the other needed to commit, and both gave up
 * after the timeout. Here the busy timeout is 0 and the driver waits: a statement that finds the
 * database locked outside a transaction (a single statement, or the BEGIN of one) is tried again after
 * a pause that grows from 1 to 25 ms, until `SQLITE_LOCK_WAIT_MS` have passed.
 *
 * Every transaction begins IMMEDIATE (the write lock at BEGIN; SQLite's default DEFERRED takes it at
 * the first write): a statement inside a transaction then never waits for a lock, and a transaction
 * never fails half-way because another process wrote since its first read. One connection already
 * runs one transaction at a time, so taking the lock early costs this process nothing.
 */
class LockWaitingSqliteDialect extends SqliteDialect {
  readonly #isInTransaction: () => boolean;

  constructor(config: SqliteDialectConfig, isInTransaction: () => boolean) {
    super(config);
    this.#isInTransaction = isInTransaction;
  }

  override createDriver(): Driver {
    const driver = super.createDriver();
    const isInTransaction = this.#isInTransaction;
    const waiting = new WeakMap<DatabaseConnection, DatabaseConnection>();
    const wrap = (connection: DatabaseConnection): DatabaseConnection => {
      let wrapped = waiting.get(connection);
      if (!wrapped) {
        wrapped = {
          executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
            try {
              return connection.executeQuery<R>(query);
            } catch (error) {
              if (!isLockBusy(error) || isInTransaction()) throw error;
              return executeWhenUnlocked(connection, query, isInTransaction);
            }
          },
          streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
        };
        waiting.set(connection, wrapped);
      }
      return wrapped;
    };
    return {
      init: () => driver.init(),
      acquireConnection: async () => wrap(await driver.acquireConnection()),
      beginTransaction: async (connection) => {
        await connection.executeQuery(CompiledQuery.raw('begin immediate'));
      },
      commitTransaction: (connection) => driver.commitTransaction(connection),
      rollbackTransaction: (connection) => driver.rollbackTransaction(connection),
      savepoint: (connection, name, compile) => driver.savepoint!(connection, name, compile),
      rollbackToSavepoint: (connection, name, compile) => driver.rollbackToSavepoint!(connection, name, compile),
      releaseSavepoint: (connection, name, compile) => driver.releaseSavepoint!(connection, name, compile),
      releaseConnection: (connection) => driver.releaseConnection(connection),
      destroy: () => driver.destroy(),
    };
  }
}

/** SQLITE_BUSY itself: another connection holds the lock. Not its extended codes (a stale snapshot, a recovery). */
function isLockBusy(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'SQLITE_BUSY';
}

async function executeWhenUnlocked<R>(connection: DatabaseConnection, query: CompiledQuery, isInTransaction: () => boolean): Promise<QueryResult<R>> {
  const deadline = Date.now() + SQLITE_LOCK_WAIT_MS;
  for (let pause = 1; ; pause = Math.min(pause * 2, 25)) {
    await new Promise((resolve) => setTimeout(resolve, pause));
    try {
      return await connection.executeQuery<R>(query);
    } catch (error) {
      if (!isLockBusy(error) || isInTransaction() || Date.now() >= deadline) throw error;
    }
  }
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query it runs, and preparing is the largest cost of a small SQLite query;
 * the same SQL text reuses its statement (least recently used ones are dropped). SQLite re-prepares
 * a cached statement by itself when the schema changes; a statement that changes the schema
 * (CREATE, ALTER, DROP) is never cached and empties the cache, so no cached row shape outlives the
 * columns it names.
 */
function withStatementCache(connection: SqliteDatabase.Database): SqliteDialectConfig['database'] {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => connection.close(),
    prepare(query: string) {
      let statement = statements.get(query);
      if (statement) {
        statements.delete(query);
      } else {
        statement = rowsBuiltInJavaScript(connection.prepare(query));
        if (!statement.reader && SCHEMA_CHANGE.test(query)) {
          statements.clear();
          return statement;
        }
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      }
      statements.set(query, statement);
      return statement;
    },
  };
}

const SCHEMA_CHANGE = /^\s*(create|alter|drop)\b/i;

/**
 * A reading statement whose rows come from SQLite as arrays and become objects in JavaScript, one
 * object shape per statement (issue 18). better-sqlite3 builds each row object from C++ a property
 * at a time, which cost the 500-room board about 2 µs a row, more than SQLite spent finding it;
 * the arrays and an object literal per row cost about half. Same objects as before: one property
 * per result column in order, the later of two equal names winning.
 */
function rowsBuiltInJavaScript(statement: SqliteDatabase.Statement): SqliteStatement {
  if (!statement.reader) return statement;
  const names = statement.columns().map((column) => column.name);
  // The generated function only reads array slots into properties whose names are JSON literals.
  const toObject = new Function('row', `return { ${names.map((name, index) => `${JSON.stringify(name)}: row[${index}]`).join(', ')} };`) as (
    row: unknown[],
  ) => Record<string, unknown>;
  const raw = statement.raw(true);
  return {
    reader: true,
    all(parameters: ReadonlyArray<unknown>) {
      const rows = raw.all(parameters) as unknown[][];
      const objects = new Array<Record<string, unknown>>(rows.length);
      for (let index = 0; index < rows.length; index++) objects[index] = toObject(rows[index]!);
      return objects;
    },
    run: (parameters: ReadonlyArray<unknown>) => raw.run(parameters),
    *iterate(parameters: ReadonlyArray<unknown>) {
      for (const row of raw.iterate(parameters) as IterableIterator<unknown[]>) yield toObject(row);
    },
  };
}

function openPostgres(connectionString: string, options: OpenOptions): Database {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle connection that the server ends (a restart, an administrator, a dropped test database)
  // reports through the pool; unheard, that error would stop the process. The pool replaces the
  // connection on its next use, so a warning is all it needs.
  pool.on('error', (error) => {
    process.emitWarning(`PostgreSQL ended an idle connection: ${error.message}`, { code: 'ATRIUM_PG_IDLE' });
  });
  const kysely = new Kysely<DB>({ dialect: new PostgresDialect({ pool: withPreparedStatements(pool) }), ...logOption(options) });
  return { kysely, dialect: 'postgres', changeStamp: () => postgresChangeStamp(kysely), destroy: once(() => kysely.destroy()), connectionString };
}

/**
 * The server's current snapshot: the first transaction id not yet given out and the ones still
 * running. A transaction that writes takes an id (the first moves) and leaves the running list
 * when it ends, so while the snapshot stays the same nothing was committed anywhere, in this
 * process or another. Reading it gives out no id.
 */
async function postgresChangeStamp(kysely: Kysely<DB>): Promise<string> {
  const { rows } = await sql<{ stamp: string }>`select ${changeStampSql(kysely)} as stamp`.execute(kysely);
  return rows[0]!.stamp;
}

/**
 * `changeStamp()` as a column of a statement that runs anyway (the session lookup reads it with the
 * session, saving PostgreSQL a round trip): the same value, as text. On SQLite the statement must
 * run on the main connection, as every Kysely statement does.
 */
export function changeStampSql(kysely: Kysely<DB>): RawBuilder<string> {
  return kysely.getExecutor().adapter instanceof SqliteAdapter
    ? sql<string>`(total_changes() || ':' || (select data_version from pragma_data_version))`
    : sql<string>`pg_current_snapshot()::text`;
}

/**
 * The pool as Kysely sees it, where the statements prepareQuery compiled (prepared.ts) run as named
 * prepared statements: PostgreSQL parses and plans each once per connection instead of on every
 * call. Other SQL goes through unchanged.
 */
function withPreparedStatements(pool: pg.Pool): PostgresPool {
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    const query = (textOrCursor: string | PostgresCursor<unknown>, values?: ReadonlyArray<unknown>) => {
      if (typeof textOrCursor !== 'string') return client.query(textOrCursor as unknown as pg.Submittable);
      const name = preparedStatementName(textOrCursor);
      return name ? client.query({ name, text: textOrCursor, values: values as unknown[] }) : client.query(textOrCursor, values as unknown[]);
    };
    return { query: query as unknown as PostgresPoolClient['query'], release: () => client.release() };
  };
  return {
    async connect() {
      const client = await pool.connect();
      let wrapped = clients.get(client);
      if (!wrapped) clients.set(client, (wrapped = wrap(client)));
      return wrapped;
    },
    end: () => pool.end(),
  };
}

/** The app's onClose and the shutdown path may both release the database; the second call waits for the first. */
function once(release: () => Promise<void>): () => Promise<void> {
  let released: Promise<void> | undefined;
  return () => (released ??= release());
}

/** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
export function withTransaction<T>(db: Kysely<DB>, fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return db.transaction().execute(fn);
}

/**
 * Runs `fn` in a write transaction. On SQLite it starts with BEGIN IMMEDIATE: the write lock is
 * taken before the first read, so a check-then-write (a booking) cannot interleave with another
 * process's writer, and a busy database waits at BEGIN (LockWaitingSqliteDialect) instead of
 * failing with SQLITE_BUSY at the first write. On PostgreSQL it is a plain transaction (the
 * constraints do the guarding). `fn` must use only the handle it is given.
 */
export async function withWriteTransaction<T>(db: Kysely<DB>, fn: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return db.transaction().execute(fn);
  return db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      const result = await fn(connection);
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      // Also after a failed COMMIT: the connection must not stay inside a transaction.
      await sql`rollback`.execute(connection).catch(() => undefined);
      throw error;
    }
  });
}

/**
 * Runs `fn` in a write transaction that holds a lock on each of `keys` until it ends, for a
 * check-then-write keyed by something that has no row to lock (a sign-in's account and address).
 * SQLite's write lock (BEGIN IMMEDIATE) already serialises every writer; PostgreSQL takes a
 * transaction-level advisory lock per key, in sorted order so two callers never wait on each other.
 */
export async function withKeyLocks<T>(db: Kysely<DB>, keys: string[], fn: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  return withWriteTransaction(db, async (trx) => {
    if (!(trx.getExecutor().adapter instanceof SqliteAdapter)) {
      for (const key of [...new Set(keys)].sort()) await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
    }
    return fn(trx);
  });
}

/** A trivial round trip, for the health check. */
export async function pingDatabase(db: Kysely<DB>): Promise<void> {
  await sql`select 1`.execute(db);
}
