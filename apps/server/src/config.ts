import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  checkNewPassword,
  DEFAULT_PASSWORD_POLICY,
  formatMessage,
  SESSION_ABSOLUTE_HOURS,
  SESSION_IDLE_MINUTES,
} from '@atrium/contract';
import { publicKeyFromRaw } from './platform/licence-token.js';
import { DeploymentProfilesFile } from './modules/deployment/deployment-profiles.js';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Which engine a database URL selects and how to reach it. */
export type DatabaseUrl =
  | { dialect: 'sqlite'; /** Absolute file path, or ':memory:'. */ filename: string }
  | { dialect: 'postgres'; connectionString: string };

/** The server's settings, read once from the environment at start-up. */
export interface Config {
  port: number;
  host: string;
  /** Absolute directory holding the database file and uploads. */
  dataDir: string;
  database: DatabaseUrl;
  /** Password given to the seeded `admin` account; null makes the seed generate one. */
  adminPassword: string | null;
  /**
   * ATRIUM_OPERATOR_PASSWORD and ATRIUM_OPERATOR_NAME (default `operator`): at start-up the operator
   * of that name is created with this password, or given it again (decision 0021, "Operator area").
   */
  operator: { userName: string; password: string } | null;
  logLevel: LogLevel;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  /** Absolute directory of the built console. */
  webDist: string;
  /** Requests per minute and address before 429; 0 turns the limit off. */
  rateLimitPerMinute: number;
  /**
   * REDIS_URL (redis:// or rediss://): where the request rate limiter counts, shared by every process.
   * Null: through the database on PostgreSQL, in the process on SQLite (decision 0022).
   */
  redisUrl: string | null;
  /** REDIS_KEY_PREFIX: the first part of every key Atrium writes to Redis (several installations on one Redis). */
  redisKeyPrefix: string;
  /** Fastify's trustProxy: whether X-Forwarded-* headers are believed (behind a load balancer). */
  trustProxy: boolean | number | string[];
  /** SMTP server mails go through (smtp:// or smtps://); null keeps mails in the outbox only. */
  smtpUrl: string | null;
  /** The MQTT broker devices and door controllers listen on (mqtt:// or mqtts://); null: none. */
  mqttUrl: string | null;
  /** The first level of every topic Atrium publishes (`<prefix>/<company id>/...`). */
  mqttTopicPrefix: string;
  /**
   * MQTT_BROKER_AUTH: `none`, the broker checks nobody (keep it private); `dynsec`, Atrium keeps each activated
   * device's account on Mosquitto's dynamic security plug-in through MQTT_URL's user, a dynsec admin.
   */
  mqttBrokerAuth: 'none' | 'dynsec';
  /** MQTT_BROKER_TIMEOUT_SECONDS: how long a dynsec command waits for the broker's answer, in ms. */
  mqttBrokerTimeoutMs: number;
  /** Sender of the mails. */
  mailFrom: string;
  /** How often scheduled jobs are offered to this process, in ms; 0 runs none (tests call them directly). */
  schedulerTickMs: number;
  /** The console's address as users reach it, without a trailing slash; links in mails start with it. */
  publicUrl: string;
  /**
   * PUBLIC_URL's origin (scheme, host, port) when PUBLIC_URL is set: the cross-site check compares a
   * request's Origin or Referer with it. Null: with the request's own origin as Fastify sees it.
   */
  publicOrigin: string | null;
  /**
   * The OpenID issuer that counts as Google for the Google sign-in calls (`/oauth/googleAuth`,
   * `/googleOauth/*`): Google's own by default (GOOGLE_ISSUER); tests point it at their provider.
   */
  googleIssuer: string;
  /** ATRIUM_REGISTRATION: whether anyone may create a company through /register (open) or not (closed). */
  registration: 'open' | 'closed';
  /**
   * ATRIUM_PLATFORM_OPERATORS: account names (comma-separated, matched without regard to case) of the
   * people who run this deployment; they also see the door-display themes flagged internal.
   */
  platformOperators: string[];
  /**
   * ATRIUM_CLOCK_OFFSET_FILE: when set, the server's clock runs ahead of real time by the
   * milliseconds written in this file (end-to-end tests of time-driven work). Unset in production.
   */
  clockOffsetFile: string | null;
  /**
   * LICENCE_PUBLIC_KEYS: public keys this installation trusts for licences besides the ones shipped with the build,
   * as `keyId=key` pairs separated by commas (the key as `npm run licence -- keygen` prints it).
   */
  licencePublicKeys: Array<readonly [keyId: string, publicKey: string]>;
  /**
   * DEPLOYMENT_PROFILES: the profiles file (a JSON file, checked at start-up) choosing the console's home
   * page, sign-in, sign-out, help link and hidden entries by host name. Null: the standard console everywhere.
   */
  deploymentProfiles: DeploymentProfilesFile | null;
}

