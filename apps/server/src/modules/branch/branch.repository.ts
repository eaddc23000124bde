import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import type { Branch, Release, ReleaseNote, StoreCompany, StoreListBody } from '@atrium/contract';
import { containsIgnoringCase } from '../../db/like.js';
import type { BranchTable, DB } from '../../db/schema.js';

type BranchRow = Selectable<BranchTable>;

const parseKeys = (stored: string | null): string[] | null => (stored === null ? null : (JSON.parse(stored) as string[]));

function toBranch(row: BranchRow & { company_count: number | string; released_at: number | string | null }): Branch {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    isDefault: row.is_default === 1,
    version: row.version,
    menuKeys: parseKeys(row.menu_keys),
    companyCount: Number(row.company_count),
    draft: row.draft_version !== null ? { version: row.draft_version, notesEn: row.draft_notes_en ?? '', notesZh: row.draft_notes_zh ?? '' } : null,
    releasedAt: row.released_at === null ? null : Number(row.released_at),
    createdAt: Number(row.created_at),
  };
}

export type BranchRepository = ReturnType<typeof createBranchRepository>;

/**
 * Branches, their companies and releases (migration 0074). A company without a `company_branches`
 * row is on the default branch: every read that names a company's branch falls back to it.
 */
export function createBranchRepository(db: Kysely<DB>) {
  const selectBranches = () =>
    db
      .selectFrom('branches as b')
      .selectAll('b')
      .select((eb) => [
        eb
          .case()
          .when('b.is_default', '=', 1)
          .then(
            eb
              .selectFrom('companies as c')
              .select((inner) => inner.fn.countAll<number>().as('n'))
              .where((inner) => inner.not(inner.exists(inner.selectFrom('company_branches as assigned').select('assigned.company_id').whereRef('assigned.company_id', '=', 'c.id')))),
          )
          .else(eb.selectFrom('company_branches as cb').select((inner) => inner.fn.countAll<number>().as('n')).whereRef('cb.branch_id', '=', 'b.id'))
          .end()
          .as('company_count'),
        eb.selectFrom('releases as r').select((inner) => inner.fn.max('r.released_at').as('m')).whereRef('r.branch_id', '=', 'b.id').as('released_at'),
      ]);

  /**
   * The company's branch, its version and the menu keys it offers (null: every entry), in one
   * statement: the company's assignment, else the default branch.
   */
  async function findCompanyBranch(companyId: number): Promise<{ id: number; version: string; menuKeys: string[] | null } | undefined> {
    const assigned = (eb: ExpressionBuilder<DB, 'branches'>) => eb.selectFrom('company_branches').select('company_branches.branch_id').where('company_branches.company_id', '=', companyId);
    const row = await db
      .selectFrom('branches')
      .select(['id', 'version', 'menu_keys'])
      .where((eb) => eb.or([eb('id', '=', assigned(eb)), eb.and([eb('is_default', '=', 1), eb.not(eb.exists(assigned(eb)))])]))
      .executeTakeFirst();
    return row && { id: row.id, version: row.version, menuKeys: parseKeys(row.menu_keys) };
}

  return {
    async listBranches(): Promise<Branch[]> {
      const rows = await selectBranches().orderBy('b.is_default', 'desc').orderBy('b.name_lower').execute();
      return rows.map((row) => toBranch({ ...row, company_count: row.company_count ?? 0, released_at: row.released_at ?? null }));
    },

    async findBranch(id: number): Promise<Branch | undefined> {
      const row = await selectBranches().where('b.id', '=', id).executeTakeFirst();
      return row && toBranch({ ...row, company_count: row.company_count ?? 0, released_at: row.released_at ?? null });
    },

    async findBranchIdByName(nameLower: string): Promise<number | undefined> {
      const row = await db.selectFrom('branches').select('id').where('name_lower', '=', nameLower).executeTakeFirst();
      return row?.id;
    },

    async insertBranch(branch: { name: string; description: string | null; version: string; menuKeys: string[] | null; now: number }): Promise<number> {
      const row = await db
        .insertInto('branches')
        .values({
          name: branch.name,
          name_lower: branch.name.toLowerCase(),
          description: branch.description,
          is_default: 0,
          version: branch.version,
          menu_keys: branch.menuKeys === null ? null : JSON.stringify(branch.menuKeys),
          created_at: branch.now,
          updated_at: branch.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateBranch(id: number, changes: { name: string; description: string | null; now: number }): Promise<void> {
      await db
        .updateTable('branches')
        .set({ name: changes.name, name_lower: changes.name.toLowerCase(), description: changes.description, updated_at: changes.now })
        .where('id', '=', id)
        .execute();
    },

    /** Sets the branch's menu and raises the access version of every company on it, in one transaction. */
    async setMenuKeys(id: number, isDefault: boolean, menuKeys: string[] | null, now: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('branches').set({ menu_keys: menuKeys === null ? null : JSON.stringify(menuKeys), updated_at: now }).where('id', '=', id).execute();
        const onBranch = isDefault ? sql`c.id not in (select company_id from company_branches)` : sql`c.id in (select company_id from company_branches where branch_id = ${id})`;
        // "where" keeps SQLite from reading "on conflict" as a join constraint of the select.
        await sql`insert into access_versions (company_id, version) select c.id, 1 from companies c where ${onBranch}
          on conflict (company_id) do update set version = access_versions.version + 1`.execute(trx);
      });
    },

    async setDraft(id: number, draft: { version: string; notesEn: string; notesZh: string } | null, now: number): Promise<void> {
      await db
        .updateTable('branches')
        .set({ draft_version: draft?.version ?? null, draft_notes_en: draft?.notesEn ?? null, draft_notes_zh: draft?.notesZh ?? null, updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    /** Releases the draft: the release row, the branch's version, the draft cleared, in one transaction. */
    async release(branchId: number, draft: { version: string; notesEn: string; notesZh: string }, operatorId: number, now: number): Promise<Release> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('releases')
          .values({ branch_id: branchId, version: draft.version, notes_en: draft.notesEn, notes_zh: draft.notesZh, released_at: now, released_by: operatorId })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('branches')
          .set({ version: draft.version, draft_version: null, draft_notes_en: null, draft_notes_zh: null, updated_at: now })
          .where('id', '=', branchId)
          .execute();
        return { id: row.id, branchId, version: draft.version, notesEn: draft.notesEn, notesZh: draft.notesZh, releasedAt: now };
      });
    },

    async countCompanies(ids: readonly number[]): Promise<number> {
      if (ids.length === 0) return 0;
      const row = await db.selectFrom('companies').select((eb) => eb.fn.countAll<number | string>().as('n')).where('id', 'in', ids).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Moves companies onto a branch; onto the default branch means dropping their assignment. */
    async assignCompanies(branchId: number, isDefault: boolean, companyIds: readonly number[], now: number): Promise<void> {
      if (companyIds.length === 0) return;
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('company_branches').where('company_id', 'in', companyIds).execute();
        if (!isDefault) await trx.insertInto('company_branches').values(companyIds.map((companyId) => ({ company_id: companyId, branch_id: branchId, assigned_at: now }))).execute();
      });
    },

    async listCompanies({ keyword, branchId, page, pageSize }: Required<Pick<StoreListBody, 'page' | 'pageSize'>> & { keyword?: string | undefined; branchId?: number | undefined }, defaultBranchId: number) {
      let query = db
        .selectFrom('companies as c')
        .leftJoin('company_branches as cb', 'cb.company_id', 'c.id')
        .innerJoin('branches as b', (join) => join.on((eb) => eb('b.id', '=', eb.fn.coalesce('cb.branch_id', sql.lit(defaultBranchId)))));
      if (keyword) query = query.where(containsIgnoringCase('c.name', keyword));
      if (branchId !== undefined) query = query.where('b.id', '=', branchId);
      const [total, rows] = await Promise.all([
        query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
        query
          .select(['c.id', 'c.name', 'c.domain', 'c.created_at', 'b.id as branch_id', 'b.name as branch_name', 'b.version'])
          .select((eb) => eb.selectFrom('users as u').select((inner) => inner.fn.countAll<number>().as('n')).whereRef('u.company_id', '=', 'c.id').as('user_count'))
          .orderBy('c.name')
          .orderBy('c.id')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
      ]);
      const list: StoreCompany[] = rows.map((row) => ({
        id: row.id,
        name: row.name,
        domain: row.domain,
        branchId: row.branch_id,
        branchName: row.branch_name,
        version: row.version,
        userCount: Number(row.user_count ?? 0),
        createdAt: Number(row.created_at),
      }));
      return { list, total: Number(total.n), page, pageSize };
    },

    async defaultBranchId(): Promise<number> {
      const row = await db.selectFrom('branches').select('id').where('is_default', '=', 1).executeTakeFirstOrThrow();
      return row.id;
    },

    findCompanyBranch,

    /** What the company's access carries (company-access.ts): the menu keys its branch offers. */
    async menuKeysOf(companyId: number): Promise<readonly string[] | null> {
      return (await findCompanyBranch(companyId))?.menuKeys ?? null;
    },

    /** Releases of a branch that a user has not seen, newest first, released since the user's account was made. */
    async listUnreadReleases(branchId: number, companyId: number, userId: number): Promise<ReleaseNote[]> {
      const rows = await db
        .selectFrom('releases as r')
        .select(['r.id', 'r.version', 'r.notes_en', 'r.notes_zh', 'r.released_at'])
        .where('r.branch_id', '=', branchId)
        .where('r.released_at', '>=', (eb) => eb.selectFrom('users').select('created_at').where('id', '=', userId).where('company_id', '=', companyId))
        .where((eb) => eb.not(eb.exists(eb.selectFrom('release_reads as rr').select('rr.user_id').whereRef('rr.release_id', '=', 'r.id').where('rr.user_id', '=', userId))))
        .orderBy('r.released_at', 'desc')
        .orderBy('r.id', 'desc')
        .limit(20)
        .execute();
      return rows.map((row) => ({ id: row.id, version: row.version, notesEn: row.notes_en, notesZh: row.notes_zh, releasedAt: Number(row.released_at) }));
    },

    async findRelease(id: number): Promise<{ id: number; branchId: number } | undefined> {
      const row = await db.selectFrom('releases').select(['id', 'branch_id']).where('id', '=', id).executeTakeFirst();
      return row && { id: row.id, branchId: row.branch_id };
    },

    /** Records that a user saw a release's notes; a second time changes nothing. */
    async markRead(releaseId: number, companyId: number, userId: number, now: number): Promise<void> {
      await db
        .insertInto('release_reads')
        .values({ release_id: releaseId, company_id: companyId, user_id: userId, read_at: now })
        .onConflict((oc) => oc.columns(['release_id', 'user_id']).doNothing())
        .execute();
    },
  };
}
