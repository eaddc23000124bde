import type { Kysely } from 'kysely';
import { fullNameOf } from '@atrium/contract';
import type { DB, Gender } from '../../db/schema.js';
import { prepareQuery } from '../../db/prepared.js';
import { LOCATION_LEVEL } from '../location/location.repository.js';
import { namedOrNull } from '../../db/rows.js';

export interface NewUser {
  companyId: number;
  userName: string;
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  /** Defaults to first and last name joined. */
  fullName?: string;
  usercode?: string | null;
  phone?: string | null;
  gender?: Gender;
  avatar?: string | null;
  roleId: number;
  departmentId?: number | null;
  locationId?: number | null;
  passwordHash: string;
  mustChangePassword?: boolean;
  passwordChangedAt?: number | null;
  isActive?: boolean;
  isSso?: boolean;
}

/** What sign-in needs to know about an account. */
export interface SignInCandidate {
  id: number;
  companyId: number;
  userNameLower: string;
  passwordHash: string;
  mustChangePassword: boolean;
}

/** A user with the names of their company, role, department and location, for presenters. */
export interface UserProfile {
  id: number;
  companyId: number;
  userName: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  fullName: string;
  usercode: string | null;
  phone: string | null;
  gender: Gender;
  avatar: string | null;
  /** The user's own IANA time zone; null follows the browser's. */
  timeZone: string | null;
  mustChangePassword: boolean;
  passwordChangedAt: number | null;
  createdAt: number;
  company: { id: number; name: string; logo: string | null };
  /** The role's permissions are not here: the guard's (AuthContext.permissions) are the ones that count. */
  role: { id: number; name: string };
  department: { id: number; name: string } | null;
  /** The assigned location when it is a room (`userGroupDto.roomLocations`). */
  roomLocation: { id: number; locationName: string; level: number } | null;
}

export interface Credentials {
  userNameLower: string;
  passwordHash: string;
  passwordChangedAt: number | null;
  createdAt: number;
}

/**
 * A user's profile: the user with the names of their company, role, department and location. The
 * session lookup of routes that present the caller (session.repository.ts) extends this query, so
 * the profile comes in the session's own round trip.
 */
export function selectProfiles(db: Kysely<DB>) {
  return db
    .selectFrom('users as u')
    .innerJoin('companies as c', 'c.id', 'u.company_id')
    .innerJoin('roles as r', (join) => join.onRef('r.id', '=', 'u.role_id').onRef('r.company_id', '=', 'u.company_id'))
    .leftJoin('departments as d', (join) => join.onRef('d.id', '=', 'u.department_id').onRef('d.company_id', '=', 'u.company_id'))
    .leftJoin('locations as l', (join) => join.onRef('l.id', '=', 'u.location_id').onRef('l.company_id', '=', 'u.company_id'))
    .select([
      'u.id', 'u.company_id', 'u.user_name', 'u.email', 'u.first_name', 'u.last_name', 'u.full_name', 'u.usercode',
      'u.phone', 'u.gender', 'u.avatar', 'u.time_zone', 'u.must_change_password', 'u.password_changed_at', 'u.created_at',
      'c.name as company_name', 'c.logo as company_logo',
      'r.id as role_id', 'r.name as role_name',
      'd.id as department_id', 'd.name as department_name',
      'l.id as location_id', 'l.name as location_name', 'l.level as location_level',
    ]);
}

type ProfileRow = Awaited<ReturnType<ReturnType<typeof selectProfiles>['executeTakeFirstOrThrow']>>;