/** A bad environment variable; the message names it, the value and what is expected. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The console build next to this package: apps/web/dist, from both src/ and dist/. */
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));
const DEFAULT_RATE_LIMIT_PER_MINUTE = 600;

type Env = Record<string, string | undefined>;

/**
 * Parses the environment. Empty values count as unset. Relative paths are resolved against `cwd`
 * (the directory `npm start` runs from), except the default console path, which follows the code.
 */
export function parseConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };
  const dataDir = path.resolve(cwd, read('DATA_DIR') ?? './data');
  const port = parseInteger('PORT', read('PORT'), 3000, 1, 65_535);
  const publicUrl = parsePublicUrl(read('PUBLIC_URL'), port);
  return {
    port,
    host: read('HOST') ?? '0.0.0.0',
    dataDir,
    database: parseDatabaseUrl(read('DATABASE_URL') ?? `sqlite:${path.join(dataDir, 'atrium.db')}`, cwd),
    adminPassword: parseAdminPassword(env.ATRIUM_ADMIN_PASSWORD),
    operator: parseOperator(read('ATRIUM_OPERATOR_NAME'), env.ATRIUM_OPERATOR_PASSWORD),
    logLevel: parseLogLevel(read('LOG_LEVEL')),
    sessionIdleMinutes: parseInteger('SESSION_IDLE_MINUTES', read('SESSION_IDLE_MINUTES'), SESSION_IDLE_MINUTES, 1, 525_600),
    sessionAbsoluteHours: parseInteger('SESSION_ABSOLUTE_HOURS', read('SESSION_ABSOLUTE_HOURS'), SESSION_ABSOLUTE_HOURS, 1, 87_600),
    webDist: read('WEB_DIST') ? path.resolve(cwd, read('WEB_DIST')!) : DEFAULT_WEB_DIST,
    rateLimitPerMinute: parseInteger('RATE_LIMIT_PER_MINUTE', read('RATE_LIMIT_PER_MINUTE'), DEFAULT_RATE_LIMIT_PER_MINUTE, 0, 1_000_000),
    redisUrl: parseRedisUrl(read('REDIS_URL')),
    redisKeyPrefix: read('REDIS_KEY_PREFIX') ?? 'atrium:',
    trustProxy: parseTrustProxy(read('TRUST_PROXY')),
    smtpUrl: parseSmtpUrl(read('SMTP_URL')),
    mqttUrl: parseMqttUrl(read('MQTT_URL')),
    mqttTopicPrefix: parseTopicPrefix(read('MQTT_TOPIC_PREFIX')),
    mqttBrokerAuth: parseBrokerAuth(read('MQTT_BROKER_AUTH'), read('MQTT_URL')),
    mqttBrokerTimeoutMs: parseInteger('MQTT_BROKER_TIMEOUT_SECONDS', read('MQTT_BROKER_TIMEOUT_SECONDS'), 5, 1, 60) * 1000,
    mailFrom: read('MAIL_FROM') ?? 'Atrium <no-reply@atrium.localhost>',
    schedulerTickMs: parseInteger('SCHEDULER_TICK_SECONDS', read('SCHEDULER_TICK_SECONDS'), 30, 0, 3600) * 1000,
    publicUrl,
    publicOrigin: read('PUBLIC_URL') === undefined ? null : new URL(publicUrl).origin,
    googleIssuer: (read('GOOGLE_ISSUER') ?? 'https://accounts.google.com').replace(/\/$/, ''),
    registration: parseRegistration(read('ATRIUM_REGISTRATION')),
    platformOperators: parseNameList(read('ATRIUM_PLATFORM_OPERATORS')),
    clockOffsetFile: read('ATRIUM_CLOCK_OFFSET_FILE') ? path.resolve(cwd, read('ATRIUM_CLOCK_OFFSET_FILE')!) : null,
    licencePublicKeys: parseLicenceKeys(read('LICENCE_PUBLIC_KEYS')),
    deploymentProfiles: parseDeploymentProfiles(read('DEPLOYMENT_PROFILES'), cwd),
  };
}

