import type { ExpressionBuilder, Kysely } from 'kysely';
import { visitStatusAt, type InviteVisit, type OnSiteVisit, type VisitHost, type VisitLocation, type Page, type Visit, type VisitMethod, type VisitQuery, type VisitReason, type VisitApprovalState, type VisitCompletion, type VisitorSettings, type VisitStatus, type WalkInHost, type VisitorType, type VisitWatch, type WatchAction, type WatchEntry, type WatchEntryInput } from '@atrium/contract';
import type { DB } from '../../db/schema.js';
import { containsIgnoringCase, userMatches } from '../../db/like.js';
import { nameKey } from '../../db/name-key.js';
import { LOCATION_LEVEL } from '../location/location.repository.js';
import { fetchPage } from '../../db/paging.js';

/** A company's retention days per kind as stored (null: the default). */
export interface StoredRetention {
  retentionDays: number | null;
  photoRetentionDays: number | null;
  ndaRetentionDays: number | null;
}

const storedRetention = (row: { retention_days: number | null; photo_retention_days: number | null; nda_retention_days: number | null } | undefined): StoredRetention => ({
  retentionDays: row?.retention_days == null ? null : Number(row.retention_days),
  photoRetentionDays: row?.photo_retention_days == null ? null : Number(row.photo_retention_days),
  ndaRetentionDays: row?.nda_retention_days == null ? null : Number(row.nda_retention_days),
});

export type VisitDocumentKind = 'nda' | 'photo';

export type VisitorRepository = ReturnType<typeof createVisitorRepository>;

type Eb = ExpressionBuilder<DB & { v: DB['visits'] }, 'v'>;

/**
 * Whose visits a caller reads: the company's (reception without places of its own, administrators), or
 * those they host or invited and, for a receptionist of some places, the visits at those places.
 */
export type VisitScope = { companyId: number; all: true } | { companyId: number; all: false; userId: number; placeIds?: readonly number[] };

/** A visit's status at `now` as a condition on the row (alias `v`): visitStatusAt written in SQL. */
function inStatus(eb: Eb, status: VisitStatus, now: number) {
  const open = eb.and([eb('v.cancelled_at', 'is', null), eb('v.checked_out_at', 'is', null), eb('v.checked_in_at', 'is', null)]);
  switch (status) {
    case 'cancelled':
      return eb('v.cancelled_at', 'is not', null);
    case 'checkedOut':
      return eb.and([eb('v.cancelled_at', 'is', null), eb('v.checked_out_at', 'is not', null)]);
    case 'checkedIn':
      return eb.and([eb('v.cancelled_at', 'is', null), eb('v.checked_out_at', 'is', null), eb('v.checked_in_at', 'is not', null)]);
    case 'noShow':
      return eb.and([open, eb('v.expected_end_at', '<=', now), eb('v.responded_at', 'is not', null)]);
    case 'expired':
      return eb.and([open, eb('v.expected_end_at', '<=', now), eb('v.responded_at', 'is', null)]);
    case 'responded':
      return eb.and([open, eb('v.expected_end_at', '>', now), eb('v.responded_at', 'is not', null)]);
    case 'notResponded':
      return eb.and([open, eb('v.expected_end_at', '>', now), eb('v.responded_at', 'is', null)]);
  }
}

/** The list's filters without its paging (the export takes them). */
export type VisitFilters = Omit<VisitQuery, 'page' | 'pageSize'> & {
  /** Walk-ins' applications only (any state unless `approval` names one). */
  applicationsOnly?: boolean;
};

/** One visit as written: an invitation's for one visitor at one time (its further visitors and repetition already spread out). */
export interface NewVisit extends Omit<InviteVisit, 'moreVisitors' | 'repeat'> {
  companyId: number;
  /** Who invited; null: the visitor registered themselves. */
  inviterId: number | null;
  reason: string;
  method: VisitMethod;
  /** The watchlist's strongest match among the visit's people, if any. */
  watch: VisitWatch | null;
  /** A walk-in's application: waiting for approval, or approved at once by the place's rule; absent for an invitation. */
  approval?: 'pending' | 'approved';
  /** When the visitor confirmed (a walk-in registering is there: confirmed at once). */
  respondedAt?: number;
}