/** The profile a `selectProfiles` row describes. */
export function toUserProfile(row: ProfileRow): UserProfile {
  return {
    id: row.id,
    companyId: row.company_id,
    userName: row.user_name,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    fullName: row.full_name,
    usercode: row.usercode,
    phone: row.phone,
    gender: row.gender,
    avatar: row.avatar,
    timeZone: row.time_zone,
    mustChangePassword: row.must_change_password === 1,
    passwordChangedAt: row.password_changed_at,
    createdAt: row.created_at,
    company: { id: row.company_id, name: row.company_name, logo: row.company_logo },
    role: { id: row.role_id, name: row.role_name },
    department: namedOrNull(row.department_id, row.department_name),
    roomLocation:
      row.location_id !== null && row.location_name !== null && row.location_level === LOCATION_LEVEL.room
        ? { id: row.location_id, locationName: row.location_name, level: row.location_level }
        : null,
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;

export function createUserRepository(db: Kysely<DB>) {
  // Read at every sign-in: compiled once (db/prepared.ts).
  const selectProfile = prepareQuery(db, (companyId: number, userId: number) =>
    selectProfiles(db).where('u.company_id', '=', companyId).where('u.id', '=', userId),
  );

  return {
    async insertUser(user: NewUser, now: number): Promise<number> {
      const fullName = user.fullName ?? fullNameOf(user.firstName, user.lastName);
      const row = await db
        .insertInto('users')
        .values({
          company_id: user.companyId,
          user_name: user.userName,
          user_name_lower: user.userName.toLowerCase(),
          email: user.email ?? null,
          email_lower: user.email ? user.email.toLowerCase() : null,
          first_name: user.firstName ?? null,
          last_name: user.lastName ?? null,
          full_name: fullName || user.userName,
          usercode: user.usercode ?? null,
          phone: user.phone ?? null,
          gender: user.gender ?? 'secret',
          avatar: user.avatar ?? null,
          role_id: user.roleId,
          department_id: user.departmentId ?? null,
          location_id: user.locationId ?? null,
          password_hash: user.passwordHash,
          must_change_password: user.mustChangePassword === false ? 0 : 1,
          password_changed_at: user.passwordChangedAt ?? null,
          is_active: user.isActive === false ? 0 : 1,
          is_sso: user.isSso ? 1 : 0,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /**
     * The active account whose user name or e-mail is `accountKey` (already lower-cased), across
     * the installation. A user-name match wins over someone else's e-mail.
     */
    async findSignInCandidate(accountKey: string): Promise<SignInCandidate | undefined> {
      const rows = await db
        .selectFrom('users')
        .select(['id', 'company_id', 'user_name_lower', 'password_hash', 'must_change_password'])
        .where((eb) => eb.or([eb('user_name_lower', '=', accountKey), eb('email_lower', '=', accountKey)]))
        .where('is_active', '=', 1)
        .limit(2)
        .execute();
      const row = rows.find((candidate) => candidate.user_name_lower === accountKey) ?? rows[0];
      if (!row) return undefined;
      return {
        id: row.id,
        companyId: row.company_id,
        userNameLower: row.user_name_lower,
        passwordHash: row.password_hash,
        mustChangePassword: row.must_change_password === 1,
      };
    },

    async findProfile(companyId: number, userId: number): Promise<UserProfile | undefined> {
      const [row] = await selectProfile(companyId, userId);
      return row && toUserProfile(row);
    },

    async findCredentials(companyId: number, userId: number): Promise<Credentials | undefined> {
      const row = await db
        .selectFrom('users')
        .select(['user_name_lower', 'password_hash', 'password_changed_at', 'created_at'])
        .where('company_id', '=', companyId)
        .where('id', '=', userId)
        .executeTakeFirst();
      return (
        row && {
          userNameLower: row.user_name_lower,
          passwordHash: row.password_hash,
          passwordChangedAt: row.password_changed_at,
          createdAt: row.created_at,
        }
      );
    },

    /** Stores a new password hash; the change also ends any pending first-sign-in change. */
    async setPassword(companyId: number, userId: number, passwordHash: string, now: number): Promise<void> {
      await db
        .updateTable('users')
        .set({ password_hash: passwordHash, must_change_password: 0, password_changed_at: now, updated_at: now })
        .where('company_id', '=', companyId)
        .where('id', '=', userId)
        .execute();
    },
  };
}
