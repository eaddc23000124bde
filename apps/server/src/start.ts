import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/database.js';
import { migrateToLatest } from './db/migrations/index.js';
import { DEMO_COMPANY, seedDemo } from './db/seeds/demo.js';
import { createOperatorRepository } from './modules/operator/operator.repository.js';
import { ensureOperator } from './modules/operator/operator.service.js';
import { createPasswordHasher } from './platform/password.js';
import { createOffsetClock, systemClock, type Clock } from './platform/clock.js';

export interface StartOptions {
  /** Where the notice naming the generated admin password's file goes; stdout by default. */
  out?: { write(text: string): unknown };
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
}

export interface RunningServer {
  app: FastifyInstance;
  db: Database;
  /** The address the server listens on, e.g. http://127.0.0.1:3000. */
  address: string;
  /** Stops accepting requests, finishes those in flight, then releases the database. */
  close(): Promise<void>;
}

/** Where a generated first password of `admin` is written: readable by the server's user alone. */
export const ADMIN_PASSWORD_FILE = 'initial-admin-password';

/**
 * Writes a generated first password to a file only the server's user may read, and answers the
 * notice for the start-up output. The password itself never goes to the output: under a service
 * manager the output is a log, and no secret is ever written to a log (docs/decisions/0007).
 */
export function keepGeneratedAdminPassword(dataDir: string, password: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, ADMIN_PASSWORD_FILE);
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  const rule = '-'.repeat(72);
  return [
    rule,
    `Atrium created the demo company "${DEMO_COMPANY.name}".`,
    `Sign in as admin with the first password written to ${file}`,
    '(readable by this user only; the database keeps only its hash).',
    'You will be asked to replace it at the first sign-in; then delete the file.',
    rule,
    '',
  ].join('\n');
}

/** Start-up: open the database, migrate, seed an empty installation, build the app and listen. */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const clock = options.clock ?? (config.clockOffsetFile ? createOffsetClock(config.clockOffsetFile) : systemClock);
  const db = openDatabase(config.database);
  try {
    await migrateToLatest(db);
    const seed = await seedDemo(db, { adminPassword: config.adminPassword, clock });
    if (seed.adminPasswordGenerated) (options.out ?? process.stdout).write(keepGeneratedAdminPassword(config.dataDir, seed.adminPasswordGenerated));
    if (config.operator) await ensureOperator({ operators: createOperatorRepository(db.kysely), hasher: createPasswordHasher(), clock }, config.operator);
    const app = await buildApp({ config, db, clock, ...(options.logger !== undefined ? { logger: options.logger } : {}) });
    if (config.clockOffsetFile) app.log.warn({ file: config.clockOffsetFile }, 'the clock follows an offset file (ATRIUM_CLOCK_OFFSET_FILE); for tests only');
    try {
      const address = await app.listen({ port: config.port, host: config.host });
      return {
        app,
        db,
        address,
        async close() {
          await app.close();
          await db.destroy();
        },
      };
    } catch (error) {
      await app.close();
      throw error;
    }
  } catch (error) {
    await db.destroy();
    throw error;
  }
}