function parseLicenceKeys(value: string | undefined): Config['licencePublicKeys'] {
  if (value === undefined) return [];
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const [keyId = '', key = ''] = entry.split('=').map((part) => part.trim());
      if (!entry.includes('=') || !/^[A-Za-z0-9._-]{1,64}$/.test(keyId)) throw new ConfigError(`LICENCE_PUBLIC_KEYS has "${entry}": expected keyId=publicKey pairs separated by commas`);
      try {
        publicKeyFromRaw(key);
      } catch (error) {
        throw new ConfigError(`LICENCE_PUBLIC_KEYS names key "${keyId}": ${(error as Error).message}`);
      }
      return [keyId, key] as const;
    });
}

/** Reads and checks the DEPLOYMENT_PROFILES file; every problem is named with its place in the file. */
export function parseDeploymentProfiles(value: string | undefined, cwd: string = process.cwd()): DeploymentProfilesFile | null {
  if (value === undefined) return null;
  const file = path.resolve(cwd, value);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError(`DEPLOYMENT_PROFILES is "${value}": the file cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`DEPLOYMENT_PROFILES is "${value}": not valid JSON (${(error as Error).message})`);
  }
  const parsed = DeploymentProfilesFile.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.length ? issue.path.join('.') : '(file)'}: ${issue.message}`);
    throw new ConfigError(`DEPLOYMENT_PROFILES is "${value}": ${problems.join('; ')}`);
  }
  return parsed.data;
}

function parseInteger(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < min || number > max) {
    throw new ConfigError(`${name} is "${value}": expected a whole number from ${min} to ${max}`);
  }
  return number;
}

function parseLogLevel(value: string | undefined): LogLevel {
  if (value === undefined) return 'info';
  const level = value.toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(level)) {
    throw new ConfigError(`LOG_LEVEL is "${value}": expected one of ${LOG_LEVELS.join(', ')}`);
  }
  return level as LogLevel;
}

const DATABASE_URL_EXPECTED =
  'expected sqlite:<path>, sqlite::memory: or postgres://user:password@host:port/database';

/** Parses DATABASE_URL; a relative SQLite path is resolved against `cwd`. */
export function parseDatabaseUrl(value: string, cwd: string = process.cwd()): DatabaseUrl {
  if (value === 'sqlite::memory:') return { dialect: 'sqlite', filename: ':memory:' };
  if (value.startsWith('sqlite:')) {
    const file = value.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (!file) throw new ConfigError(`DATABASE_URL is "${value}": the SQLite path is empty; ${DATABASE_URL_EXPECTED}`);
    return { dialect: 'sqlite', filename: path.resolve(cwd, file) };
  }
  if (/^postgres(ql)?:\/\//.test(value)) {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new ConfigError(`DATABASE_URL is "${redactUrl(value)}": not a valid URL; ${DATABASE_URL_EXPECTED}`);
    }
    if (!url.hostname) {
      throw new ConfigError(`DATABASE_URL is "${redactUrl(value)}": the host is missing; ${DATABASE_URL_EXPECTED}`);
    }
    return { dialect: 'postgres', connectionString: value };
  }
  throw new ConfigError(`DATABASE_URL is "${redactUrl(value)}": ${DATABASE_URL_EXPECTED}`);
}

/** Hides a password inside a URL so error messages and logs never show it. */
export function redactUrl(value: string): string {
  return value.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@]*:)[^@/]*@/i, '$1***@');
}

function parseAdminPassword(value: string | undefined): string | null {
  // Leading or trailing spaces are refused rather than trimmed, so the password works as typed.
  if (value === undefined || value === '') return null;
  const problem = checkNewPassword(value, DEFAULT_PASSWORD_POLICY);
  if (problem) {
    // The value is a secret, so the message describes it instead of printing it.
    throw new ConfigError(
      `ATRIUM_ADMIN_PASSWORD is set to a value that is refused (${formatMessage(problem, 'en-US')}): ` +
        `expected at least ${DEFAULT_PASSWORD_POLICY.minLength} characters without spaces`,
    );
  }
  return value;
}

