import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** "All reasons" as the unique index keys it. */
export const ALL_REASONS = 0;

/** What a rule row says, as written and read. */
export interface RuleValues {
  walk_ins: number;
  approval: number;
  nda_text: string | null;
  photo: number;
  questions: string | null;
}

const RULE_COLUMNS = ['walk_ins', 'approval', 'nda_text', 'photo', 'questions'] as const;

export type VisitRulesRepository = ReturnType<typeof createVisitRulesRepository>;

/** The visit rules' rows (decision 0018, "Visit rules"): one per place and reason (or every reason, keyed ALL_REASONS). */
export function createVisitRulesRepository(db: Kysely<DB>) {
  const rows = (companyId: number) =>
    db
      .selectFrom('visit_rules as r')
      .leftJoin('visit_reasons as vr', (join) => join.onRef('vr.id', '=', 'r.reason_id').onRef('vr.company_id', '=', 'r.company_id'))
      .select(['r.id', 'r.location_id', 'r.reason_id', 'vr.name as reason_name', 'r.walk_ins', 'r.approval', 'r.nda_text', 'r.photo', 'r.questions', 'r.updated_at'])
      .where('r.company_id', '=', companyId);

  return {
    /** The company's rules with their reasons' names. */
    list(companyId: number) {
      return rows(companyId).execute();
    },

    /** A place's rule for a reason (null: every reason). */
    one(companyId: number, locationId: number, reasonId: number | null) {
      return rows(companyId).where('r.location_id', '=', locationId).where('r.reason_key', '=', reasonId ?? ALL_REASONS).executeTakeFirst();
    },

    /** Writes a place's rule for a reason, replacing the one it had. */
    async save(companyId: number, locationId: number, reasonId: number | null, values: RuleValues, by: number, now: number): Promise<void> {
      const set = { ...values, updated_by: by, updated_at: now };
      await db
        .insertInto('visit_rules')
        .values({ company_id: companyId, location_id: locationId, reason_id: reasonId, reason_key: reasonId ?? ALL_REASONS, created_at: now, ...set })
        .onConflict((conflict) => conflict.columns(['location_id', 'reason_key']).doUpdateSet(set))
        .execute();
    },

    find(companyId: number, id: number) {
      return db.selectFrom('visit_rules').select(['id', 'location_id']).where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
    },

    async remove(companyId: number, id: number): Promise<void> {
      await db.deleteFrom('visit_rules').where('company_id', '=', companyId).where('id', '=', id).execute();
    },

    /** The rules of these places for these reason keys, to pick the most specific from. */
    applicable(companyId: number, locationIds: number[], reasonKeys: number[]) {
      return db
        .selectFrom('visit_rules')
        .select(['location_id', 'reason_key', ...RULE_COLUMNS])
        .where('company_id', '=', companyId)
        .where('location_id', 'in', locationIds)
        .where('reason_key', 'in', reasonKeys)
        .execute();
    },
  };
}
