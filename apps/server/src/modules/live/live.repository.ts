import type { Kysely } from 'kysely';
import { ACTIVE_RESERVATION_STATUSES, RESERVATION_MAX_MS } from '@atrium/contract';
import { prepareQuery } from '../../db/prepared.js';
import type { DB } from '../../db/schema.js';
import type { ReservationRecord } from '../booking/engine/booking.repository.js';

export interface BoardLinkRecord {
  id: number;
  companyId: number;
  name: string;
  locationId: number | null;
  createdByName: string | null;
  createdAt: number;
  revokedAt: number | null;
}

/** An active meeting as the live views read it: what its state and its line on the board need. */
export interface BoardMeetingRecord extends Pick<ReservationRecord, 'id' | 'roomId' | 'hostUserId' | 'hostName' | 'title' | 'startAt' | 'endAt' | 'status' | 'privacy'> {
  checkedInAt: number | null;
  /** Whether the viewer is among its participants; asked only where it matters (not public, not their own), else false. */
  isAttending: boolean;
}

export type LiveRepository = ReturnType<typeof createLiveRepository>;

/** What the live views read besides rooms and reservations: disable periods now, board links, the company's name. */
export function createLiveRepository(db: Kysely<DB>) {
  function selectLinks() {
    return db
      .selectFrom('live_board_links as b')
      .leftJoin('users as u', (join) => join.onRef('u.id', '=', 'b.created_by').onRef('u.company_id', '=', 'b.company_id'))
      .select(['b.id', 'b.company_id', 'b.name', 'b.location_id', 'b.created_at', 'b.revoked_at', 'u.full_name as created_by_name']);
  }
  type Row = Awaited<ReturnType<ReturnType<typeof selectLinks>['executeTakeFirstOrThrow']>>;
  const present = (row: Row): BoardLinkRecord => ({
    id: row.id,
    companyId: row.company_id,
    name: row.name,
    locationId: row.location_id,
    createdByName: row.created_by_name,
    createdAt: Number(row.created_at),
    revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
  });

  /**
   * The company's active meetings `r` with what the board shows of each. Whether the viewer attends
   * is asked only of meetings it can change (neither public nor their own: booking.policy.ts);
   * nobody attends anything on a public board.
   */
  function selectShown(companyId: number, viewerUserId: number | null) {
    return db
      .selectFrom('reservations as r')
      .leftJoin('users as u', (join) => join.onRef('u.id', '=', 'r.host_user_id').onRef('u.company_id', '=', 'r.company_id'))
      .select(['r.id', 'r.room_id', 'r.host_user_id', 'u.full_name as host_name', 'r.title', 'r.start_at', 'r.end_at', 'r.status', 'r.privacy', 'r.checked_in_at'])
      .select((eb) =>
        (viewerUserId === null
          ? eb.lit(false)
          : eb
              .case()
              .when(eb.or([eb('r.privacy', '=', 'public'), eb('r.host_user_id', '=', viewerUserId)]))
              .then(eb.lit(false))
              .else(
                eb.exists(
                  eb
                    .selectFrom('reservation_participants as p')
                    .select('p.id')
                    .whereRef('p.reservation_id', '=', 'r.id')
                    .where('p.company_id', '=', companyId)
                    .where('p.user_id', '=', viewerUserId),
                ),
              )
              .end()
        ).as('is_attending'),
      )
      .where('r.company_id', '=', companyId)
      .where('r.status', 'in', [...ACTIVE_RESERVATION_STATUSES]);
  }

  /**
   * The meetings touching [from, dayEnd), and after it only each room's first one before
   * `nextUntil` (what "next" needs): every meeting read is one the board shows. Bounded like every
   * overlap read: no meeting is longer than RESERVATION_MAX_MS (`startsFrom`).
   */
  function boardWindow(companyId: number, viewerUserId: number | null, startsFrom: number, from: number, dayEnd: number, nextUntil: number) {
    const today = selectShown(companyId, viewerUserId).where('r.start_at', '>=', startsFrom).where('r.start_at', '<', dayEnd).where('r.end_at', '>', from);
    const firsts = db
      .selectFrom('reservations')
      .select('room_id')
      .select((eb) => eb.fn.min('start_at').as('first_start_at'))
      .where('company_id', '=', companyId)
      .where('status', 'in', [...ACTIVE_RESERVATION_STATUSES])
      .where('start_at', '>=', dayEnd)
      .where('start_at', '<', nextUntil)
      .groupBy('room_id');
    const next = selectShown(companyId, viewerUserId).innerJoin(firsts.as('n'), (join) => join.onRef('n.room_id', '=', 'r.room_id').onRef('n.first_start_at', '=', 'r.start_at'));
    // A room's active meetings never share a start: their order needs no tie-break.
    return today.unionAll(next).orderBy('start_at');
  }
  // Compiled once: the board reads them on every call and every minute for each open stream.
  const selectBoardForViewer = prepareQuery(db, (companyId: number, viewerUserId: number, startsFrom: number, from: number, dayEnd: number, nextUntil: number) =>
    boardWindow(companyId, viewerUserId, startsFrom, from, dayEnd, nextUntil),
  );
  const selectBoardForNobody = prepareQuery(db, (companyId: number, startsFrom: number, from: number, dayEnd: number, nextUntil: number) =>
    boardWindow(companyId, null, startsFrom, from, dayEnd, nextUntil),
  );
  const selectDisabledAt = prepareQuery(db, (companyId: number, now: number) =>
    db.selectFrom('room_disable_periods').select('room_id').where('company_id', '=', companyId).where('start_at', '<=', now).where('end_at', '>', now),
  );

  return {
    /**
     * The company's active meetings touching [from, dayEnd) and each room's first one after that
     * until `nextUntil`, by start, in one statement for every room. `viewerUserId` null: nobody
     * attends (a public board).
     */
    async boardMeetings(companyId: number, viewerUserId: number | null, window: { from: number; dayEnd: number; nextUntil: number }): Promise<BoardMeetingRecord[]> {
      const { from, dayEnd, nextUntil } = window;
      const startsFrom = from - RESERVATION_MAX_MS;
      const rows =
        viewerUserId === null
          ? await selectBoardForNobody(companyId, startsFrom, from, dayEnd, nextUntil)
          : await selectBoardForViewer(companyId, viewerUserId, startsFrom, from, dayEnd, nextUntil);
      return rows.map((row) => ({
        id: row.id,
        roomId: row.room_id,
        hostUserId: row.host_user_id,
        hostName: row.host_name,
        title: row.title,
        startAt: Number(row.start_at),
        endAt: Number(row.end_at),
        status: row.status,
        privacy: row.privacy,
        checkedInAt: row.checked_in_at === null ? null : Number(row.checked_in_at),
        isAttending: Boolean(row.is_attending),
      }));
    },

    /** Rooms of the company inside a disable period at `now` (one query for every room). */
    async roomsDisabledAt(companyId: number, now: number): Promise<Set<number>> {
      const rows = await selectDisabledAt(companyId, now);
      return new Set(rows.map((row) => row.room_id));
    },

    async companyName(companyId: number): Promise<string> {
      const row = await db.selectFrom('companies').select('name').where('id', '=', companyId).executeTakeFirst();
      return row?.name ?? '';
    },

    async insertLink(values: { companyId: number; name: string; tokenHash: string; locationId: number | null; createdBy: number }, now: number): Promise<number> {
      const row = await db
        .insertInto('live_board_links')
        .values({
          company_id: values.companyId,
          name: values.name,
          token_hash: values.tokenHash,
          location_id: values.locationId,
          created_by: values.createdBy,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async findLink(companyId: number, id: number): Promise<BoardLinkRecord | undefined> {
      const row = await selectLinks().where('b.company_id', '=', companyId).where('b.id', '=', id).executeTakeFirst();
      return row ? present(row) : undefined;
    },

    /** The live (not revoked) link with this secret's hash, of any company: the secret names the company. */
    async findLiveLinkByHash(tokenHash: string): Promise<BoardLinkRecord | undefined> {
      const row = await selectLinks().where('b.token_hash', '=', tokenHash).where('b.revoked_at', 'is', null).executeTakeFirst();
      return row ? present(row) : undefined;
    },

    /** The company's links, newest first, revoked ones included. */
    async listLinks(companyId: number): Promise<BoardLinkRecord[]> {
      const rows = await selectLinks().where('b.company_id', '=', companyId).orderBy('b.created_at', 'desc').orderBy('b.id', 'desc').execute();
      return rows.map(present);
    },

    async revokeLink(companyId: number, id: number, now: number): Promise<void> {
      await db
        .updateTable('live_board_links')
        .set({ revoked_at: now })
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .execute();
    },
  };
}
