import { sql, type Kysely } from 'kysely';
import { DEFAULT_APPROVAL_DEADLINE_HOURS, hasPermission, type ApprovalListQuery, type Page, type ReservationStatus } from '@atrium/contract';
import type { DB } from '../../../db/schema.js';
import { fetchPage } from '../../../db/paging.js';
import { containsIgnoringCase } from '../../../db/like.js';
import { HOUR_MS } from '../../../platform/clock.js';
import { parsePermissions } from '../../role/role.repository.js';
import { numberOrNull } from '../../../db/rows.js';

/** A reservation the approval calls act on: its keys and approval state. */
export interface ApprovalTarget {
  id: number;
  roomId: number;
  hostUserId: number | null;
  seriesId: number | null;
  status: ReservationStatus;
  approvalDeadlineAt: number | null;
}

/** A person a mail goes to. */
export interface Recipient {
  id: number;
  fullName: string;
  email: string;
}

export type ApprovalRepository = ReturnType<typeof createApprovalRepository>;

/** PostgreSQL answers bigint columns as strings. */

/**
 * Approval state of reservations and the company's deadline rule; every query names the company
 * (the expiry job first asks which companies have requests due, then works company by company).
 */
export function createApprovalRepository(db: Kysely<DB>) {
  const targetColumns = ['id', 'resource_id', 'host_user_id', 'series_id', 'status', 'approval_deadline_at'] as const;
  const presentTarget = (row: { id: number; resource_id: number; host_user_id: number | null; series_id: number | null; status: ReservationStatus; approval_deadline_at: number | string | null }): ApprovalTarget => ({
    id: row.id,
    roomId: row.resource_id,
    hostUserId: row.host_user_id,
    seriesId: row.series_id,
    status: row.status,
    approvalDeadlineAt: numberOrNull(row.approval_deadline_at),
  });

  async function deadlineHours(companyId: number): Promise<number> {
    const row = await db.selectFrom('booking_rules').select('approval_deadline_hours').where('company_id', '=', companyId).executeTakeFirst();
    return row?.approval_deadline_hours ?? DEFAULT_APPROVAL_DEADLINE_HOURS;
  }

  return {
    deadlineHours,

    async saveDeadlineHours(companyId: number, hours: number, userId: number, now: number): Promise<void> {
      await db
        .insertInto('booking_rules')
        .values({ company_id: companyId, approval_deadline_hours: hours, updated_by: userId, updated_at: now })
        .onConflict((oc) => oc.column('company_id').doUpdateSet({ approval_deadline_hours: hours, updated_by: userId, updated_at: now }))
        .execute();
    },

    /**
     * A request starts (or starts again, after a move) waiting for a decision: its deadline is now
     * plus the company's approval deadline, and any earlier decision is forgotten.
     */
    async startClock(companyId: number, reservationId: number, now: number): Promise<void> {
      const hours = await deadlineHours(companyId);
      await db
        .updateTable('reservations')
        .set({ approval_deadline_at: now + hours * HOUR_MS, decided_by: null, decided_at: null, decision_reason: null })
        .where('company_id', '=', companyId)
        .where('id', '=', reservationId)
        .where('status', '=', 'pending')
        .execute();
    },

    async findTarget(companyId: number, id: number): Promise<ApprovalTarget | undefined> {
      const row = await db.selectFrom('reservations').select(targetColumns).where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
      return row ? presentTarget(row) : undefined;
    },

    /** The pending occurrences of a series, oldest first. */
    async pendingOfSeries(companyId: number, seriesId: number): Promise<ApprovalTarget[]> {
      const rows = await db
        .selectFrom('reservations')
        .select(targetColumns)
        .where('company_id', '=', companyId)
        .where('series_id', '=', seriesId)
        .where('status', '=', 'pending')
        .orderBy('start_at')
        .execute();
      return rows.map(presentTarget);
    },

    /** Records a decision on pending requests; answers how many changed. */
    async decide(companyId: number, ids: number[], decision: { status: 'confirmed' | 'rejected'; userId: number; reason: string | null }, now: number): Promise<number> {
      if (ids.length === 0) return 0;
      const result = await db
        .updateTable('reservations')
        .set({ status: decision.status, decided_by: decision.userId, decided_at: now, decision_reason: decision.reason, updated_at: now })
        .where('company_id', '=', companyId)
        .where('id', 'in', ids)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** The host takes the request back: it is cancelled and frees its slot. */
    async withdraw(companyId: number, id: number, now: number): Promise<void> {
      await db
        .updateTable('reservations')
        .set({ status: 'cancelled', cancelled_at: now, updated_at: now })
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute();
    },

    /** Companies with pending requests whose deadline has passed. */
    async companiesWithDueRequests(now: number): Promise<number[]> {
      const rows = await db
        .selectFrom('reservations')
        .select('company_id')
        .distinct()
        .where('status', '=', 'pending')
        .where('approval_deadline_at', '<=', now)
        .execute();
      return rows.map((row) => row.company_id);
    },

    /** Marks these pending requests expired (their deadline passed). */
    async expire(companyId: number, ids: number[], now: number): Promise<void> {
      if (ids.length === 0) return;
      await db
        .updateTable('reservations')
        .set({ status: 'expired', decided_at: now, updated_at: now })
        .where('company_id', '=', companyId)
        .where('id', 'in', ids)
        .where('status', '=', 'pending')
        .execute();
    },

    /** Marks the company's pending requests past their deadline as expired (at most `limit`); answers them. */
    async expireDue(companyId: number, now: number, limit: number): Promise<Array<ApprovalTarget & { title: string }>> {
      const rows = await db
        .selectFrom('reservations')
        .select([...targetColumns, 'title'])
        .where('company_id', '=', companyId)
        .where('status', '=', 'pending')
        .where('approval_deadline_at', '<=', now)
        .orderBy('approval_deadline_at')
        .limit(limit)
        .execute();
      if (rows.length === 0) return [];
      await db
        .updateTable('reservations')
        .set({ status: 'expired', decided_at: now, updated_at: now })
        .where('company_id', '=', companyId)
        .where('id', 'in', rows.map((row) => row.id))
        .where('status', '=', 'pending')
        .execute();
      return rows.map((row) => ({ ...presentTarget(row), status: 'expired' as const, title: row.title }));
    },

    /**
     * One page of a tab's request ids, in the tab's order. A request is a reservation that waited for
     * approval: it has a deadline or a decision, or is pending, rejected or expired.
     */
    async pageIds(companyId: number, userId: number, query: ApprovalListQuery): Promise<Page<number>> {
      let base = db.selectFrom('reservations as r').where('r.company_id', '=', companyId);
      if (query.tab === 'initiated') {
        base = base
          .where('r.host_user_id', '=', userId)
          .where((eb) =>
            eb.or([eb('r.approval_deadline_at', 'is not', null), eb('r.decided_at', 'is not', null), eb('r.status', 'in', ['pending', 'rejected', 'expired'])]),
          );
      } else if (query.tab === 'toDecide') {
        base = base.where('r.status', '=', 'pending').where((eb) => eb.or([eb('r.host_user_id', 'is', null), eb('r.host_user_id', '<>', userId)]));
      } else {
        base = base.where('r.decided_by', '=', userId);
      }
      if (query.status) base = base.where('r.status', '=', query.status);
      if (query.keyword) {
        const keyword = query.keyword;
        // A title counts only where the caller may read it: a search must not reveal a hidden one.
        base = base.where((eb) =>
          eb.or([
            eb.and([containsIgnoringCase('r.title', keyword), eb.or([eb('r.privacy', '=', 'public'), eb('r.host_user_id', '=', userId)])]),
            eb.exists(eb.selectFrom('users as u').select('u.id').whereRef('u.id', '=', 'r.host_user_id').where(containsIgnoringCase('u.full_name', keyword))),
            eb.exists(eb.selectFrom('locations as l').select('l.id').whereRef('l.id', '=', 'r.resource_id').where(containsIgnoringCase('l.name', keyword))),
          ]),
        );
      }
      return fetchPage(
        query,
        () => base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        (limit, offset) => {
          const ordered =
            query.tab === 'toDecide'
              ? base.orderBy(sql`coalesce(r.approval_deadline_at, r.start_at)`).orderBy('r.id')
              : query.tab === 'decided'
                ? base.orderBy('r.decided_at', 'desc').orderBy('r.id', 'desc')
                : base.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc');
          return ordered.select('r.id').limit(limit).offset(offset).execute();
        },
        (row) => row.id,
      );
    },

    /** Active users of the company whose role holds events:view and who have an address, at most `limit`, except one. */
    async approvers(companyId: number, exceptUserId: number | null, limit: number): Promise<Recipient[]> {
      const roles = await db.selectFrom('roles').select(['id', 'permissions']).where('company_id', '=', companyId).execute();
      const roleIds = roles.filter((role) => hasPermission(parsePermissions(role.permissions), 'events:view')).map((role) => role.id);
      if (roleIds.length === 0) return [];
      let query = db
        .selectFrom('users')
        .select(['id', 'full_name', 'email'])
        .where('company_id', '=', companyId)
        .where('role_id', 'in', roleIds)
        .where('is_active', '=', 1)
        .where('email', 'is not', null);
      if (exceptUserId !== null) query = query.where('id', '<>', exceptUserId);
      const rows = await query.orderBy('id').limit(limit).execute();
      return rows.map((row) => ({ id: row.id, fullName: row.full_name, email: row.email! }));
    },

    async recipient(companyId: number, userId: number | null): Promise<Recipient | undefined> {
      if (userId === null) return undefined;
      const row = await db
        .selectFrom('users')
        .select(['id', 'full_name', 'email'])
        .where('company_id', '=', companyId)
        .where('id', '=', userId)
        .where('is_active', '=', 1)
        .executeTakeFirst();
      return row?.email ? { id: row.id, fullName: row.full_name, email: row.email } : undefined;
    },

    async companyName(companyId: number): Promise<string> {
      const row = await db.selectFrom('companies').select('name').where('id', '=', companyId).executeTakeFirst();
      return row?.name ?? '';
    },
  };
}
