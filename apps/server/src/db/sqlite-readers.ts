import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * Long read-only SQLite queries (the report analysis' grouped scans) run on worker threads, each
 * with its own read-only connection to the database file. better-sqlite3 is synchronous: on the
 * main thread a 100 ms scan would hold up every other request for those 100 ms, and queries meant
 * to run side by side would run one after another. SQLite's WAL mode lets readers on other
 * connections read while the main connection writes; they see what was committed when they start.
 */
export interface SqliteReaders {
  /** Runs one read-only statement on a worker; answers its rows. */
  all<Row = Record<string, unknown>>(sql: string, parameters: readonly unknown[]): Promise<Row[]>;
  /** Ends the workers (the database's close). */
  close(): Promise<void>;
}

/**
 * The worker's program, plain CommonJS run with `eval` so the same code serves the TypeScript
 * sources under test and the compiled server. It loads better-sqlite3 from the path the main
 * thread resolved, opens the file read-only and keeps its prepared statements.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driverPath);
const connection = new Database(workerData.filename, { readonly: true, fileMustExist: true });
connection.pragma('busy_timeout = 5000');
const statements = new Map();
parentPort.on('message', ({ id, sql, parameters }) => {
  try {
    let statement = statements.get(sql);
    if (!statement) {
      statement = connection.prepare(sql);
      if (statements.size >= 100) statements.delete(statements.keys().next().value);
      statements.set(sql, statement);
    }
    parentPort.postMessage({ id, rows: statement.all(...parameters) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
`;

interface Pending {
  resolve: (rows: unknown[]) => void;
  reject: (error: Error) => void;
}

/** Workers for the file `filename`: at most `size`, started on first use, each taking the next query in turn. */
export function createSqliteReaders(filename: string, size = Math.min(4, Math.max(2, availableParallelism()))): SqliteReaders {
  const driverPath = createRequire(import.meta.url).resolve('better-sqlite3');
  const workers: Array<{ worker: Worker; pending: Map<number, Pending> }> = [];
  let nextId = 0;
  let turn = 0;
  let closed = false;

  function start() {
    const pending = new Map<number, Pending>();
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { filename, driverPath } });
    worker.on('message', (message: { id: number; rows?: unknown[]; error?: string }) => {
      const waiting = pending.get(message.id);
      if (!waiting) return;
      pending.delete(message.id);
      if (message.error !== undefined) waiting.reject(new Error(message.error));
      else waiting.resolve(message.rows ?? []);
    });
    // A worker that dies takes its queries with it; the next query starts a new one in its place.
    const fail = (error: Error) => {
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
      const index = workers.findIndex((entry) => entry.worker === worker);
      if (index >= 0) workers.splice(index, 1);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`SQLite reader stopped (exit ${code})`)));
    const entry = { worker, pending };
    workers.push(entry);
    return entry;
  }

  return {
    all<Row>(sql: string, parameters: readonly unknown[]): Promise<Row[]> {
      if (closed) return Promise.reject(new Error('The database is closed'));
      const entry = workers.length < size ? start() : workers[turn++ % workers.length]!;
      const id = nextId++;
      return new Promise<Row[]>((resolve, reject) => {
        entry.pending.set(id, { resolve: resolve as (rows: unknown[]) => void, reject });
        entry.worker.postMessage({ id, sql, parameters });
      });
    },
    async close() {
      closed = true;
      await Promise.all(workers.splice(0).map(({ worker }) => worker.terminate()));
    },
  };
}
