import { DEFAULT_VISIT_RULE, type Visit, type VisitQuestion, type VisitRequirements, type VisitRule, type VisitRuleFields } from '@atrium/contract';
import type { Clock } from '../../platform/clock.js';
import { notFound } from '../../platform/errors.js';
import type { Actor, OperationLog } from '../operation-log/operation-log.service.js';
import type { VisitorRepository } from './visitor.repository.js';
import type { VisitorDeviceRepository } from './visitor-devices.repository.js';
import { ALL_REASONS, type RuleValues, type VisitRulesRepository } from './visitor-rules.repository.js';

/** What a rule decides: for a walk-in, whether they are received and approved; for every visitor, what they do before check-in. */
export interface AppliedVisitRule {
  walkIns: boolean;
  approval: boolean;
  ndaText: string | null;
  photo: boolean;
  questions: VisitQuestion[];
}

/** What a rule asks of a visitor before check-in, as the visitor sees it (the answers that admit stay with the company). */
export const requirementsOf = (rule: AppliedVisitRule): VisitRequirements => ({ ndaText: rule.ndaText, photo: rule.photo, questions: rule.questions.map((question) => question.text) });

const applied = (row: RuleValues): AppliedVisitRule => ({
  walkIns: Number(row.walk_ins) === 1,
  approval: Number(row.approval) === 1,
  ndaText: row.nda_text,
  photo: Number(row.photo) === 1,
  questions: row.questions === null ? [] : (JSON.parse(row.questions) as VisitQuestion[]),
});

export type VisitorRules = ReturnType<typeof createVisitorRules>;

export interface VisitorRulesDeps {
  rules: VisitRulesRepository;
  visitors: Pick<VisitorRepository, 'locations' | 'location' | 'findReason'>;
  /** Which building a place is in: a floor's rules fall back to its building's. */
  places: Pick<VisitorDeviceRepository, 'buildingOf'>;
  operationLog: OperationLog;
  clock: Clock;
}

/**
 * Visit rules (decision 0018, "Visit rules"): what each place asks of walk-ins, for one visit reason
 * or all of them, set on the visitor settings' Rule setting tab (visitor display edit, in the
 * operation log) and read whenever a walk-in registers or a kiosk or walk-in page opens.
 */
export function createVisitorRules({ rules, visitors, places, operationLog, clock }: VisitorRulesDeps) {
  async function presentAll(companyId: number, found: Awaited<ReturnType<VisitRulesRepository['list']>>): Promise<VisitRule[]> {
    const named = new Map((await visitors.locations(companyId)).map((place) => [place.id, place]));
    return found.map((row) => ({
      id: row.id,
      locationId: row.location_id,
      location: named.get(row.location_id) ?? { id: row.location_id, name: '—', buildingName: null, timeZone: null },
      reasonId: row.reason_id,
      reason: row.reason_name,
      ...applied(row),
      updatedAt: Number(row.updated_at),
    }));
  }

  /** A place and, for a floor, its building: the places whose rules apply, nearest first. */
  async function placeAndBuilding(companyId: number, locationId: number): Promise<number[]> {
    const building = await places.buildingOf(companyId, locationId);
    return building !== undefined && building !== locationId ? [locationId, building] : [locationId];
  }

  return {
    /** The company's rules, by place then reason (every reason first). */
    async list(companyId: number): Promise<VisitRule[]> {
      const listed = await presentAll(companyId, await rules.list(companyId));
      const placeName = (rule: VisitRule) => `${rule.location.buildingName ?? rule.location.name}\u0000${rule.location.buildingName ? rule.location.name : ''}`;
      return listed.sort((a, b) => placeName(a).localeCompare(placeName(b)) || (a.reason ?? '').localeCompare(b.reason ?? '') || a.id - b.id);
    },

    /** Sets the rule of a place for a reason (or all), replacing the one it had. */
    async save(actor: Actor, body: VisitRuleFields): Promise<VisitRule> {
      const [location, reason] = await Promise.all([visitors.location(actor.companyId, body.locationId), body.reasonId === null ? null : visitors.findReason(actor.companyId, body.reasonId)]);
      if (!location) throw notFound('visitLocationNotFound');
      if (body.reasonId !== null && !reason) throw notFound('visitReasonNotFound');
      const now = clock.now();
      const values: RuleValues = {
        walk_ins: body.walkIns ? 1 : 0,
        approval: body.approval ? 1 : 0,
        nda_text: body.ndaText,
        photo: body.photo ? 1 : 0,
        questions: body.questions.length === 0 ? null : JSON.stringify(body.questions),
      };
      await operationLog.track(
        actor,
        { action: 'visitRule.save', targetType: 'visitRule', targetId: location.id, targetName: reason ? `${location.name} · ${reason.name}` : location.name, detail: { locationId: location.id, reasonId: body.reasonId, walkIns: body.walkIns, approval: body.approval, nda: body.ndaText !== null, photo: body.photo, questions: body.questions.length } },
        () => rules.save(actor.companyId, location.id, body.reasonId, values, actor.userId, now),
      );
      const saved = await rules.one(actor.companyId, location.id, body.reasonId);
      return (await presentAll(actor.companyId, saved ? [saved] : []))[0]!;
    },

    async remove(actor: Actor, id: number): Promise<void> {
      const rule = await rules.find(actor.companyId, id);
      if (!rule) throw notFound('visitRuleNotFound');
      const location = await visitors.location(actor.companyId, rule.location_id);
      await operationLog.track(actor, { action: 'visitRule.delete', targetType: 'visitRule', targetId: rule.location_id, targetName: location?.name ?? null, detail: { locationId: rule.location_id } }, async () => {
        await rules.remove(actor.companyId, id);
      });
    },

    /**
     * The rule for a visit at a place for a reason (null: asking about every reason, as the kiosk and
     * the walk-in page do before one is chosen): the place's for the reason, the place's for all, then
     * its building's the same way, then the default.
     */
    ruleFor,

    /** The rule of a visit: its place's and reason's; a visit without a place has the default. */
    async forVisit(companyId: number, visit: Pick<Visit, 'location' | 'reasonId'>): Promise<AppliedVisitRule> {
      return visit.location ? ruleFor(companyId, visit.location.id, visit.reasonId) : { ...DEFAULT_VISIT_RULE, questions: [] };
    },
  };

  async function ruleFor(companyId: number, locationId: number, reasonId: number | null): Promise<AppliedVisitRule> {
    const nearest = await placeAndBuilding(companyId, locationId);
    const keys = reasonId === null ? [ALL_REASONS] : [reasonId, ALL_REASONS];
    const found = await rules.applicable(companyId, nearest, keys);
    for (const place of nearest) {
      for (const key of keys) {
        const rule = found.find((row) => row.location_id === place && row.reason_key === key);
        if (rule) return applied(rule);
      }
    }
    return { ...DEFAULT_VISIT_RULE, questions: [] };
  }
}
