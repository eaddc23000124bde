import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyServerOptions, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { MenuNode } from '@atrium/contract';
import { buildApp, type AppDeps } from '../app.js';
import { parseConfig, type Config } from '../config.js';
import { migrateToLatest } from '../db/migrations/index.js';
import { createFakeClock, type FakeClock } from './clock.js';
import { TEST_LICENCE_KEY } from './licences.js';
import { createMigratedTestDatabase, type TestDatabase } from './database.js';
import { createCachingHasher, createFactories, type Factories, type TestUser } from './factories.js';
import { openDatabase, type Database } from '../db/database.js';
import type { PasswordHasher } from '../platform/password.js';
import { useStrictMessages } from '../platform/envelope.js';
import { useCheckedAnswers } from '../platform/fast-serializer.js';
import { useStrictOperationDetails } from '../modules/operation-log/operation-log.service.js';

export interface TestAppOptions {
  clock?: FakeClock;
  config?: Partial<Config>;
  menuCatalogue?: MenuNode[];
  logger?: FastifyServerOptions['logger'];
  /** Reuse an existing test database (a second app on the same data). */
  database?: TestDatabase;
  /** Password hasher; defaults to the caching argon2id hasher. */
  hasher?: PasswordHasher;
  /** Told the SQL of every statement the app sends (BEGIN and COMMIT included), to count what a request costs. */
  onQuery?: (sql: string) => void;
  /** false: the outbox worker runs only when drained (see AppDeps.wakeOutbox). */
  wakeOutbox?: boolean;
  /** Adds routes or hooks before the app is sealed (test-only routes). */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  /** The calendar adapter of a connection (a Graph adapter against the Graph fake). */
  calendarAdapterFor?: AppDeps['calendarAdapterFor'];
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  database: TestDatabase;
  clock: FakeClock;
  config: Config;
  factories: Factories;
  /** Closes the app and deletes the database (unless it was borrowed). */
  cleanup(): Promise<void>;
}

/** Settings for tests: no rate limit, no console build, a temporary data directory. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'atrium-data-'));
  return {
    ...parseConfig({ DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'silent', SCHEDULER_TICK_SECONDS: '0' }),
    webDist: path.join(dataDir, 'no-console-build'),
    licencePublicKeys: [[TEST_LICENCE_KEY.keyId, TEST_LICENCE_KEY.publicKey]],
    ...overrides,
  };
}

/**
 * A migrated database and an app on it, with factories and a fake clock. Messages are strict: one
 * answered with a placeholder left unfilled fails the request (platform/envelope.ts).
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  useStrictMessages();
  useStrictOperationDetails();
  useCheckedAnswers();
  const isBorrowed = options.database !== undefined;
  const queryLog = options.onQuery ? { onQuery: options.onQuery } : {};
  const database = options.database ?? (await createMigratedTestDatabase(queryLog));
  // A borrowed database gets its own connection, as a second process would.
  const db = isBorrowed ? openDatabase(database.url, queryLog) : database.db;
  // A borrowed database may be empty (migration tests build an app on one they prepared).
  if (isBorrowed) await migrateToLatest(db);
  const clock = options.clock ?? createFakeClock();
  const config = testConfig(options.config);
  const hasher = options.hasher ?? createCachingHasher();
  const app = await buildApp({
    config,
    db,
    clock,
    hasher,
    logger: options.logger ?? false,
    ...(options.wakeOutbox === undefined ? {} : { wakeOutbox: options.wakeOutbox }),
    ...(options.menuCatalogue ? { menuCatalogue: options.menuCatalogue } : {}),
    ...(options.calendarAdapterFor ? { calendarAdapterFor: options.calendarAdapterFor } : {}),
  });
  try {
    await options.beforeReady?.(app);
    await app.ready();
  } catch (error) {
    // A refused start-up must not leak the database or its connections.
    await app.close().catch(() => undefined);
    await db.destroy();
    rmSync(config.dataDir, { recursive: true, force: true });
    if (!isBorrowed) await database.cleanup();
    throw error;
  }
  return {
    app,
    db,
    database,
    clock,
    config,
    factories: createFactories(db, clock, hasher),
    async cleanup() {
      await app.close();
      rmSync(config.dataDir, { recursive: true, force: true });
      if (!isBorrowed) await database.cleanup();
    },
  };
}

export interface Answer<T = unknown> {
  status: number;
  body: { returncode: number; message: string; result: T };
  response: LightMyRequestResponse;
}

/** Sends a request and parses the envelope. */
export async function call<T = unknown>(app: FastifyInstance, options: InjectOptions): Promise<Answer<T>> {
  const response = await app.inject(options);
  let body: Answer<T>['body'];
  try {
    body = response.json();
  } catch {
    throw new Error(`Not JSON (${response.statusCode}): ${response.body.slice(0, 200)}`);
  }
  return { status: response.statusCode, body, response };
}

/** The value of a Set-Cookie for `name`, or undefined. */
export function cookieFrom(response: LightMyRequestResponse, name: string) {
  return response.cookies.find((cookie) => cookie.name === name);
}

/** Signs in through the API; returns the answer and the token. */
export async function signIn(app: FastifyInstance, user: Pick<TestUser, 'userName' | 'password'>, headers: Record<string, string> = {}) {
  const answer = await call<{ token: string; isDefaultPassword: boolean }>(app, {
    method: 'POST',
    url: '/api/login',
    payload: { userName: user.userName, password: user.password },
    headers,
  });
  return { ...answer, token: answer.body.result?.token };
}
