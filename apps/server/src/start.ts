import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/database.js';
import { migrateToLatest } from './db/migrations/index.js';
import { DEMO_COMPANY, seedDemo } from './db/seeds/demo.js';
import { createOffsetClock, systemClock, type Clock } from './platform/clock.js';

export interface StartOptions {
  /** Where the one-time admin password notice goes; stdout by default. */
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

/** The notice printed when the seed generated the admin password; it is never shown again. */
export function adminPasswordNotice(password: string): string {
  const rule = '-'.repeat(72);
  return [
    rule,
    `Atrium created the demo company "${DEMO_COMPANY.name}".`,
    `Sign in as admin with the password: ${password}`,
    'This password is shown only this once and is stored only as a hash.',
    'You will be asked to replace it at the first sign-in.',
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
    if (seed.adminPasswordGenerated) (options.out ?? process.stdout).write(adminPasswordNotice(seed.adminPasswordGenerated));
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
