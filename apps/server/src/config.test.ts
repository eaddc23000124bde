import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SESSION_ABSOLUTE_HOURS, SESSION_IDLE_MINUTES } from '@atrium/contract';
import { ConfigError, parseConfig, redactUrl } from './config.js';

const cwd = '/srv/atrium';
const parse = (env: Record<string, string>) => parseConfig(env, cwd);

/** The message of the ConfigError that parsing `env` throws. */
function failure(env: Record<string, string>): string {
  try {
    parse(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`expected ${JSON.stringify(env)} to be refused`);
}

describe('parseConfig', () => {
  it('has working defaults, with paths resolved against the working directory', () => {
    const config = parse({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: '/srv/atrium/data',
      database: { dialect: 'sqlite', filename: '/srv/atrium/data/atrium.db' },
      adminPassword: null,
      logLevel: 'info',
      sessionIdleMinutes: SESSION_IDLE_MINUTES,
      sessionAbsoluteHours: SESSION_ABSOLUTE_HOURS,
      rateLimitPerMinute: 600,
      trustProxy: false,
    });
    // The console build sits beside the server package whether running from src/ or dist/.
    expect(config.webDist).toBe(path.resolve(import.meta.dirname, '../../web/dist'));
  });

  it('reads every variable', () => {
    const config = parse({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: 'var/atrium',
      DATABASE_URL: 'postgresql://app:secret@db.internal:5432/atrium',
      ATRIUM_ADMIN_PASSWORD: 'Harbour-View-2026',
      LOG_LEVEL: 'WARN',
      SESSION_IDLE_MINUTES: '30',
      SESSION_ABSOLUTE_HOURS: '12',
      WEB_DIST: 'public',
      RATE_LIMIT_PER_MINUTE: '0',
      TRUST_PROXY: '10.0.0.0/8, 192.168.1.1',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/atrium/var/atrium',
      database: { dialect: 'postgres', connectionString: 'postgresql://app:secret@db.internal:5432/atrium' },
      adminPassword: 'Harbour-View-2026',
      logLevel: 'warn',
      sessionIdleMinutes: 30,
      sessionAbsoluteHours: 12,
      webDist: '/srv/atrium/public',
      rateLimitPerMinute: 0,
      trustProxy: ['10.0.0.0/8', '192.168.1.1'],
    });
  });

  it('reads the first operator from ATRIUM_OPERATOR_PASSWORD and ATRIUM_OPERATOR_NAME, refusing a weak password without printing it', () => {
    expect(parse({}).operator).toBeNull();
    expect(parse({ ATRIUM_OPERATOR_PASSWORD: 'Runs-The-Place-2026' }).operator).toEqual({ userName: 'operator', password: 'Runs-The-Place-2026' });
    expect(parse({ ATRIUM_OPERATOR_PASSWORD: 'Runs-The-Place-2026', ATRIUM_OPERATOR_NAME: 'ops.lead' }).operator?.userName).toBe('ops.lead');
    expect(() => parse({ ATRIUM_OPERATOR_PASSWORD: 'weak1' })).toThrow(/ATRIUM_OPERATOR_PASSWORD is set to a value that is refused/);
    expect(() => parse({ ATRIUM_OPERATOR_PASSWORD: 'weak1' })).not.toThrow(/weak1/);
    expect(() => parse({ ATRIUM_OPERATOR_PASSWORD: 'Runs-The-Place-2026', ATRIUM_OPERATOR_NAME: 'has space' })).toThrow(/ATRIUM_OPERATOR_NAME/);
  });

  it('accepts the SQLite forms and puts the default database inside DATA_DIR', () => {
    expect(parse({ DATABASE_URL: 'sqlite::memory:' }).database).toEqual({ dialect: 'sqlite', filename: ':memory:' });
    expect(parse({ DATABASE_URL: 'sqlite:./db/a.db' }).database).toEqual({ dialect: 'sqlite', filename: '/srv/atrium/db/a.db' });
    expect(parse({ DATABASE_URL: 'sqlite:/tmp/b.db' }).database).toEqual({ dialect: 'sqlite', filename: '/tmp/b.db' });
    expect(parse({ DATA_DIR: '/data' }).database).toEqual({ dialect: 'sqlite', filename: '/data/atrium.db' });
    expect(parse({ DATABASE_URL: 'postgres://localhost/x' }).database.dialect).toBe('postgres');
  });

  it('treats empty values as unset', () => {
    expect(parse({ PORT: '', LOG_LEVEL: ' ', ATRIUM_ADMIN_PASSWORD: '' })).toMatchObject({ port: 3000, logLevel: 'info', adminPassword: null });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT is "abc": expected a whole number from 1 to 65535'],
    [{ PORT: '0' }, 'PORT is "0": expected a whole number from 1 to 65535'],
    [{ PORT: '70000' }, 'PORT is "70000"'],
    [{ PORT: '80.5' }, 'PORT is "80.5"'],
    [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL is "verbose": expected one of fatal, error, warn, info, debug, trace, silent'],
    [{ SESSION_IDLE_MINUTES: '0' }, 'SESSION_IDLE_MINUTES is "0": expected a whole number from 1'],
    [{ SESSION_IDLE_MINUTES: '-5' }, 'SESSION_IDLE_MINUTES is "-5"'],
    [{ SESSION_ABSOLUTE_HOURS: 'two' }, 'SESSION_ABSOLUTE_HOURS is "two": expected a whole number from 1'],
    [{ RATE_LIMIT_PER_MINUTE: 'lots' }, 'RATE_LIMIT_PER_MINUTE is "lots": expected a whole number from 0'],
    [{ DATABASE_URL: 'mysql://root@localhost/atrium' }, 'DATABASE_URL is "mysql://root@localhost/atrium": expected sqlite:<path>'],
    [{ DATABASE_URL: 'sqlite:' }, 'DATABASE_URL is "sqlite:": the SQLite path is empty'],
    [{ DATABASE_URL: 'postgres://' }, 'DATABASE_URL is "postgres://"'],
    [{ TRUST_PROXY: 'sometimes' }, 'TRUST_PROXY is "sometimes": expected true, false'],
  ])('refuses %j with a message naming the variable, the value and what is expected', (env, message) => {
    expect(failure(env)).toContain(message);
  });

  it('refuses a weak admin password without printing it', () => {
    const message = failure({ ATRIUM_ADMIN_PASSWORD: 'hunter2' });
    expect(message).toContain('ATRIUM_ADMIN_PASSWORD');
    expect(message).toContain('at least 8 characters');
    expect(message).not.toContain('hunter2');
    expect(failure({ ATRIUM_ADMIN_PASSWORD: 'has a space in it' })).toContain('must not contain spaces');
  });

  it('never shows a database password in an error', () => {
    const message = failure({ DATABASE_URL: 'mongodb://app:topsecret@db/x' });
    expect(message).not.toContain('topsecret');
    expect(redactUrl('postgres://app:topsecret@db:5432/x')).toBe('postgres://app:***@db:5432/x');
  });
});

describe('mail settings', () => {
  it('keep mails in the outbox by default and link to the local console', () => {
    expect(parse({ PORT: '8080' })).toMatchObject({ smtpUrl: null, publicUrl: 'http://localhost:8080', mailFrom: expect.stringContaining('@') });
  });

  it('read SMTP_URL, MAIL_FROM and PUBLIC_URL (without its trailing slash)', () => {
    expect(parse({ SMTP_URL: 'smtps://u:p@mail.test:465', MAIL_FROM: 'Office <office@a.test>', PUBLIC_URL: 'https://atrium.a.test/' })).toMatchObject({
      smtpUrl: 'smtps://u:p@mail.test:465',
      mailFrom: 'Office <office@a.test>',
      publicUrl: 'https://atrium.a.test',
    });
  });

  it("take the cross-site check's origin from PUBLIC_URL only when it is set", () => {
    expect(parse({ PORT: '8080' }).publicOrigin).toBeNull();
    expect(parse({ PUBLIC_URL: 'https://Atrium.a.test:8443/office/' }).publicOrigin).toBe('https://atrium.a.test:8443');
    expect(parse({ PUBLIC_URL: 'https://atrium.a.test:443' }).publicOrigin).toBe('https://atrium.a.test');
    expect(failure({ PUBLIC_URL: 'http://[atrium' })).toContain('PUBLIC_URL');
  });

  it('refuse a bad SMTP_URL without printing its password, and a bad PUBLIC_URL', () => {
    const message = failure({ SMTP_URL: 'http://u:secret@mail.test' });
    expect(message).toContain('SMTP_URL');
    expect(message).not.toContain('secret');
    expect(failure({ PUBLIC_URL: 'atrium.test' })).toContain('PUBLIC_URL');
  });

  it('read MQTT_URL and its topic prefix, refusing a bad one without printing its password', () => {
    expect(parse({})).toMatchObject({ mqttUrl: null, mqttTopicPrefix: 'atrium' });
    expect(parse({ MQTT_URL: 'mqtt://door:pw@broker.test:1883', MQTT_TOPIC_PREFIX: 'office/eu' })).toMatchObject({ mqttUrl: 'mqtt://door:pw@broker.test:1883', mqttTopicPrefix: 'office/eu' });
    const message = failure({ MQTT_URL: 'http://door:secret@broker.test' });
    expect(message).toContain('MQTT_URL');
    expect(message).not.toContain('secret');
    // A wildcard or an empty level would publish where controllers cannot subscribe safely.
    for (const prefix of ['office/#', 'a//b', '+']) expect(failure({ MQTT_TOPIC_PREFIX: prefix })).toContain('MQTT_TOPIC_PREFIX');
  });

  it('read REDIS_URL and its key prefix, refusing a bad one without printing its password', () => {
    expect(parse({})).toMatchObject({ redisUrl: null, redisKeyPrefix: 'atrium:' });
    expect(parse({ REDIS_URL: 'redis://:pw@cache.test:6379/2', REDIS_KEY_PREFIX: 'hq:' })).toMatchObject({ redisUrl: 'redis://:pw@cache.test:6379/2', redisKeyPrefix: 'hq:' });
    const message = failure({ REDIS_URL: 'http://u:secret@cache.test' });
    expect(message).toContain('REDIS_URL');
    expect(message).not.toContain('secret');
  });

  it('reads MQTT_BROKER_AUTH: off unless dynsec, which needs the dynsec admin in MQTT_URL', () => {
    expect(parse({})).toMatchObject({ mqttBrokerAuth: 'none', mqttBrokerTimeoutMs: 5_000 });
    expect(parse({ MQTT_URL: 'mqtt://atrium:pw@broker.test:1883', MQTT_BROKER_AUTH: 'dynsec', MQTT_BROKER_TIMEOUT_SECONDS: '2' })).toMatchObject({ mqttBrokerAuth: 'dynsec', mqttBrokerTimeoutMs: 2_000 });
    expect(failure({ MQTT_BROKER_AUTH: 'go-auth' })).toContain('MQTT_BROKER_AUTH');
    expect(failure({ MQTT_URL: 'mqtt://broker.test:1883', MQTT_BROKER_AUTH: 'dynsec' })).toContain('dynsec admin');
    expect(failure({ MQTT_BROKER_AUTH: 'dynsec' })).toContain('MQTT_URL');
    expect(failure({ MQTT_BROKER_TIMEOUT_SECONDS: '0' })).toContain('MQTT_BROKER_TIMEOUT_SECONDS');
  });
});

describe('registration setting', () => {
  it('is open by default, and reads ATRIUM_REGISTRATION in any case', () => {
    expect(parse({}).registration).toBe('open');
    expect(parse({ ATRIUM_REGISTRATION: 'closed' }).registration).toBe('closed');
    expect(parse({ ATRIUM_REGISTRATION: ' Open ' }).registration).toBe('open');
  });

  it('refuses anything but open or closed', () => {
    expect(failure({ ATRIUM_REGISTRATION: 'yes' })).toBe('ATRIUM_REGISTRATION is "yes": expected open or closed');
  });
});

describe('platform operators', () => {
  it('are nobody by default, and read ATRIUM_PLATFORM_OPERATORS as lower-cased names', () => {
    expect(parse({}).platformOperators).toEqual([]);
    expect(parse({ ATRIUM_PLATFORM_OPERATORS: ' Ops.Lead, support ,,ops.lead ' }).platformOperators).toEqual(['ops.lead', 'support']);
  });
});

describe('clock offset file', () => {
  it('is off by default and resolves ATRIUM_CLOCK_OFFSET_FILE against the working directory', () => {
    expect(parse({}).clockOffsetFile).toBeNull();
    expect(parseConfig({ ATRIUM_CLOCK_OFFSET_FILE: 'tmp/clock' }, '/srv/atrium').clockOffsetFile).toBe('/srv/atrium/tmp/clock');
  });
});

describe('licence keys', () => {
  const KEY = 'RB6SvfBh2CErKTLX7vqUtUTrogSOi4Liywuduq9trcY';

  it('trusts no key of its own by default, and reads LICENCE_PUBLIC_KEYS as keyId=key pairs', () => {
    expect(parse({}).licencePublicKeys).toEqual([]);
    expect(parse({ LICENCE_PUBLIC_KEYS: ` acme-1 = ${KEY} ,, acme.2=${KEY}` }).licencePublicKeys).toEqual([
      ['acme-1', KEY],
      ['acme.2', KEY],
    ]);
  });

  it('refuses an entry that is not a key id and an Ed25519 public key', () => {
    expect(failure({ LICENCE_PUBLIC_KEYS: KEY })).toBe(`LICENCE_PUBLIC_KEYS has "${KEY}": expected keyId=publicKey pairs separated by commas`);
    expect(failure({ LICENCE_PUBLIC_KEYS: 'acme=short' })).toBe('LICENCE_PUBLIC_KEYS names key "acme": expected the base64url of a 32-byte Ed25519 public key (43 characters)');
  });
});
