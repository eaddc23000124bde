import { DEFAULT_VISIT_RULE, type VisitRule, type VisitRuleBody } from '@atrium/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import { notFound } from '../../platform/errors.js';
import { LOCATION_LEVEL } from '../location/location.repository.js';
import type { Actor, OperationLog } from '../operation-log/operation-log.service.js';
import type { VisitorRepository } from './visitor.repository.js';

/** What a rule decides for a walk-in. */
export interface WalkInRule {
  walkIns: boolean;
  approval: boolean;
}

export type VisitorRules = ReturnType<typeof createVisitorRules>;

export interface VisitorRulesDeps {
  db: Kysely<DB>;
  visitors: Pick<VisitorRepository, 'locations' | 'location' | 'findReason'>;
  operationLog: OperationLog;
  clock: Clock;
}

/** "All reasons" as the unique index keys it. */
const ALL_REASONS = 0;

/**
 * Visit rules (decision 0018, "Visit rules"): what each place asks of walk-ins, for one visit reason
 * or all of them, set on the visitor settings' Rule setting tab (visitor display edit, in the
 * operation log) and read whenever a walk-in registers or a kiosk or walk-in page opens.
 */
export function createVisitorRules({ db, visitors, operationLog, clock }: VisitorRulesDeps) {
  const rows = (companyId: number) =>
    db
      .selectFrom('visit_rules as r')
      .leftJoin('visit_reasons as vr', (join) => join.onRef('vr.id', '=', 'r.reason_id').onRef('vr.company_id', '=', 'r.company_id'))
      .select(['r.id', 'r.location_id', 'r.reason_id', 'vr.name as reason_name', 'r.walk_ins', 'r.approval', 'r.updated_at'])
      .where('r.company_id', '=', companyId);

  async function presentAll(companyId: number, found: Awaited<ReturnType<ReturnType<typeof rows>['execute']>>): Promise<VisitRule[]> {
    const places = new Map((await visitors.locations(companyId)).map((place) => [place.id, place]));
    return found.map((row) => ({
      id: row.id,
      locationId: row.location_id,
      location: places.get(row.location_id) ?? { id: row.location_id, name: '—', buildingName: null, timeZone: null },
      reasonId: row.reason_id,
      reason: row.reason_name,
      walkIns: Number(row.walk_ins) === 1,
      approval: Number(row.approval) === 1,
      updatedAt: Number(row.updated_at),
    }));
  }

  /** A place and, for a floor, its building: the places whose rules apply, nearest first. */
  async function placeAndBuilding(companyId: number, locationId: number): Promise<number[]> {
    const row = await db.selectFrom('locations').select(['level', 'parent_id']).where('company_id', '=', companyId).where('id', '=', locationId).executeTakeFirst();
    return row && Number(row.level) !== LOCATION_LEVEL.building && row.parent_id !== null ? [locationId, row.parent_id] : [locationId];
  }

  return {
    /** The company's rules, by place then reason (every reason first). */
    async list(companyId: number): Promise<VisitRule[]> {
      const rules = await presentAll(companyId, await rows(companyId).execute());
      const placeName = (rule: VisitRule) => `${rule.location.buildingName ?? rule.location.name}\u0000${rule.location.buildingName ? rule.location.name : ''}`;
      return rules.sort((a, b) => placeName(a).localeCompare(placeName(b)) || (a.reason ?? '').localeCompare(b.reason ?? '') || a.id - b.id);
    },

    /** Sets the rule of a place for a reason (or all), replacing the one it had. */
    async save(actor: Actor, body: VisitRuleBody): Promise<VisitRule> {
      const [location, reason] = await Promise.all([visitors.location(actor.companyId, body.locationId), body.reasonId === null ? null : visitors.findReason(actor.companyId, body.reasonId)]);
      if (!location) throw notFound('visitLocationNotFound');
      if (body.reasonId !== null && !reason) throw notFound('visitReasonNotFound');
      const now = clock.now();
      const values = { walk_ins: body.walkIns ? 1 : 0, approval: body.approval ? 1 : 0, updated_by: actor.userId, updated_at: now };
      await operationLog.track(
        actor,
        { action: 'visitRule.save', targetType: 'visitRule', targetId: location.id, targetName: reason ? `${location.name} · ${reason.name}` : location.name, detail: { locationId: location.id, reasonId: body.reasonId, walkIns: body.walkIns, approval: body.approval } },
        () =>
          db
            .insertInto('visit_rules')
            .values({ company_id: actor.companyId, location_id: location.id, reason_id: body.reasonId, reason_key: body.reasonId ?? ALL_REASONS, created_at: now, ...values })
            .onConflict((conflict) => conflict.columns(['location_id', 'reason_key']).doUpdateSet(values))
            .execute(),
      );
      const saved = await rows(actor.companyId).where('r.location_id', '=', location.id).where('r.reason_key', '=', body.reasonId ?? ALL_REASONS).execute();
      return (await presentAll(actor.companyId, saved))[0]!;
    },

    async remove(actor: Actor, id: number): Promise<void> {
      const rule = await db.selectFrom('visit_rules').select(['id', 'location_id']).where('company_id', '=', actor.companyId).where('id', '=', id).executeTakeFirst();
      if (!rule) throw notFound('visitRuleNotFound');
      const location = await visitors.location(actor.companyId, rule.location_id);
      await operationLog.track(actor, { action: 'visitRule.delete', targetType: 'visitRule', targetId: rule.location_id, targetName: location?.name ?? null, detail: { locationId: rule.location_id } }, async () => {
        await db.deleteFrom('visit_rules').where('company_id', '=', actor.companyId).where('id', '=', id).execute();
      });
    },

    /**
     * The rule for a walk-in at a place for a reason (null: asking about every reason, as the kiosk and
     * the walk-in page do before one is chosen): the place's for the reason, the place's for all, then
     * its building's the same way, then the default.
     */
    async ruleFor(companyId: number, locationId: number, reasonId: number | null): Promise<WalkInRule> {
      const places = await placeAndBuilding(companyId, locationId);
      const keys = reasonId === null ? [ALL_REASONS] : [reasonId, ALL_REASONS];
      const found = await db
        .selectFrom('visit_rules')
        .select(['location_id', 'reason_key', 'walk_ins', 'approval'])
        .where('company_id', '=', companyId)
        .where('location_id', 'in', places)
        .where('reason_key', 'in', keys)
        .execute();
      for (const place of places) {
        for (const key of keys) {
          const rule = found.find((row) => row.location_id === place && row.reason_key === key);
          if (rule) return { walkIns: Number(rule.walk_ins) === 1, approval: Number(rule.approval) === 1 };
        }
      }
      return { ...DEFAULT_VISIT_RULE };
    },
  };
}
