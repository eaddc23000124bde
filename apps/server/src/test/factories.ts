import { ALL_PERMISSIONS, type Permission } from '@atrium/contract';
import type { Database } from '../db/database.js';
import {
  createCompany,
  createDepartment,
  createLocation,
  createRole,
  createUser,
  seedContext,
  type NewUserWithPassword,
} from '../db/seeds/factories.js';
import type { NewLocation } from '../modules/location/location.repository.js';
import type { Clock } from '../platform/clock.js';
import { createPasswordHasher, type PasswordHasher } from '../platform/password.js';
import { hashSessionToken, newSessionToken } from '../platform/session-token.js';
import { createCompanyRepository } from '../modules/company/company.repository.js';
import { createSessionRepository } from '../modules/session/session.repository.js';
import { DAY_MS, HOUR_MS } from '../platform/clock.js';
import { readLicencePayload } from '../platform/licence-token.js';
import { createLicenceRepository } from '../modules/licence/licence.repository.js';
import { testLicenceToken } from './licences.js';

/** The password test users get unless a test names another. */
export const TEST_PASSWORD = 'Correct-Horse-42';

/**
 * A real argon2id hasher that remembers the hash of each password it has made: tests create many
 * users with the same password, and one hash per password keeps the suite fast. Verification
 * stays real.
 */
export function createCachingHasher(): PasswordHasher {
  const real = createPasswordHasher();
  const cache = new Map<string, Promise<string>>();
  return {
    hash(password) {
      let hash = cache.get(password);
      if (!hash) cache.set(password, (hash = real.hash(password)));
      return hash;
    },
    verify: real.verify,
    verifyDummy: real.verifyDummy,
  };
}

/** A hasher that counts its verifications, to prove what sign-in did (or did not) check. */
export function createCountingHasher(inner: PasswordHasher = createCachingHasher()) {
  const counts = { verify: 0, verifyDummy: 0 };
  const hasher: PasswordHasher = {
    hash: (password) => inner.hash(password),
    verify(storedHash, password) {
      counts.verify++;
      return inner.verify(storedHash, password);
    },
    verifyDummy(password) {
      counts.verifyDummy++;
      return inner.verifyDummy(password);
    },
  };
  return { hasher, counts };
}

export interface TestUser {
  id: number;
  companyId: number;
  roleId: number;
  userName: string;
  email: string;
  password: string;
}

export type Factories = ReturnType<typeof createFactories>;

/** Factories over the seed's building blocks, with defaults that make each row unique. */
export function createFactories(db: Database, clock: Clock, hasher: PasswordHasher = createCachingHasher()) {
  let sequence = 0;
  const next = () => ++sequence;
  const ctx = () => seedContext(db.kysely, hasher, clock.now());

  const factories = {
    /** A company; licensed for every module for 20 years (test/licences.ts) unless `isLicensed` is false. */
    async company(overrides: { name?: string; domain?: string | null; logo?: string | null; isLicensed?: boolean } = {}) {
      const n = next();
      const name = overrides.name ?? `Company ${n}`;
      const domain = overrides.domain ?? `co${n}`;
      const id = await createCompany(ctx(), { name, domain, logo: overrides.logo ?? null });
      if (overrides.isLicensed !== false) await factories.licence(id, testLicenceToken(domain, clock.now(), { validUntil: clock.now() + 20 * 365 * DAY_MS }));
      return { id, name };
    },

    /** Stores a signed licence for a company as installing it would (without the install's checks). */
    async licence(companyId: number, token: string) {
      const payload = readLicencePayload(token);
      if (!payload) throw new Error('not a licence token');
      await createLicenceRepository(db.kysely).saveLicence(companyId, {
        serial: payload.serial,
        number: payload.number,
        licensee: payload.licensee,
        isTrial: false,
        token,
        keyId: payload.keyId,
        modules: payload.modules,
        seats: payload.seats,
        validUntil: payload.validUntil,
        installedAt: clock.now(),
        installedBy: null,
      });
    },

    role(companyId: number, permissions: Iterable<Permission | string> = [], overrides: { name?: string; isDefault?: boolean } = {}) {
      return createRole(ctx(), { companyId, name: overrides.name ?? `Role ${next()}`, permissions, isDefault: overrides.isDefault ?? false });
    },

    department(companyId: number, name = `Department ${next()}`) {
      return createDepartment(ctx(), { companyId, name });
    },

    location(location: NewLocation) {
      return createLocation(ctx(), location);
    },

    /** A user with a known password who may work at once (no forced change) unless told otherwise. */
    async user(
      companyId: number,
      overrides: Partial<Omit<NewUserWithPassword, 'companyId'>> & { permissions?: Iterable<Permission | string> } = {},
    ): Promise<TestUser> {
      const n = next();
      const { permissions, ...rest } = overrides;
      const roleId = rest.roleId ?? (await factories.role(companyId, permissions ?? []));
      const userName = rest.userName ?? `user${n}.c${companyId}`;
      const email = rest.email ?? `${userName}@example.test`;
      const password = rest.password ?? TEST_PASSWORD;
      const id = await createUser(ctx(), {
        firstName: 'Test',
        lastName: `User ${n}`,
        usercode: `T${String(n).padStart(4, '0')}`,
        mustChangePassword: false,
        ...rest,
        companyId,
        roleId,
        userName,
        email,
        password,
      });
      return { id, companyId, roleId, userName, email, password };
    },

    /** A company with an administrator holding every permission, who owns the company's account. */
    async companyWithAdmin(name?: string) {
      const company = await factories.company(name ? { name } : {});
      const admin = await factories.user(company.id, { permissions: ALL_PERMISSIONS });
      await factories.setOwner(company.id, admin.id);
      return { company, admin };
    },

    /** Makes a user the company's owner. */
    setOwner(companyId: number, userId: number) {
      return createCompanyRepository(db.kysely).setOwner(companyId, userId);
    },

    /** A live session made without signing in; returns its token. */
    async session(user: TestUser, options: { mustChangePassword?: boolean; absoluteMs?: number } = {}) {
      const token = newSessionToken();
      const now = clock.now();
      await createSessionRepository(db.kysely).insertSession({
        tokenHash: hashSessionToken(token),
        userId: user.id,
        companyId: user.companyId,
        createdAt: now,
        expiresAt: now + (options.absoluteMs ?? 24 * HOUR_MS),
        ip: '127.0.0.1',
        userAgent: 'factory',
        mustChangePassword: options.mustChangePassword ?? false,
      });
      return token;
    },
  };
  return factories;
}
