import { randomBytes, randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { PasswordHasher } from '../../platform/password.js';
import { createRepositories, type Repositories } from '../repositories.js';
import type { DB } from '../schema.js';
import type { NewCompany } from '../../modules/company/company.repository.js';
import type { NewDepartment } from '../../modules/department/department.repository.js';
import type { NewLocation } from '../../modules/location/location.repository.js';
import type { NewRole } from '../../modules/role/role.repository.js';
import type { NewUser } from '../../modules/user/user.repository.js';

/**
 * Building blocks shared by the demo seed and the tests' factories, so both make rows the same
 * way the application does (through the repositories).
 */
export interface SeedContext {
  /** The seed's transaction, for bulk rows no repository writes (the demo's meetings). */
  db: Kysely<DB>;
  repositories: Repositories;
  hasher: PasswordHasher;
  /** Creation time of the rows, epoch milliseconds. */
  now: number;
}

export function seedContext(db: Kysely<DB>, hasher: PasswordHasher, now: number): SeedContext {
  return { db, repositories: createRepositories(db), hasher, now };
}

export const createCompany = (ctx: SeedContext, company: NewCompany) => ctx.repositories.companies.insertCompany(company, ctx.now);

export const createRole = (ctx: SeedContext, role: NewRole) => ctx.repositories.roles.insertRole(role, ctx.now);

export const createDepartment = (ctx: SeedContext, department: NewDepartment) =>
  ctx.repositories.departments.insertDepartment(department, ctx.now);

export const createLocation = (ctx: SeedContext, location: NewLocation) => ctx.repositories.locations.insertLocation(location, ctx.now);

export type NewUserWithPassword = Omit<NewUser, 'passwordHash'> & {
  /** Hashed before storing; when absent the account gets a random password nobody knows. */
  password?: string;
};

/** A user; without a password the account is unusable until activated (a later issue). */
export async function createUser(ctx: SeedContext, user: NewUserWithPassword): Promise<number> {
  const { password, ...rest } = user;
  const passwordHash = await ctx.hasher.hash(password ?? randomBytes(32).toString('base64url'));
  return ctx.repositories.users.insertUser({ ...rest, passwordHash }, ctx.now);
}

/** Letters and digits that cannot be mistaken for one another when read aloud or copied by hand. */
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';

/** A strong random password: `length` characters with at least one upper, one lower and one digit. */
export function generatePassword(length = 16): string {
  const all = UPPER + LOWER + DIGITS;
  const pick = (alphabet: string) => alphabet[randomInt(alphabet.length)]!;
  const chars = [pick(UPPER), pick(LOWER), pick(DIGITS)];
  while (chars.length < length) chars.push(pick(all));
  // Fisher-Yates, so the guaranteed classes are not always at the front.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
