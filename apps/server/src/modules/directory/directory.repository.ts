import { sql, type Kysely } from 'kysely';
import type { DirectoryOptions, DirectoryUser, Page, UserListQuery } from '@atrium/contract';
import { fullNameOf } from '@atrium/contract';
import type { DB, Gender } from '../../db/schema.js';
import { userMatches } from '../../db/like.js';
import { fetchPage } from '../../db/paging.js';
import { namedOrNull } from '../../db/rows.js';


/** The fields of a user an administrator changes. */
export interface UserChanges {
  firstName: string;
  lastName: string;
  usercode: string | null;
  phone: string | null;
  gender: Gender;
  departmentId: number | null;
  roleId: number;
  locationId: number | null;
  isActive: boolean;
}

/** The activation link behind a token, with its user. */
export interface Activation {
  companyId: number;
  userId: number;
  userName: string;
  expiresAt: number;
}

export type DirectoryRepository = ReturnType<typeof createDirectoryRepository>;

/** Queries of the directory: the company's users with their department, role and location. */
export function createDirectoryRepository(db: Kysely<DB>) {
  const selectUsers = (companyId: number) =>
    db
      .selectFrom('users as u')
      .innerJoin('roles as r', (join) => join.onRef('r.id', '=', 'u.role_id').onRef('r.company_id', '=', 'u.company_id'))
      .leftJoin('departments as d', (join) => join.onRef('d.id', '=', 'u.department_id').onRef('d.company_id', '=', 'u.company_id'))
      .leftJoin('locations as l', (join) => join.onRef('l.id', '=', 'u.location_id').onRef('l.company_id', '=', 'u.company_id'))
      .where('u.company_id', '=', companyId);

  const columns = [
    'u.id', 'u.user_name', 'u.email', 'u.first_name', 'u.last_name', 'u.full_name', 'u.usercode', 'u.phone', 'u.gender',
    'u.avatar', 'u.is_active', 'u.is_sso', 'u.created_at',
    'r.id as role_id', 'r.name as role_name',
    'd.id as department_id', 'd.name as department_name',
    'l.id as location_id', 'l.name as location_name',
  ] as const;

  type Row = {
    id: number; user_name: string; email: string | null; first_name: string | null; last_name: string | null; full_name: string;
    usercode: string | null; phone: string | null; gender: Gender; avatar: string | null; is_active: number; is_sso: number;
    created_at: number; role_id: number; role_name: string; department_id: number | null; department_name: string | null;
    location_id: number | null; location_name: string | null; is_pending: number | string | boolean;
  };

  const present = (row: Row): DirectoryUser => ({
    id: row.id,
    userName: row.user_name,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    fullName: row.full_name,
    usercode: row.usercode,
    phone: row.phone,
    gender: row.gender,
    avatar: row.avatar,
    department: namedOrNull(row.department_id, row.department_name),
    role: { id: row.role_id, name: row.role_name },
    location: row.location_id !== null && row.location_name !== null ? { id: row.location_id, name: row.location_name } : null,
    status: row.is_active === 1 ? 'active' : 'inactive',
    isPendingActivation: Number(row.is_pending) > 0,
    isSso: row.is_sso === 1,
    createdAt: Number(row.created_at),
  });

  const pendingCount = sql<number>`(select count(*) from user_activations ua where ua.user_id = u.id and ua.company_id = u.company_id)`.as('is_pending');

  return {
    /** A page of the company's users, by full name; `departmentIds` is the department filter with its sub-departments. */
    async listUsers(companyId: number, query: UserListQuery, departmentIds?: number[]): Promise<Page<DirectoryUser>> {
      let filtered = selectUsers(companyId);
      if (query.keyword) filtered = filtered.where(userMatches(query.keyword, { usercode: true }));
      if (departmentIds) filtered = filtered.where('u.department_id', 'in', departmentIds.length ? departmentIds : [-1]);
      if (query.roleId !== undefined) filtered = filtered.where('u.role_id', '=', query.roleId);
      if (query.locationId !== undefined) filtered = filtered.where('u.location_id', '=', query.locationId);
      if (query.status) filtered = filtered.where('u.is_active', '=', query.status === 'active' ? 1 : 0);
      return fetchPage(
        query,
        () => filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        (limit, offset) =>
          filtered
            .select([...columns, pendingCount])
            .orderBy('u.full_name')
            .orderBy('u.id')
            .limit(limit)
            .offset(offset)
            .execute() as Promise<Row[]>,
        present,
      );
    },

    async findUser(companyId: number, userId: number): Promise<DirectoryUser | undefined> {
      const row = await selectUsers(companyId).select([...columns, pendingCount]).where('u.id', '=', userId).executeTakeFirst();
      return row && present(row as Row);
    },

    /** The users among `ids` that belong to the company. */
    async findUsersByIds(companyId: number, ids: readonly number[]): Promise<Array<{ id: number; userName: string; fullName: string }>> {
      if (!ids.length) return [];
      const rows = await db
        .selectFrom('users')
        .select(['id', 'user_name', 'full_name'])
        .where('company_id', '=', companyId)
        .where('id', 'in', [...ids])
        .execute();
      return rows.map((row) => ({ id: row.id, userName: row.user_name, fullName: row.full_name }));
    },

    /** Whether a user name is used anywhere in the installation (sign-in names no company). */
    async isUserNameTaken(userName: string): Promise<boolean> {
      const row = await db.selectFrom('users').select('id').where('user_name_lower', '=', userName.toLowerCase()).executeTakeFirst();
      return row !== undefined;
    },

    /** Whether an e-mail address is used anywhere in the installation. */
    async isEmailTaken(email: string): Promise<boolean> {
      const row = await db.selectFrom('users').select('id').where('email_lower', '=', email.toLowerCase()).executeTakeFirst();
      return row !== undefined;
    },

    async hasDepartment(companyId: number, id: number): Promise<boolean> {
      return (await db.selectFrom('departments').select('id').where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst()) !== undefined;
    },

    async hasRole(companyId: number, id: number): Promise<boolean> {
      return (await db.selectFrom('roles').select('id').where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst()) !== undefined;
    },

    async hasLocation(companyId: number, id: number): Promise<boolean> {
      return (await db.selectFrom('locations').select('id').where('company_id', '=', companyId).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst()) !== undefined;
    },

    /** The company's default role, else its first role. */
    async findDefaultRoleId(companyId: number): Promise<number | undefined> {
      const row = await db
        .selectFrom('roles')
        .select('id')
        .where('company_id', '=', companyId)
        .orderBy('is_default', 'desc')
        .orderBy('sort_order')
        .orderBy('id')
        .executeTakeFirst();
      return row?.id;
    },

    /** The department `id` and every department below it. */
    async findDepartmentWithDescendants(companyId: number, id: number): Promise<number[]> {
      const rows = await db.selectFrom('departments').select(['id', 'parent_id']).where('company_id', '=', companyId).execute();
      const children = new Map<number, number[]>();
      for (const row of rows) if (row.parent_id !== null) children.set(row.parent_id, [...(children.get(row.parent_id) ?? []), row.id]);
      if (!rows.some((row) => row.id === id)) return [];
      const found: number[] = [];
      const queue = [id];
      while (queue.length) {
        const next = queue.shift()!;
        if (found.includes(next)) continue;
        found.push(next);
        queue.push(...(children.get(next) ?? []));
      }
      return found;
    },

    async updateUser(companyId: number, userId: number, changes: UserChanges, now: number): Promise<void> {
      await db
        .updateTable('users')
        .set({
          first_name: changes.firstName,
          last_name: changes.lastName,
          full_name: fullNameOf(changes.firstName, changes.lastName),
          usercode: changes.usercode,
          phone: changes.phone,
          gender: changes.gender,
          department_id: changes.departmentId,
          role_id: changes.roleId,
          location_id: changes.locationId,
          is_active: changes.isActive ? 1 : 0,
          updated_at: now,
        })
        .where('company_id', '=', companyId)
        .where('id', '=', userId)
        .execute();
    },

    async deleteUsers(companyId: number, ids: readonly number[]): Promise<number> {
      if (!ids.length) return 0;
      const result = await db.deleteFrom('users').where('company_id', '=', companyId).where('id', 'in', [...ids]).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async moveUsers(companyId: number, ids: readonly number[], departmentId: number | null, now: number): Promise<void> {
      await db
        .updateTable('users')
        .set({ department_id: departmentId, updated_at: now })
        .where('company_id', '=', companyId)
        .where('id', 'in', [...ids])
        .execute();
    },

    /** Lists for the directory's filters and forms. */
    async options(companyId: number): Promise<DirectoryOptions> {
      const [departments, roles, locations] = await Promise.all([
        db.selectFrom('departments').select(['id', 'name', 'parent_id']).where('company_id', '=', companyId).orderBy('sort_order').orderBy('name').execute(),
        db.selectFrom('roles').select(['id', 'name', 'is_default']).where('company_id', '=', companyId).orderBy('sort_order').orderBy('name').execute(),
        db.selectFrom('locations').select(['id', 'name', 'level']).where('company_id', '=', companyId).where('deleted_at', 'is', null).orderBy('level').orderBy('sort_order').orderBy('name').execute(),
      ]);
      return {
        departments: departments.map((row) => ({ id: row.id, name: row.name, parentId: row.parent_id })),
        roles: roles.map((row) => ({ id: row.id, name: row.name, isDefault: row.is_default === 1 })),
        locations: locations.map((row) => ({ id: row.id, name: row.name, level: row.level })),
      };
    },

    /** Replaces the user's activation links with one new link. */
    async replaceActivation(companyId: number, userId: number, tokenHash: string, expiresAt: number, now: number): Promise<void> {
      await db.deleteFrom('user_activations').where('company_id', '=', companyId).where('user_id', '=', userId).execute();
      await db.insertInto('user_activations').values({ company_id: companyId, user_id: userId, token_hash: tokenHash, expires_at: expiresAt, created_at: now }).execute();
    },

    async hasPendingActivation(companyId: number, userId: number): Promise<boolean> {
      return (await db.selectFrom('user_activations').select('id').where('company_id', '=', companyId).where('user_id', '=', userId).executeTakeFirst()) !== undefined;
    },

    /**
     * The link behind a token hash. Public pages know no company: the token itself, 256 random
     * bits, is what selects the row.
     */
    async findActivation(tokenHash: string): Promise<Activation | undefined> {
      const row = await db
        .selectFrom('user_activations as a')
        .innerJoin('users as u', (join) => join.onRef('u.id', '=', 'a.user_id').onRef('u.company_id', '=', 'a.company_id'))
        .select(['a.company_id', 'a.user_id', 'a.expires_at', 'u.user_name'])
        .where('a.token_hash', '=', tokenHash)
        .executeTakeFirst();
      return row && { companyId: row.company_id, userId: row.user_id, userName: row.user_name, expiresAt: Number(row.expires_at) };
    },

    /** Uses up a link: every link of the user goes. Answers whether this one was still there (single use). */
    async consumeActivation(companyId: number, userId: number, tokenHash: string): Promise<boolean> {
      const used = await db.deleteFrom('user_activations').where('company_id', '=', companyId).where('token_hash', '=', tokenHash).executeTakeFirst();
      await db.deleteFrom('user_activations').where('company_id', '=', companyId).where('user_id', '=', userId).execute();
      return Number(used.numDeletedRows) > 0;
    },

    async companyName(companyId: number): Promise<string> {
      const row = await db.selectFrom('companies').select('name').where('id', '=', companyId).executeTakeFirst();
      return row?.name ?? '';
    },
  };
}
