import type { Kysely } from 'kysely';
import { ACTIVE_RESERVATION_STATUSES, RESERVATION_MAX_MS } from '@atrium/contract';
import { prepareQuery } from '../../db/prepared.js';
import { DAY_MS, HOUR_MS } from '../../platform/clock.js';
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

export interface LiveRepositoryOptions {
  /** A value that moves whenever the database may have changed (database.ts): the board's meetings are kept while it stays. */
  changeStamp: () => string | Promise<string>;
}

/** A company's board meetings as read at one change stamp, per window (the zones a board spans decide its window). */
interface KeptMeetings {
  stamp: string;
  windows: Map<string, readonly BoardMeetingRecord[]>;
}

/** The meetings of a window a viewer attends, as read at one change stamp. */
interface KeptAttendance {
  stamp: string;
  window: string;
  ids: ReadonlySet<number>;
}

/** A company's disable periods going on at some moment of [from, before), as read at one change stamp. */
interface KeptDisabled {
  stamp: string;
  from: number;
  before: number;
  periods: readonly { roomId: number; startAt: number; endAt: number }[];
}

/** Companies and viewers whose board reads are kept, and windows per company; the oldest goes first beyond them. */
const KEPT_COMPANIES = 1_000;
const KEPT_VIEWERS = 1_000;
const KEPT_WINDOWS = 8;

/** Sets a key of a bounded map as its newest entry, dropping the oldest beyond `limit`. */
function keep<K, V>(map: Map<K, V>, key: K, value: V, limit: number): V {
  map.delete(key);
  if (map.size >= limit) map.delete(map.keys().next().value!);
  map.set(key, value);
  return value;
}