export function createVisitorRepository(db: Kysely<DB>) {
  const visits = (scope: VisitScope) => {
    let query = db
      .selectFrom('visits as v')
      .leftJoin('users as h', (join) => join.onRef('h.id', '=', 'v.host_id').onRef('h.company_id', '=', 'v.company_id'))
      .leftJoin('users as i', (join) => join.onRef('i.id', '=', 'v.inviter_id').onRef('i.company_id', '=', 'v.company_id'))
      .leftJoin('users as a', (join) => join.onRef('a.id', '=', 'v.approved_by').onRef('a.company_id', '=', 'v.company_id'))
      .leftJoin('locations as l', (join) => join.onRef('l.id', '=', 'v.location_id').onRef('l.company_id', '=', 'v.company_id'))
      // A floor keeps no zone of its own: its building's.
      .leftJoin('locations as lp', (join) => join.onRef('lp.id', '=', 'l.parent_id').onRef('lp.company_id', '=', 'l.company_id'))
      .where('v.company_id', '=', scope.companyId);
    if (!scope.all) {
      const { userId, placeIds = [] } = scope;
      query = query.where((eb) => eb.or([eb('v.host_id', '=', userId), eb('v.inviter_id', '=', userId), ...(placeIds.length > 0 ? [eb('v.location_id', 'in', placeIds)] : [])]));
    }
    return query;
  };
  /** The visits of the scope matching the list's filters (keyword, status at `now`, place, visit time). */
  const filtered = (scope: VisitScope, query: VisitFilters, now: number) => {
    let base = visits(scope);
    if (query.keyword) {
      const keyword = query.keyword;
      base = base.where((eb) =>
        eb.or([
          containsIgnoringCase('v.visitor_name', keyword),
          containsIgnoringCase('v.email', keyword),
          containsIgnoringCase('v.phone', keyword),
          containsIgnoringCase('v.visitor_company', keyword),
        ]),
      );
    }
    if (query.status) {
      const status = query.status;
      base = base.where((eb) => inStatus(eb as unknown as Eb, status, now));
    }
    if (query.locationId !== undefined) base = base.where('v.location_id', '=', query.locationId);
    if (query.from !== undefined) base = base.where('v.visit_at', '>=', query.from);
    if (query.to !== undefined) base = base.where('v.visit_at', '<', query.to);
    if (query.approval !== undefined) base = base.where('v.approval', '=', query.approval);
    if (query.applicationsOnly) base = base.where('v.approval', 'is not', null);
    return base;
  };
  const visitColumns = [
    'v.id', 'v.visitor_type', 'v.method', 'v.is_vip', 'v.visitor_name', 'v.email', 'v.phone', 'v.visitor_company', 'v.reason', 'v.reason_id',
    'v.host_id', 'h.full_name as host_name', 'v.inviter_id', 'i.full_name as inviter_name', 'v.location_id', 'l.name as location_name', 'l.time_zone as location_zone', 'lp.time_zone as parent_zone',
    'v.visit_at', 'v.expected_end_at', 'v.responded_at', 'v.checked_in_at', 'v.checked_out_at', 'v.cancelled_at', 'v.note', 'v.created_at',
    'v.watch_action', 'v.watch_name', 'v.approval', 'v.approval_reason', 'v.approved_by', 'a.full_name as approver_name', 'v.approved_at',
    'v.nda_signed_name', 'v.nda_signed_at', 'v.photo_at', 'v.answers', 'v.answered_at', 'v.answers_admit',
  ] as const;

  /**
   * One conditional update of a visit and, only when it changed the row, `alsoIn` in the same
   * transaction (the outbox row of what follows the change); whether it changed the row.
   */
  function updateOnce(update: (trx: Kysely<DB>) => Promise<{ numUpdatedRows: bigint }>, alsoIn?: (trx: Kysely<DB>) => Promise<void>): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const done = Number((await update(trx)).numUpdatedRows) === 1;
      if (done) await alsoIn?.(trx);
      return done;
    });
  }

  /** The companions of these visits, in their order, by visit. */
  async function companionsOf(visitIds: number[]): Promise<Map<number, Visit['companions']>> {
    const byVisit = new Map<number, Visit['companions']>();
    if (visitIds.length === 0) return byVisit;
    const rows = await db.selectFrom('visit_companions').select(['visit_id', 'name', 'email', 'phone']).where('visit_id', 'in', visitIds).orderBy('visit_id').orderBy('position').execute();
    for (const row of rows) {
      const list = byVisit.get(row.visit_id) ?? [];
      list.push({ name: row.name, email: row.email, phone: row.phone });
      byVisit.set(row.visit_id, list);
    }
    return byVisit;
  }

  const present = (row: Record<string, unknown>, companions: Visit['companions'], now: number): Visit => {
    const r = row as {
      id: number; visitor_type: string; method: string; is_vip: number; visitor_name: string; email: string | null; phone: string | null;
      visitor_company: string | null; reason: string; reason_id: number | null; host_id: number | null; host_name: string | null;
      inviter_id: number | null; inviter_name: string | null; location_id: number | null; location_name: string | null; location_zone: string | null; parent_zone: string | null; visit_at: number;
      expected_end_at: number; responded_at: number | null; checked_in_at: number | null; checked_out_at: number | null;
      cancelled_at: number | null; note: string | null; created_at: number; watch_action: string | null; watch_name: string | null;
      approval: string | null; approval_reason: string | null; approved_by: number | null; approver_name: string | null; approved_at: number | null;
      nda_signed_name: string | null; nda_signed_at: number | null; photo_at: number | null; answers: string | null; answered_at: number | null; answers_admit: number | null;
    };
    const moments = {
      expectedEndAt: Number(r.expected_end_at),
      respondedAt: r.responded_at === null ? null : Number(r.responded_at),
      checkedInAt: r.checked_in_at === null ? null : Number(r.checked_in_at),
      checkedOutAt: r.checked_out_at === null ? null : Number(r.checked_out_at),
      cancelledAt: r.cancelled_at === null ? null : Number(r.cancelled_at),
    };
    const ref = (id: number | null, name: string | null) => (id !== null && name !== null ? { id, name } : null);
    return {
      id: r.id,
      status: visitStatusAt(moments, now),
      type: r.visitor_type as VisitorType,
      method: r.method as VisitMethod,
      isVip: Number(r.is_vip) === 1,
      visitorName: r.visitor_name,
      email: r.email,
      phone: r.phone,
      visitorCompany: r.visitor_company,
      companions,
      reason: r.reason,
      reasonId: r.reason_id,
      host: ref(r.host_id, r.host_name),
      inviter: ref(r.inviter_id, r.inviter_name),
      location: r.location_id !== null && r.location_name !== null ? { id: r.location_id, name: r.location_name, timeZone: r.location_zone ?? r.parent_zone } : null,
      visitAt: Number(r.visit_at),
      ...moments,
      note: r.note,
      createdAt: Number(r.created_at),
      watch: r.watch_action !== null ? { action: r.watch_action as WatchAction, name: r.watch_name ?? '' } : null,
      approval:
        r.approval !== null
          ? { state: r.approval as VisitApprovalState, reason: r.approval_reason, decidedBy: ref(r.approved_by, r.approver_name), decidedAt: r.approved_at === null ? null : Number(r.approved_at) }
          : null,
      completion: {
        ndaSignedName: r.nda_signed_name,
        ndaSignedAt: r.nda_signed_at === null ? null : Number(r.nda_signed_at),
        photoAt: r.photo_at === null ? null : Number(r.photo_at),
        answeredAt: r.answered_at === null ? null : Number(r.answered_at),
        answers: r.answers === null ? null : (JSON.parse(r.answers) as VisitCompletion['answers']),
      },
      answersAdmit: r.answers_admit === null ? null : Number(r.answers_admit) === 1,
      requirements: null,
    };
  };

  /** One visit and its companions, in `trx`. */
  async function insertOne(trx: Kysely<DB>, visit: NewVisit, now: number): Promise<number> {
    const { id } = await trx
      .insertInto('visits')
      .values({
        company_id: visit.companyId,
        location_id: visit.locationId,
        host_id: visit.hostId,
        inviter_id: visit.inviterId,
        reason_id: visit.reasonId,
        reason: visit.reason,
        visitor_type: visit.type,
        method: visit.method,
        is_vip: visit.visitor.isVip ? 1 : 0,
        visitor_name: visit.visitor.name,
        email: visit.visitor.email,
        phone: visit.visitor.phone,
        visitor_company: visit.visitor.company,
        note: visit.note,
        visit_at: visit.visitAt,
        expected_end_at: visit.expectedEndAt,
        watch_action: visit.watch?.action ?? null,
        watch_name: visit.watch?.name ?? null,
        approval: visit.approval ?? null,
        // Approved by the place's rule as it registered: no one decided.
        approved_at: visit.approval === 'approved' ? now : null,
        responded_at: visit.respondedAt ?? null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (visit.companions.length > 0) {
      await trx
        .insertInto('visit_companions')
        .values(visit.companions.map((companion, position) => ({ visit_id: id, position, name: companion.name, email: companion.email, phone: companion.phone })))
        .execute();
    }
    return id;
  }

  return {
    // ---- Visit reasons ----

    listReasons(companyId: number): Promise<VisitReason[]> {
      return db
        .selectFrom('visit_reasons')
        .select(['id', 'name', 'created_at'])
        .where('company_id', '=', companyId)
        .orderBy('name_key')
        .execute()
        .then((rows) => rows.map((row) => ({ id: row.id, name: row.name, createdAt: Number(row.created_at) })));
    },

    findReason(companyId: number, id: number): Promise<{ id: number; name: string } | undefined> {
      return db.selectFrom('visit_reasons').select(['id', 'name']).where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
    },

    /** Whether another reason of the company has this name (case and spaces aside). */
    async reasonTaken(companyId: number, name: string, exceptId?: number): Promise<boolean> {
      let query = db.selectFrom('visit_reasons').select('id').where('company_id', '=', companyId).where('name_key', '=', nameKey(name));
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async insertReason(companyId: number, name: string, now: number): Promise<number> {
      const row = await db
        .insertInto('visit_reasons')
        .values({ company_id: companyId, name, name_key: nameKey(name), created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async renameReason(companyId: number, id: number, name: string): Promise<boolean> {
      const result = await db.updateTable('visit_reasons').set({ name, name_key: nameKey(name) }).where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async deleteReason(companyId: number, id: number): Promise<boolean> {
      // Visits keep the name they were made with; their link to the reason clears (on delete set null).
      const result = await db.deleteFrom('visit_reasons').where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    // ---- Visits ----

    /** An active colleague of the company. */
    activeUser(companyId: number, userId: number): Promise<{ id: number; full_name: string } | undefined> {
      return db.selectFrom('users').select(['id', 'full_name']).where('company_id', '=', companyId).where('id', '=', userId).where('is_active', '=', 1).executeTakeFirst();
    },

    /** Active colleagues matching the keyword, by name. */
    hosts(companyId: number, keyword: string, limit: number): Promise<VisitHost[]> {
      let query = db.selectFrom('users as u').select(['u.id', 'u.full_name', 'u.email']).where('u.company_id', '=', companyId).where('u.is_active', '=', 1);
      if (keyword) query = query.where(userMatches(keyword));
      return query
        .orderBy('u.full_name')
        .limit(limit)
        .execute()
        .then((rows) => rows.map((row) => ({ id: row.id, fullName: row.full_name, email: row.email })));
    },

    /** The places a receptionist serves, each building with its floors; null when none is theirs (they serve the company). */
    async receptionPlaces(companyId: number, userId: number): Promise<number[] | null> {
      const own = (await db.selectFrom('visitor_receptionists').select('location_id').where('company_id', '=', companyId).where('user_id', '=', userId).execute()).map((row) => row.location_id);
      if (own.length === 0) return null;
      const floors = await db.selectFrom('locations').select('id').where('company_id', '=', companyId).where('parent_id', 'in', own).execute();
      return [...new Set([...own, ...floors.map((row) => row.id)])];
    },

    /** Active colleagues whose name holds the keyword, names only (a walk-in's host picker: no addresses to probe). */
    walkInHosts(companyId: number, keyword: string, limit: number): Promise<WalkInHost[]> {
      return db
        .selectFrom('users as u')
        .select(['u.id', 'u.full_name'])
        .where('u.company_id', '=', companyId)
        .where('u.is_active', '=', 1)
        .where(containsIgnoringCase('u.full_name', keyword))
        .orderBy('u.full_name')
        .limit(limit)
        .execute()
        .then((rows) => rows.map((row) => ({ id: row.id, fullName: row.full_name })));
    },

    /** The company's buildings and floors, each floor with its building's name. */
    async locations(companyId: number): Promise<VisitLocation[]> {
      const rows = await db
        .selectFrom('locations as l')
        .leftJoin('locations as p', (join) => join.onRef('p.id', '=', 'l.parent_id').onRef('p.company_id', '=', 'l.company_id'))
        .select(['l.id', 'l.name', 'l.level', 'l.parent_id', 'p.name as parent_name', 'l.sort_order', 'l.time_zone', 'p.time_zone as parent_zone'])
        .where('l.company_id', '=', companyId)
        .where('l.level', 'in', [LOCATION_LEVEL.building, LOCATION_LEVEL.floor])
        .orderBy('l.sort_order')
        .orderBy('l.id')
        .execute();
      const buildings = rows.filter((row) => row.level === LOCATION_LEVEL.building);
      const floorsOf = (id: number) => rows.filter((row) => row.level === LOCATION_LEVEL.floor && row.parent_id === id);
      const placed = new Set<number>();
      const list: VisitLocation[] = [];
      for (const building of buildings) {
        list.push({ id: building.id, name: building.name, buildingName: null, timeZone: building.time_zone });
        for (const floor of floorsOf(building.id)) {
          list.push({ id: floor.id, name: floor.name, buildingName: building.name, timeZone: floor.time_zone ?? building.time_zone });
          placed.add(floor.id);
        }
      }
      // Floors whose parent is not a building (an older tree) still show, with their parent's name.
      for (const floor of rows.filter((row) => row.level === LOCATION_LEVEL.floor && !placed.has(row.id))) {
        list.push({ id: floor.id, name: floor.name, buildingName: floor.parent_name, timeZone: floor.time_zone ?? floor.parent_zone });
      }
      return list;
    },

    /** One place as the visitor pages name it (a floor with its building's name and zone); undefined when not the company's. */
    async visitLocation(companyId: number, id: number): Promise<VisitLocation | undefined> {
      const row = await db
        .selectFrom('locations as l')
        .leftJoin('locations as p', (join) => join.onRef('p.id', '=', 'l.parent_id').onRef('p.company_id', '=', 'l.company_id'))
        .select(['l.id', 'l.name', 'l.level', 'p.name as parent_name', 'l.time_zone', 'p.time_zone as parent_zone'])
        .where('l.company_id', '=', companyId)
        .where('l.id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      const isFloor = Number(row.level) === LOCATION_LEVEL.floor;
      return { id: row.id, name: row.name, buildingName: isFloor ? row.parent_name : null, timeZone: row.time_zone ?? row.parent_zone };
    },

    location(companyId: number, id: number): Promise<{ id: number; name: string } | undefined> {
      return db.selectFrom('locations').select(['id', 'name']).where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
    },

    /** Writes a visit and its companions in one transaction; its id. */
    /** Inserts a visit and its companions; `alsoIn` writes more in the same transaction (the invitation's outbox row). */
    insertVisit(visit: NewVisit, now: number, alsoIn?: (trx: Kysely<DB>, id: number) => Promise<void>): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const id = await insertOne(trx, visit, now);
        await alsoIn?.(trx, id);
        return id;
      });
    },

    /** Inserts an invitation's visits (several visitors, a repeated visit) in one transaction, each with `alsoIn`; their ids in order. */
    insertVisits(visits: NewVisit[], now: number, alsoIn: (trx: Kysely<DB>, id: number, visit: NewVisit) => Promise<void>): Promise<number[]> {
      return db.transaction().execute(async (trx) => {
        const ids: number[] = [];
        for (const visit of visits) {
          const id = await insertOne(trx, visit, now);
          await alsoIn(trx, id, visit);
          ids.push(id);
        }
        return ids;
      });
    },

    async list(scope: VisitScope, query: VisitFilters & Pick<VisitQuery, 'page' | 'pageSize'>, now: number): Promise<Page<Visit>> {
      const base = filtered(scope, query, now);
      const page = await fetchPage(
        query,
        () => base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        (limit, offset) => base.select([...visitColumns]).orderBy('v.visit_at', 'desc').orderBy('v.id', 'desc').limit(limit).offset(offset).execute(),
        (row) => row,
      );
      const companions = await companionsOf(page.list.map((row) => row.id));
      return { ...page, list: page.list.map((row) => present(row, companions.get(row.id) ?? [], now)) };
    },

    /** Up to `limit` visits matching the list's filters, newest first, without their companions (the export's rows). */
    async exportList(scope: VisitScope, filters: VisitFilters, now: number, limit: number): Promise<Array<Omit<Visit, 'companions'>>> {
      const rows = await filtered(scope, filters, now).select([...visitColumns]).orderBy('v.visit_at', 'desc').orderBy('v.id', 'desc').limit(limit).execute();
      return rows.map((row) => {
        const { companions: _none, ...visit } = present(row, [], now);
        return visit;
      });
    },

    async find(scope: VisitScope, id: number, now: number): Promise<Visit | undefined> {
      const row = await visits(scope).select([...visitColumns]).where('v.id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      return present(row, (await companionsOf([id])).get(id) ?? [], now);
    },

    /** Checks in a visit not cancelled, not checked in and not over; whether it did (then `alsoIn` runs in its transaction). */
    checkIn(companyId: number, id: number, now: number, alsoIn?: (trx: Kysely<DB>) => Promise<void>): Promise<boolean> {
      return updateOnce(
        (trx) =>
          trx
            .updateTable('visits')
            .set({ checked_in_at: now, updated_at: now })
            .where('company_id', '=', companyId)
            .where('id', '=', id)
            .where('cancelled_at', 'is', null)
            .where('checked_in_at', 'is', null)
            .where('expected_end_at', '>', now)
            .executeTakeFirst(),
        alsoIn,
      );
    },

    /** An active colleague's address (a host told of an arrival); null without one. */
    async activeEmail(companyId: number, userId: number): Promise<string | null> {
      const row = await db.selectFrom('users').select('email').where('company_id', '=', companyId).where('id', '=', userId).where('is_active', '=', 1).executeTakeFirst();
      return row?.email ?? null;
    },

    /** Checks out a visit checked in and not out yet; whether it did (then `alsoIn` runs in its transaction). */
    checkOut(companyId: number, id: number, now: number, alsoIn?: (trx: Kysely<DB>) => Promise<void>): Promise<boolean> {
      return updateOnce(
        (trx) =>
          trx
            .updateTable('visits')
            .set({ checked_out_at: now, updated_at: now })
            .where('company_id', '=', companyId)
            .where('id', '=', id)
            .where('checked_in_at', 'is not', null)
            .where('checked_out_at', 'is', null)
            .executeTakeFirst(),
        alsoIn,
      );
    },

    // ---- Preferences and retention ----

    /** The company's retention days per kind of record; null where it keeps the default. */
    async retention(companyId: number): Promise<StoredRetention> {
      const row = await db.selectFrom('visitor_settings').select(['retention_days', 'photo_retention_days', 'nda_retention_days']).where('company_id', '=', companyId).executeTakeFirst();
      return storedRetention(row);
    },

    async saveRetention(companyId: number, settings: VisitorSettings, by: number, now: number): Promise<void> {
      const values = { retention_days: settings.retentionDays, photo_retention_days: settings.photoRetentionDays, nda_retention_days: settings.ndaRetentionDays, updated_by: by, updated_at: now };
      await db
        .insertInto('visitor_settings')
        .values({ company_id: companyId, ...values })
        .onConflict((conflict) => conflict.column('company_id').doUpdateSet(values))
        .execute();
    },

    /** The companies that have visits, with their retention (null: the default). */
    async companiesWithVisits(): Promise<Array<{ companyId: number } & StoredRetention>> {
      const rows = await db
        .selectFrom('visits as v')
        .leftJoin('visitor_settings as s', 's.company_id', 'v.company_id')
        .select(['v.company_id', 's.retention_days', 's.photo_retention_days', 's.nda_retention_days'])
        .distinct()
        .execute();
      return rows.map((row) => ({ companyId: row.company_id, ...storedRetention(row) }));
    },

    /**
     * Deletes the documents of a kind kept for visits that ended before `cutoff` (a photo also clears
     * the visit's `photo_at`; a signed agreement leaves who signed it and when); answers how many went.
     */
    async purgeDocuments(companyId: number, kind: VisitDocumentKind, cutoff: number): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const ended = trx
          .selectFrom('visits as v')
          .select('v.id')
          .where('v.company_id', '=', companyId)
          .where((eb) => eb(eb.fn.coalesce('v.checked_out_at', 'v.cancelled_at', 'v.expected_end_at'), '<', cutoff));
        const result = await trx.deleteFrom('visit_documents').where('company_id', '=', companyId).where('kind', '=', kind).where('visit_id', 'in', ended).executeTakeFirst();
        if (kind === 'photo') {
          await trx.updateTable('visits').set({ photo_at: null }).where('company_id', '=', companyId).where('photo_at', 'is not', null).where('id', 'in', ended).execute();
        }
        return Number(result.numDeletedRows);
      });
    },

    /** Visits that ended before `cutoff` (checked out, cancelled, or past their end), oldest first, with what their counts need. */
    endedBefore(companyId: number, cutoff: number, limit: number) {
      return db
        .selectFrom('visits as v')
        .leftJoin('locations as l', (join) => join.onRef('l.id', '=', 'v.location_id').onRef('l.company_id', '=', 'v.company_id'))
        .leftJoin('locations as lp', (join) => join.onRef('lp.id', '=', 'l.parent_id').onRef('lp.company_id', '=', 'l.company_id'))
        .select(['v.id', 'v.location_id', 'l.time_zone as zone', 'lp.time_zone as parent_zone', 'v.reason', 'v.visit_at', 'v.checked_in_at', 'v.checked_out_at', 'v.cancelled_at'])
        .where('v.company_id', '=', companyId)
        .where((eb) => eb(eb.fn.coalesce('v.checked_out_at', 'v.cancelled_at', 'v.expected_end_at'), '<', cutoff))
        .orderBy('v.id')
        .limit(limit)
        .execute();
    },

    /** Adds the counts and deletes the visits they count, in one transaction: nothing counted twice or lost. */
    async purgeVisits(companyId: number, ids: readonly number[], stats: ReadonlyArray<{ day: string; locationId: number; reason: string; visits: number; checkedIn: number; noShows: number; cancelled: number; stayMinutes: number }>): Promise<void> {
      if (ids.length === 0) return;
      await db.transaction().execute(async (trx) => {
        for (const row of stats) {
          await trx
            .insertInto('visit_stats')
            .values({ company_id: companyId, day: row.day, location_id: row.locationId, reason: row.reason, visits: row.visits, checked_in: row.checkedIn, no_shows: row.noShows, cancelled: row.cancelled, stay_minutes: row.stayMinutes })
            .onConflict((conflict) =>
              conflict.columns(['company_id', 'day', 'location_id', 'reason']).doUpdateSet((eb) => ({
                visits: eb('visit_stats.visits', '+', eb.ref('excluded.visits')),
                checked_in: eb('visit_stats.checked_in', '+', eb.ref('excluded.checked_in')),
                no_shows: eb('visit_stats.no_shows', '+', eb.ref('excluded.no_shows')),
                cancelled: eb('visit_stats.cancelled', '+', eb.ref('excluded.cancelled')),
                stay_minutes: eb('visit_stats.stay_minutes', '+', eb.ref('excluded.stay_minutes')),
              })),
            )
            .execute();
        }
        await trx.deleteFrom('visits').where('company_id', '=', companyId).where('id', 'in', ids).execute();
      });
    },

    visitStats(companyId: number) {
      return db.selectFrom('visit_stats').selectAll().where('company_id', '=', companyId).orderBy('day').orderBy('location_id').orderBy('reason').execute();
    },

    // ---- Door access grants ----

    /** A visit's grant, if one was issued. */
    grantOf(companyId: number, visitId: number) {
      return db.selectFrom('visit_access_grants').selectAll().where('company_id', '=', companyId).where('visit_id', '=', visitId).executeTakeFirst();
    },

    /** Issues a visit's grant once: a second call (the outbox delivers at least once) answers the first. */
    async issueGrant(grant: { companyId: number; visitId: number; locationId: number | null; grantId: string; validFrom: number; validUntil: number }, now: number) {
      await db
        .insertInto('visit_access_grants')
        .values({ company_id: grant.companyId, visit_id: grant.visitId, location_id: grant.locationId, grant_id: grant.grantId, valid_from: grant.validFrom, valid_until: grant.validUntil, granted_at: now })
        .onConflict((conflict) => conflict.column('visit_id').doNothing())
        .execute();
      return db.selectFrom('visit_access_grants').selectAll().where('visit_id', '=', grant.visitId).executeTakeFirstOrThrow();
    },

    /** Marks a grant revoked; whether this call did. */
    async markRevoked(id: number, now: number): Promise<boolean> {
      const result = await db.updateTable('visit_access_grants').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Grants still open that should not be: run out, or their visitor has left (a check-out that raced the grant). */
    overdueGrants(now: number, limit: number) {
      return db
        .selectFrom('visit_access_grants as g')
        .innerJoin('visits as v', 'v.id', 'g.visit_id')
        .selectAll('g')
        .where('g.revoked_at', 'is', null)
        .where((eb) => eb.or([eb('g.valid_until', '<=', now), eb('v.checked_out_at', 'is not', null), eb('v.cancelled_at', 'is not', null)]))
        .orderBy('g.id')
        .limit(limit)
        .execute();
    },

    async companyName(companyId: number): Promise<string> {
      const row = await db.selectFrom('companies').select('name').where('id', '=', companyId).executeTakeFirstOrThrow();
      return row.name;
    },

    /**
     * The visitor confirms their visit with their details (the pass page): only while it can still
     * change (not cancelled, not checked in, not over); whether it did.
     */
    async confirmByVisitor(
      companyId: number,
      id: number,
      contact: { name: string; email: string | null; phone: string | null; company: string | null },
      watch: VisitWatch | null,
      now: number,
    ): Promise<boolean> {
      const result = await db
        .updateTable('visits')
        .set((eb) => ({
          visitor_name: contact.name,
          email: contact.email,
          phone: contact.phone,
          visitor_company: contact.company,
          responded_at: eb.fn.coalesce('responded_at', eb.val(now)),
          // New details may match the watchlist; a match found before stays (the service keeps the stronger).
          ...(watch ? { watch_action: watch.action, watch_name: watch.name } : {}),
          updated_at: now,
        }))
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .where('cancelled_at', 'is', null)
        .where('checked_in_at', 'is', null)
        .where('expected_end_at', '>', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Deletes a visit with its companions (the visitor's erasure); whether it was there. */
    async erase(companyId: number, id: number): Promise<boolean> {
      const result = await db.deleteFrom('visits').where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    // ---- The watchlist ----

    /** The active colleagues who work reception (visitor display edit), told of a watchlist alert. */
    async receptionIds(companyId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('users as u')
        .innerJoin('roles as r', (join) => join.onRef('r.id', '=', 'u.role_id').onRef('r.company_id', '=', 'u.company_id'))
        .select('u.id')
        .where('u.company_id', '=', companyId)
        .where('u.is_active', '=', 1)
        .where('r.permissions', 'like', '%"visitorDisplay:edit"%')
        .execute();
      return rows.map((row) => row.id);
    },

    async watchlist(companyId: number): Promise<WatchEntry[]> {
      const rows = await db.selectFrom('visitor_watchlist').selectAll().where('company_id', '=', companyId).orderBy('name').orderBy('id').execute();
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        aliases: JSON.parse(row.aliases) as string[],
        email: row.email,
        phone: row.phone,
        action: row.action as WatchAction,
        note: row.note,
        createdAt: Number(row.created_at),
        updatedAt: Number(row.updated_at),
      }));
    },

    async insertWatch(companyId: number, entry: WatchEntryInput, by: number, now: number): Promise<number> {
      const { id } = await db
        .insertInto('visitor_watchlist')
        .values({ company_id: companyId, name: entry.name, aliases: JSON.stringify(entry.aliases), email: entry.email, phone: entry.phone, action: entry.action, note: entry.note, created_by: by, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    async updateWatch(companyId: number, id: number, entry: WatchEntryInput, now: number): Promise<boolean> {
      const result = await db
        .updateTable('visitor_watchlist')
        .set({ name: entry.name, aliases: JSON.stringify(entry.aliases), email: entry.email, phone: entry.phone, action: entry.action, note: entry.note, updated_at: now })
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async deleteWatch(companyId: number, id: number): Promise<boolean> {
      const result = await db.deleteFrom('visitor_watchlist').where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    /** Cancels a visit not checked in, checked out or cancelled; whether it did. */
    /**
     * Decides a pending application once (two deciders at once: one wins); a rejection also cancels
     * the visit. Whether it did; then `alsoIn` runs in its transaction (the visitor's mail).
     */
    decide(
      companyId: number,
      id: number,
      decision: { state: 'approved' | 'rejected'; reason: string | null; by: number },
      now: number,
      alsoIn?: (trx: Kysely<DB>) => Promise<void>,
    ): Promise<boolean> {
      const rejected = decision.state === 'rejected';
      return updateOnce(
        (trx) =>
          trx
            .updateTable('visits')
            .set({
              approval: decision.state,
              approval_reason: decision.reason,
              approved_by: decision.by,
              approved_at: now,
              updated_at: now,
              ...(rejected ? { cancelled_at: now, cancelled_by: decision.by } : {}),
            })
            .where('company_id', '=', companyId)
            .where('id', '=', id)
            .where('approval', '=', 'pending')
            .where('cancelled_at', 'is', null)
            .executeTakeFirst(),
        alsoIn,
      );
    },

    async cancel(companyId: number, id: number, by: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('visits')
        .set({ cancelled_at: now, cancelled_by: by, updated_at: now })
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .where('cancelled_at', 'is', null)
        .where('checked_in_at', 'is', null)
        .where('checked_out_at', 'is', null)
        .where('expected_end_at', '>', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    // ---- On site now ----

    /**
     * The company's visits checked in and not out (the muster list), at `locationId` or directly under
     * it (a building's floors), with their companions' names; in no particular order.
     */
    async onSite(companyId: number, locationId: number | undefined, now: number, placeIds?: readonly number[]): Promise<OnSiteVisit[]> {
      let query = visits({ companyId, all: true }).where((eb) => inStatus(eb as unknown as Eb, 'checkedIn', now));
      // A receptionist of some places: theirs only.
      if (placeIds !== undefined) query = query.where('v.location_id', 'in', placeIds.length > 0 ? [...placeIds] : [0]);
      if (locationId !== undefined) query = query.where((eb) => eb.or([eb('v.location_id', '=', locationId), eb('l.parent_id', '=', locationId)]));
      const rows = await query
        .select([
          'v.id', 'v.visitor_name', 'v.visitor_company', 'v.is_vip', 'v.host_id', 'h.full_name as host_name', 'v.location_id', 'l.name as location_name', 'l.level as location_level',
          'lp.name as parent_name', 'l.time_zone as location_zone', 'lp.time_zone as parent_zone', 'v.checked_in_at', 'v.expected_end_at',
        ])
        .execute();
      const companions = await companionsOf(rows.map((row) => row.id));
      return rows.map((row) => ({
        id: row.id,
        visitorName: row.visitor_name,
        visitorCompany: row.visitor_company,
        companions: (companions.get(row.id) ?? []).map(({ name }) => ({ name })),
        isVip: Number(row.is_vip) === 1,
        host: row.host_id !== null && row.host_name !== null ? { id: row.host_id, name: row.host_name } : null,
        // As `locations` names them: a building stands alone, anything under one carries its parent's name.
        location:
          row.location_id !== null && row.location_name !== null
            ? { id: row.location_id, name: row.location_name, buildingName: row.location_level === LOCATION_LEVEL.building ? null : row.parent_name, timeZone: row.location_zone ?? row.parent_zone }
            : null,
        checkedInAt: Number(row.checked_in_at),
        expectedEndAt: Number(row.expected_end_at),
      }));
    },
  };
}