function parseOperator(name: string | undefined, password: string | undefined): Config['operator'] {
  if (password === undefined || password === '') return null;
  const userName = name ?? 'operator';
  if (!/^[A-Za-z0-9._@-]{1,64}$/.test(userName)) {
    throw new ConfigError(`ATRIUM_OPERATOR_NAME is "${userName}": expected up to 64 letters, digits or . _ @ -`);
  }
  const problem = checkNewPassword(password, DEFAULT_PASSWORD_POLICY);
  if (problem) {
    throw new ConfigError(
      `ATRIUM_OPERATOR_PASSWORD is set to a value that is refused (${formatMessage(problem, 'en-US')}): ` +
        `expected at least ${DEFAULT_PASSWORD_POLICY.minLength} characters without spaces`,
    );
  }
  return { userName, password };
}

function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  if (entries.every((entry) => /^[0-9a-f.:]+(\/\d{1,3})?$/i.test(entry))) return entries;
  throw new ConfigError(
    `TRUST_PROXY is "${value}": expected true, false, a number of proxy hops or a comma-separated list of addresses`,
  );
}

function parseSmtpUrl(value: string | undefined): string | null {
  if (value === undefined) return null;
  if (!/^smtps?:\/\/[^/]+/.test(value)) {
    throw new ConfigError(`SMTP_URL is "${redactUrl(value)}": expected smtp://user:password@host:port or smtps://…`);
  }
  return value;
}

function parseRedisUrl(value: string | undefined): string | null {
  if (value === undefined) return null;
  if (!/^rediss?:\/\/[^/]*/.test(value) || !URL.canParse(value)) throw new ConfigError(`REDIS_URL is "${redactUrl(value)}": expected redis://user:password@host:port/db or rediss://…`);
  return value;
}

function parseMqttUrl(value: string | undefined): string | null {
  if (value === undefined) return null;
  if (!/^mqtts?:\/\/[^/]+/.test(value) || !URL.canParse(value)) throw new ConfigError(`MQTT_URL is "${redactUrl(value)}": expected mqtt://user:password@host:port or mqtts://…`);
  return value;
}

function parseBrokerAuth(value: string | undefined, mqttUrl: string | undefined): 'none' | 'dynsec' {
  if (value === undefined || value.toLowerCase() === 'none') return 'none';
  if (value.toLowerCase() !== 'dynsec') throw new ConfigError(`MQTT_BROKER_AUTH is "${value}": expected none or dynsec`);
  // The device accounts are kept through MQTT_URL's user, which must be a dynsec admin.
  const url = mqttUrl !== undefined && URL.canParse(mqttUrl) ? new URL(mqttUrl) : null;
  if (!url?.username || !url.password) throw new ConfigError('MQTT_BROKER_AUTH is "dynsec": MQTT_URL must name the broker\'s dynsec admin, mqtt://user:password@host:port');
  return 'dynsec';
}

function parseTopicPrefix(value: string | undefined): string {
  if (value === undefined) return 'atrium';
  if (!/^[A-Za-z0-9_-]{1,64}(\/[A-Za-z0-9_-]{1,64}){0,3}$/.test(value)) throw new ConfigError(`MQTT_TOPIC_PREFIX is "${value}": expected letters, digits, - and _ in up to four levels separated by /`);
  return value;
}

function parsePublicUrl(value: string | undefined, port: number): string {
  if (value === undefined) return `http://localhost:${port}`;
  if (!/^https?:\/\/[^/\s]+/.test(value) || !URL.canParse(value)) throw new ConfigError(`PUBLIC_URL is "${value}": expected http(s)://host[:port][/path]`);
  return value.replace(/\/+$/, '');
}

function parseRegistration(value: string | undefined): Config['registration'] {
  if (value === undefined) return 'open';
  const mode = value.toLowerCase();
  if (mode !== 'open' && mode !== 'closed') throw new ConfigError(`ATRIUM_REGISTRATION is "${value}": expected open or closed`);
  return mode;
}

/** A comma-separated list of account names, lower-cased, blanks dropped. */
function parseNameList(value: string | undefined): string[] {
  if (value === undefined) return [];
  return [...new Set(value.split(',').map((name) => name.trim().toLowerCase()).filter(Boolean))];
}