/** What the live views read besides rooms and reservations: disable periods now, board links, the company's name. */
export function createLiveRepository(db: Kysely<DB>, { changeStamp }: LiveRepositoryOptions) {
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

  /** The company's active meetings `r` with what the board shows of each. */
  function selectShown(companyId: number) {
    return db
      .selectFrom('reservations as r')
      .leftJoin('users as u', (join) => join.onRef('u.id', '=', 'r.host_user_id').onRef('u.company_id', '=', 'r.company_id'))
      .select(['r.id', 'r.resource_id', 'r.host_user_id', 'u.full_name as host_name', 'r.title', 'r.start_at', 'r.end_at', 'r.status', 'r.privacy', 'r.checked_in_at'])
      .where('r.company_id', '=', companyId)
      .where('r.status', 'in', [...ACTIVE_RESERVATION_STATUSES]);
  }

  /**
   * The meetings touching [from, dayEnd), and after it only each room's first one before
   * `nextUntil` (what "next" needs): every meeting read is one the board shows. Bounded like every
   * overlap read: no meeting is longer than RESERVATION_MAX_MS (`startsFrom`). Compiled once: the
   * board reads it on every change and every minute for each open stream.
   */
  const selectBoardWindow = prepareQuery(db, (companyId: number, startsFrom: number, from: number, dayEnd: number, nextUntil: number) => {
    const today = selectShown(companyId).where('r.start_at', '>=', startsFrom).where('r.start_at', '<', dayEnd).where('r.end_at', '>', from);
    const firsts = db
      .selectFrom('reservations')
      .select('resource_id')
      .select((eb) => eb.fn.min('start_at').as('first_start_at'))
      .where('company_id', '=', companyId)
      .where('status', 'in', [...ACTIVE_RESERVATION_STATUSES])
      .where('start_at', '>=', dayEnd)
      .where('start_at', '<', nextUntil)
      .groupBy('resource_id');
    const next = selectShown(companyId).innerJoin(firsts.as('n'), (join) => join.onRef('n.resource_id', '=', 'r.resource_id').onRef('n.first_start_at', '=', 'r.start_at'));
    // A room's active meetings never share a start: their order needs no tie-break.
    return today.unionAll(next).orderBy('start_at');
  });
  // The viewer's meetings among a window's.
  const selectAttended = prepareQuery(db, (companyId: number, viewerUserId: number, startsFrom: number, nextUntil: number) =>
    db
      .selectFrom('reservation_participants as p')
      .innerJoin('reservations as r', (join) => join.onRef('r.id', '=', 'p.reservation_id').onRef('r.company_id', '=', 'p.company_id'))
      .select('p.reservation_id')
      .where('p.company_id', '=', companyId)
      .where('p.user_id', '=', viewerUserId)
      .where('r.status', 'in', [...ACTIVE_RESERVATION_STATUSES])
      .where('r.start_at', '>=', startsFrom)
      .where('r.start_at', '<', nextUntil),
  );
  // Disable periods going on at some moment of [now, before).
  const selectDisabledDuring = prepareQuery(db, (companyId: number, now: number, before: number) =>
    db
      .selectFrom('room_disable_periods')
      .select(['room_id', 'start_at', 'end_at'])
      .where('company_id', '=', companyId)
      .where('start_at', '<', before)
      .where('end_at', '>', now),
  );

  const presentMeeting = (row: Awaited<ReturnType<typeof selectBoardWindow>>[number]): BoardMeetingRecord => ({
    id: row.id,
    roomId: row.resource_id,
    hostUserId: row.host_user_id,
    hostName: row.host_name,
    title: row.title,
    startAt: Number(row.start_at),
    endAt: Number(row.end_at),
    status: row.status,
    privacy: row.privacy,
    checkedInAt: row.checked_in_at === null ? null : Number(row.checked_in_at),
    isAttending: false,
  });

  /**
   * A company's meetings of a window are read once and kept while the database's change stamp
   * stays (database.ts); each viewer's attendance is read apart and kept the same way. A board
   * polled by every screen of an office then reads no meeting until something changes.
   */
  const keptMeetings = new Map<number, KeptMeetings>();
  const keptAttendance = new Map<string, KeptAttendance>();
  const keptDisabled = new Map<number, KeptDisabled>();

  return {
    /** The database's change stamp now (database.ts): take it before the board's meetings are read. */
    changeStamp: async (): Promise<string> => changeStamp(),

    /**
     * The company's active meetings touching [from, dayEnd) and each room's first one after that
     * until a day after `dayEnd` (the same read serves every moment of the day: the caller picks
     * "next"), by start, for every room; each says whether the viewer attends it, asked only of
     * meetings it can change (neither public nor their own: booking.policy.ts). `viewerUserId`
     * null: nobody attends (a public board). `stamp`: `changeStamp()` taken before this call. The
     * records are shared between callers: never change one.
     */
    async boardMeetings(companyId: number, viewerUserId: number | null, window: { from: number; dayEnd: number }, stamp: string): Promise<readonly BoardMeetingRecord[]> {
      const { from, dayEnd } = window;
      const startsFrom = from - RESERVATION_MAX_MS;
      const nextUntil = dayEnd + DAY_MS;
      const key = `${from}:${dayEnd}`;
      let kept = keptMeetings.get(companyId);
      if (kept?.stamp !== stamp) kept = keep(keptMeetings, companyId, { stamp, windows: new Map() }, KEPT_COMPANIES);
      let meetings = kept.windows.get(key);
      if (!meetings) {
        meetings = (await selectBoardWindow(companyId, startsFrom, from, dayEnd, nextUntil)).map(presentMeeting);
        keep(kept.windows, key, meetings, KEPT_WINDOWS);
      }
      if (viewerUserId === null) return meetings;

      const viewerKey = `${companyId}:${viewerUserId}`;
      let attendance = keptAttendance.get(viewerKey);
      if (attendance?.stamp !== stamp || attendance.window !== key) {
        const ids = new Set((await selectAttended(companyId, viewerUserId, startsFrom, nextUntil)).map((row) => row.reservation_id));
        attendance = keep(keptAttendance, viewerKey, { stamp, window: key, ids }, KEPT_VIEWERS);
      }
      const attended = attendance.ids;
      if (attended.size === 0) return meetings;
      return meetings.map((meeting) =>
        attended.has(meeting.id) && meeting.privacy !== 'public' && meeting.hostUserId !== viewerUserId ? { ...meeting, isAttending: true } : meeting,
      );
    },

    /**
     * Rooms of the company inside a disable period at `now`. The periods of the hour from a read
     * are kept while the change stamp (`stamp`, taken before this call) stays: no query then.
     */
    async roomsDisabledAt(companyId: number, now: number, stamp: string): Promise<Set<number>> {
      let kept = keptDisabled.get(companyId);
      if (kept?.stamp !== stamp || now < kept.from || now >= kept.before) {
        const before = now + HOUR_MS;
        const periods = (await selectDisabledDuring(companyId, now, before)).map((row) => ({ roomId: row.room_id, startAt: Number(row.start_at), endAt: Number(row.end_at) }));
        kept = keep(keptDisabled, companyId, { stamp, from: now, before, periods }, KEPT_COMPANIES);
      }
      return new Set(kept.periods.filter((period) => period.startAt <= now && now < period.endAt).map((period) => period.roomId));
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
