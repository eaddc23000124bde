import { sql, type Kysely } from 'kysely';
import { RESERVATION_MAX_MS, type HomieState, type SmartDeviceKind } from '@atrium/contract';
import type { DB } from '../../db/schema.js';

/** A device bound to a room, as the rooms read it: what it is, what it last said and when. */
export interface RoomDeviceRecord {
  id: number;
  roomId: number;
  name: string;
  kind: SmartDeviceKind;
  homieId: string;
  state: HomieState | null;
  /** The raw `$description` JSON, or null before the first. */
  description: string | null;
  /** Latest values keyed `<node>/<property>`: `{ value, at }`. */
  properties: string;
  activatedAt: number | null;
  lastSeenAt: number | null;
}

export interface RoomSettingRecord {
  roomId: number;
  enabled: boolean;
  responseDelaySeconds: number;
  presenceCheckIn: boolean;
  ghostRelease: boolean;
  ghostGraceMinutes: number;
}

/** A meeting whose check-in window closed without a check-in, in a room that may release empty bookings. */
export interface GhostCandidate {
  reservationId: number;
  companyId: number;
  roomId: number;
  startAt: number;
  endAt: number;
  /** When the check-in window opened: presence since then would have checked the meeting in. */
  opensAt: number;
}

export interface GhostPrompt {
  reservationId: number;
  companyId: number;
  roomId: number;
  promptedAt: number;
  answerBy: number;
}

/** The metric a presence sensor's `occupancy` is stored under (docs/devices-mqtt.md, "Readings"). */
export const OCCUPANCY_METRIC = 'presence.occupancy';

export function createSmartRoomRepository(db: Kysely<DB>) {
  const deviceColumns = [
    'id',
    'room_id as roomId',
    'name',
    'kind',
    'homie_id as homieId',
    'state',
    'description',
    'properties',
    'activated_at as activatedAt',
    'last_seen_at as lastSeenAt',
  ] as const;

  const toDevice = (row: { id: number; roomId: number | null; name: string; kind: string; homieId: string; state: string | null; description: string | null; properties: string; activatedAt: number | null; lastSeenAt: number | null }): RoomDeviceRecord => ({
    ...row,
    roomId: row.roomId!,
    kind: row.kind as SmartDeviceKind,
    state: row.state as HomieState | null,
  });

  return {
    /** The ids of the company's rooms. */
    async listRoomIds(companyId: number): Promise<number[]> {
      const rows = await db.selectFrom('rooms').select('id').where('company_id', '=', companyId).execute();
      return rows.map((row) => row.id);
    },

    async isRoomOf(companyId: number, roomId: number): Promise<boolean> {
      return (await db.selectFrom('rooms').select('id').where('company_id', '=', companyId).where('id', '=', roomId).executeTakeFirst()) !== undefined;
    },

    /** The company's devices bound to a room (all rooms, or one). */
    async listRoomDevices(companyId: number, roomId?: number): Promise<RoomDeviceRecord[]> {
      let query = db.selectFrom('smart_devices').select(deviceColumns).where('company_id', '=', companyId);
      query = roomId === undefined ? query.where('room_id', 'is not', null) : query.where('room_id', '=', roomId);
      return (await query.orderBy('name').orderBy('id').execute()).map(toDevice);
    },

    /** Saved settings by room (rooms without a row keep the defaults). */
    async listSettings(companyId: number, roomId?: number): Promise<Map<number, RoomSettingRecord>> {
      let query = db
        .selectFrom('smart_room_settings')
        .select(['room_id as roomId', 'is_enabled', 'response_delay_seconds', 'presence_check_in', 'ghost_release', 'ghost_grace_minutes'])
        .where('company_id', '=', companyId);
      if (roomId !== undefined) query = query.where('room_id', '=', roomId);
      const rows = await query.execute();
      return new Map(
        rows.map((row) => [
          row.roomId,
          {
            roomId: row.roomId,
            enabled: Number(row.is_enabled) === 1,
            responseDelaySeconds: row.response_delay_seconds,
            presenceCheckIn: Number(row.presence_check_in) === 1,
            ghostRelease: Number(row.ghost_release) === 1,
            ghostGraceMinutes: row.ghost_grace_minutes,
          },
        ]),
      );
    },

    async saveSettings(companyId: number, roomId: number, settings: Omit<RoomSettingRecord, 'roomId'>, userId: number, now: number): Promise<void> {
      const values = {
        is_enabled: settings.enabled ? 1 : 0,
        response_delay_seconds: settings.responseDelaySeconds,
        presence_check_in: settings.presenceCheckIn ? 1 : 0,
        ghost_release: settings.ghostRelease ? 1 : 0,
        ghost_grace_minutes: settings.ghostGraceMinutes,
        updated_at: now,
        updated_by: userId,
      };
      await db
        .insertInto('smart_room_settings')
        .values({ room_id: roomId, company_id: companyId, ...values })
        .onConflict((conflict) => conflict.column('room_id').doUpdateSet(values))
        .execute();
    },

    /**
     * The last time each sensor detected someone since `since` (a bounded range of the readings' key:
     * device, metric, time), for the response delay: "someone" holds that long after the last detection.
     */
    async lastDetections(deviceIds: readonly number[], since: number): Promise<Map<number, number>> {
      if (deviceIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('device_readings')
        .select(['device_id as deviceId', (eb) => eb.fn.max('at').as('at')])
        .where('device_id', 'in', deviceIds)
        .where('metric', '=', OCCUPANCY_METRIC)
        .where('at', '>', since)
        .where('value', '=', 1)
        .groupBy('device_id')
        .execute();
      return new Map(rows.map((row) => [row.deviceId, Number(row.at)]));
    },

    /**
     * Meetings whose check-in window has closed (and that still run) without a check-in or a prompt,
     * in rooms with sign-in on, smart control on and empty-room release on (the defaults where the
     * room has no settings row), that have smart devices. Whether the room's sensors can tell it is
     * empty is judged by the caller.
     */
    async ghostCandidates(now: number, limit: number): Promise<GhostCandidate[]> {
      const rows = await db
        .selectFrom('reservations as r')
        .innerJoin('rooms as rm', (join) => join.onRef('rm.id', '=', 'r.resource_id').onRef('rm.company_id', '=', 'r.company_id'))
        .leftJoin('smart_room_settings as s', 's.room_id', 'r.resource_id')
        .select(['r.id', 'r.company_id', 'r.resource_id', 'r.start_at', 'r.end_at', 'rm.sign_in_before_minutes'])
        .where('r.status', '=', 'confirmed')
        .where('r.checked_in_at', 'is', null)
        .where('rm.sign_in_enabled', '=', 1)
        .where('r.start_at', '>=', now - RESERVATION_MAX_MS)
        .where(sql<boolean>`r.start_at + rm.sign_in_after_minutes * 60000 <= ${now}`)
        .where('r.end_at', '>', now)
        .where(sql<boolean>`coalesce(s.is_enabled, 1) = 1 and coalesce(s.ghost_release, 1) = 1`)
        .where((eb) => eb.exists(eb.selectFrom('smart_devices as d').select('d.id').whereRef('d.room_id', '=', 'r.resource_id')))
        .where((eb) => eb.not(eb.exists(eb.selectFrom('smart_ghost_prompts as g').select('g.reservation_id').whereRef('g.reservation_id', '=', 'r.id'))))
        .orderBy('r.start_at')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        reservationId: row.id,
        companyId: row.company_id,
        roomId: row.resource_id,
        startAt: Number(row.start_at),
        endAt: Number(row.end_at),
        opensAt: Number(row.start_at) - row.sign_in_before_minutes * 60_000,
      }));
    },

    /** Claims a prompt for the meeting; false when another process claimed it first. */
    async claimPrompt(prompt: GhostPrompt): Promise<boolean> {
      const rows = await db
        .insertInto('smart_ghost_prompts')
        .values({ reservation_id: prompt.reservationId, company_id: prompt.companyId, room_id: prompt.roomId, prompted_at: prompt.promptedAt, answer_by: prompt.answerBy })
        .onConflict((conflict) => conflict.column('reservation_id').doNothing())
        .returning('reservation_id')
        .execute();
      return rows.length === 1;
    },

    /** Open prompts whose answer was due by `now`. */
    async duePrompts(now: number, limit: number): Promise<GhostPrompt[]> {
      const rows = await db
        .selectFrom('smart_ghost_prompts')
        .select(['reservation_id', 'company_id', 'room_id', 'prompted_at', 'answer_by'])
        .where('resolved_at', 'is', null)
        .where('answer_by', '<=', now)
        .orderBy('answer_by')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ reservationId: row.reservation_id, companyId: row.company_id, roomId: row.room_id, promptedAt: Number(row.prompted_at), answerBy: Number(row.answer_by) }));
    },

    /** Closes a prompt with its outcome; false when it was closed already. */
    async resolvePrompt(reservationId: number, outcome: 'checked_in' | 'present' | 'released' | 'gone', now: number): Promise<boolean> {
      const result = await db
        .updateTable('smart_ghost_prompts')
        .set({ resolved_at: now, outcome })
        .where('reservation_id', '=', reservationId)
        .where('resolved_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Until when the host of a meeting asked about may still check in (an open prompt's answer time), or null. */
    async answerBy(companyId: number, reservationId: number): Promise<number | null> {
      const row = await db
        .selectFrom('smart_ghost_prompts')
        .select('answer_by')
        .where('company_id', '=', companyId)
        .where('reservation_id', '=', reservationId)
        .where('resolved_at', 'is', null)
        .executeTakeFirst();
      return row ? Number(row.answer_by) : null;
    },

    /** Where each device is bound (room), for readings that arrive by device. */
    async roomsOf(deviceIds: readonly number[]): Promise<Map<number, { companyId: number; roomId: number }>> {
      if (deviceIds.length === 0) return new Map();
      const rows = await db.selectFrom('smart_devices').select(['id', 'company_id', 'room_id']).where('id', 'in', deviceIds).where('room_id', 'is not', null).execute();
      return new Map(rows.map((row) => [row.id, { companyId: row.company_id, roomId: row.room_id! }]));
    },

    async findPlan(companyId: number, roomId: number): Promise<string | null> {
      const row = await db.selectFrom('smart_plans').select('entries').where('company_id', '=', companyId).where('room_id', '=', roomId).executeTakeFirst();
      return row?.entries ?? null;
    },

    async savePlan(companyId: number, roomId: number, entries: string, userId: number, now: number): Promise<void> {
      const values = { entries, updated_at: now, updated_by: userId };
      await db
        .insertInto('smart_plans')
        .values({ room_id: roomId, company_id: companyId, ...values })
        .onConflict((conflict) => conflict.column('room_id').doUpdateSet(values))
        .execute();
    },

    /** Every room's plan that has entries: the plan job reads them each run (a row per room, small). */
    async listPlans(): Promise<Array<{ companyId: number; roomId: number; entries: string }>> {
      const rows = await db.selectFrom('smart_plans').select(['company_id', 'room_id', 'entries']).where('entries', '<>', '[]').execute();
      return rows.map((row) => ({ companyId: row.company_id, roomId: row.room_id, entries: row.entries }));
    },

    async findScenes(companyId: number, roomId: number): Promise<{ on: string; off: string } | null> {
      const row = await db.selectFrom('smart_scenes').select(['on_actions', 'off_actions']).where('company_id', '=', companyId).where('room_id', '=', roomId).executeTakeFirst();
      return row ? { on: row.on_actions, off: row.off_actions } : null;
    },

    async saveScenes(companyId: number, roomId: number, scenes: { on: string; off: string }, userId: number, now: number): Promise<void> {
      const values = { on_actions: scenes.on, off_actions: scenes.off, updated_at: now, updated_by: userId };
      await db
        .insertInto('smart_scenes')
        .values({ room_id: roomId, company_id: companyId, ...values })
        .onConflict((conflict) => conflict.column('room_id').doUpdateSet(values))
        .execute();
    },

    /** Claims a scene's run by its key; false when it ran already (here or in another process). */
    async claimRun(roomId: number, runKey: string, trigger: 'on' | 'off', now: number): Promise<boolean> {
      const rows = await db
        .insertInto('smart_scene_runs')
        .values({ room_id: roomId, run_key: runKey, trigger, ran_at: now })
        .onConflict((conflict) => conflict.columns(['room_id', 'run_key']).doNothing())
        .returning('room_id')
        .execute();
      return rows.length === 1;
    },

    async recordRun(roomId: number, runKey: string, sent: number): Promise<void> {
      await db.updateTable('smart_scene_runs').set({ sent }).where('room_id', '=', roomId).where('run_key', '=', runKey).execute();
    },

    /** Checked-in meetings that ended in (since, now], in rooms with scenes: their room's "off" scene is due. */
    async endedMeetings(since: number, now: number): Promise<Array<{ companyId: number; roomId: number; reservationId: number }>> {
      const rows = await db
        .selectFrom('reservations as r')
        .innerJoin('smart_scenes as s', 's.room_id', 'r.resource_id')
        .select(['r.id', 'r.company_id', 'r.resource_id'])
        .where('r.status', '=', 'confirmed')
        .where('r.checked_in_at', 'is not', null)
        .where('r.start_at', '>=', since - RESERVATION_MAX_MS)
        .where('r.end_at', '>', since)
        .where('r.end_at', '<=', now)
        .execute();
      return rows.map((row) => ({ companyId: row.company_id, roomId: row.resource_id, reservationId: row.id }));
    },

    /** Whether a checked-in meeting runs in the room at `now` (its "off" scene then waits for it). */
    async isMeetingRunning(companyId: number, roomId: number, now: number): Promise<boolean> {
      const row = await db
        .selectFrom('reservations')
        .select('id')
        .where('company_id', '=', companyId)
        .where('resource_id', '=', roomId)
        .where('status', '=', 'confirmed')
        .where('checked_in_at', 'is not', null)
        .where('start_at', '>=', now - RESERVATION_MAX_MS)
        .where('start_at', '<=', now)
        .where('end_at', '>', now)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** A meeting's room and whether it was checked in (a cancelled meeting that ran turns its room off). */
    async findMeeting(companyId: number, reservationId: number): Promise<{ roomId: number; checkedIn: boolean; endAt: number; startAt: number } | undefined> {
      const row = await db
        .selectFrom('reservations')
        .select(['resource_id', 'checked_in_at', 'end_at', 'start_at'])
        .where('company_id', '=', companyId)
        .where('id', '=', reservationId)
        .executeTakeFirst();
      return row ? { roomId: row.resource_id, checkedIn: row.checked_in_at !== null, endAt: Number(row.end_at), startAt: Number(row.start_at) } : undefined;
    },

    /**
     * Raises an alarm for each device that dropped off (`lost`, `disconnected`) or reports a fault
     * (`alert`) and has none open for that cause; answers the new ones. The partial unique index keeps
     * one open alarm per device and cause, also when two processes scan at once.
     */
    async raiseAlarms(now: number): Promise<Array<{ id: number; companyId: number; deviceId: number; cause: 'disconnected' | 'alert' }>> {
      const due = await db
        .selectFrom('smart_devices as d')
        .select(['d.id', 'd.company_id', 'd.state'])
        // Written out, not bound: the planner uses the partial index smart_devices_trouble_idx (migration 0071)
        // only when the query's terms match its own.
        .where(sql<boolean>`d.state in ('lost', 'disconnected', 'alert')`)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('smart_alarms as a')
                .select('a.id')
                .whereRef('a.device_id', '=', 'd.id')
                .where('a.cleared_at', 'is', null)
                .where('a.cause', '=', sql<'disconnected' | 'alert'>`case when d.state = 'alert' then 'alert' else 'disconnected' end`),
            ),
          ),
        )
        .execute();
      const raised = [];
      for (const device of due) {
        const cause = device.state === 'alert' ? ('alert' as const) : ('disconnected' as const);
        const row = await db
          .insertInto('smart_alarms')
          .values({ company_id: device.company_id, device_id: device.id, cause, raised_at: now })
          .onConflict((conflict) => conflict.columns(['device_id', 'cause']).where('cleared_at', 'is', null).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (row) raised.push({ id: row.id, companyId: device.company_id, deviceId: device.id, cause });
      }
      return raised;
    },

    /** Clears the open alarms of devices that are back (connected again, fault gone). Answers how many. */
    async clearAlarms(now: number): Promise<number> {
      const result = await db
        .updateTable('smart_alarms')
        .set({ cleared_at: now })
        .where('cleared_at', 'is', null)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('smart_devices as d')
              .select('d.id')
              .whereRef('d.id', '=', 'smart_alarms.device_id')
              .where((inner) =>
                inner.or([
                  inner.and([inner(sql.ref('smart_alarms.cause'), '=', 'disconnected'), inner('d.state', 'not in', ['lost', 'disconnected'])]),
                  inner.and([inner(sql.ref('smart_alarms.cause'), '=', 'alert'), inner('d.state', '<>', 'alert')]),
                ]),
              ),
          ),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /**
     * Raises a `disconnected` alarm for each activated door display not heard since `silentBefore` (the
     * door-display status rule's online window) that has none open; answers the new ones. Once per display,
     * also when two processes scan at once (the partial unique index smart_alarms_display_open_uq).
     */
    async raiseDisplayAlarms(now: number, silentBefore: number): Promise<Array<{ id: number; companyId: number; displayId: number; cause: 'disconnected' }>> {
      const due = await db
        .selectFrom('devices as p')
        .select(['p.id', 'p.company_id'])
        // Written out, not bound: the planner uses the partial index devices_activated_seen_idx (migration 0072)
        // only when the query's terms match its own. Activation sets last_seen_at, so an activated display has one.
        .where(sql<boolean>`p.state = 'activated'`)
        .where('p.last_seen_at', '<', silentBefore)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb.selectFrom('smart_alarms as a').select('a.id').whereRef('a.display_id', '=', 'p.id').where('a.cleared_at', 'is', null).where('a.cause', '=', 'disconnected'),
            ),
          ),
        )
        .execute();
      const raised = [];
      for (const display of due) {
        const row = await db
          .insertInto('smart_alarms')
          .values({ company_id: display.company_id, display_id: display.id, cause: 'disconnected', raised_at: now })
          .onConflict((conflict) => conflict.columns(['display_id', 'cause']).where('cleared_at', 'is', null).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (row) raised.push({ id: row.id, companyId: display.company_id, displayId: display.id, cause: 'disconnected' as const });
      }
      return raised;
    },

    /**
     * Clears the open alarms of door displays that are no longer silent: heard since `silentBefore`, or no
     * longer activated (signed out, cancelled). A removed display's alarms go with it. Answers how many.
     */
    async clearDisplayAlarms(now: number, silentBefore: number): Promise<number> {
      const result = await db
        .updateTable('smart_alarms')
        .set({ cleared_at: now })
        .where('cleared_at', 'is', null)
        .where('display_id', 'is not', null)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('devices as p')
                .select('p.id')
                .whereRef('p.id', '=', 'smart_alarms.display_id')
                .where('p.state', '=', 'activated')
                .where('p.last_seen_at', '<', silentBefore),
            ),
          ),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /**
     * Who is told of a door display's alarm: a display has no deployers of its own, so the deployers of the
     * smart devices in its room (each once, by mail to those with an address); with its name and room.
     */
    async displayAlarmAudience(companyId: number, displayId: number): Promise<{ name: string; roomId: number; userIds: number[]; emails: string[] } | undefined> {
      const display = await db.selectFrom('devices').select(['name', 'room_id']).where('company_id', '=', companyId).where('id', '=', displayId).executeTakeFirst();
      if (!display) return undefined;
      const deployers = await db
        .selectFrom('smart_devices as d')
        .innerJoin('smart_device_deployers as p', 'p.device_id', 'd.id')
        .innerJoin('users as u', (join) => join.onRef('u.id', '=', 'p.user_id').on('u.company_id', '=', companyId))
        .select(['p.user_id', 'u.email'])
        .distinct()
        .where('d.room_id', '=', display.room_id)
        .where('d.company_id', '=', companyId)
        .orderBy('p.user_id')
        .execute();
      return {
        name: display.name,
        roomId: display.room_id,
        userIds: deployers.map((row) => row.user_id),
        emails: deployers.flatMap((row) => (row.email ? [row.email] : [])),
      };
    },

    /** Who deploys a device (its alarms go to them, by mail to those with an address), and its name and room. */
    async alarmAudience(companyId: number, deviceId: number): Promise<{ name: string; roomId: number | null; userIds: number[]; emails: string[] } | undefined> {
      const device = await db.selectFrom('smart_devices').select(['name', 'room_id', 'location_id']).where('company_id', '=', companyId).where('id', '=', deviceId).executeTakeFirst();
      if (!device) return undefined;
      const deployers = await db
        .selectFrom('smart_device_deployers as p')
        .innerJoin('users as u', (join) => join.onRef('u.id', '=', 'p.user_id').on('u.company_id', '=', companyId))
        .select(['p.user_id', 'u.email'])
        .where('p.device_id', '=', deviceId)
        .orderBy('p.user_id')
        .execute();
      return {
        name: device.name,
        roomId: device.room_id ?? device.location_id,
        userIds: deployers.map((row) => row.user_id),
        emails: deployers.flatMap((row) => (row.email ? [row.email] : [])),
      };
    },

    async listAlarms(companyId: number, state: 'open' | 'cleared' | undefined, page: number, pageSize: number) {
      let query = db
        .selectFrom('smart_alarms as a')
        .leftJoin('smart_devices as d', 'd.id', 'a.device_id')
        .leftJoin('devices as p', 'p.id', 'a.display_id')
        .leftJoin('users as u', 'u.id', 'a.acknowledged_by')
        .where('a.company_id', '=', companyId);
      if (state === 'open') query = query.where('a.cleared_at', 'is', null);
      if (state === 'cleared') query = query.where('a.cleared_at', 'is not', null);
      const [rows, counted, open] = await Promise.all([
        query
          .select([
            'a.id',
            'a.device_id',
            'a.display_id',
            'd.name',
            'd.kind',
            'd.room_id',
            'd.location_id',
            'p.name as display_name',
            'p.room_id as display_room_id',
            'a.cause',
            'a.raised_at',
            'a.cleared_at',
            'a.acknowledged_at',
            'u.first_name',
            'u.last_name',
          ])
          .orderBy('a.raised_at', 'desc')
          .orderBy('a.id', 'desc')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
        db
          .selectFrom('smart_alarms')
          .select((eb) => [eb.fn.countAll<number>().as('open'), eb.fn.count<number>('acknowledged_at').as('acknowledged')])
          .where('company_id', '=', companyId)
          .where('cleared_at', 'is', null)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(counted.count), open: Number(open.open), unacknowledged: Number(open.open) - Number(open.acknowledged) };
    },

    async acknowledgeAlarm(companyId: number, id: number, userId: number, now: number): Promise<boolean> {
      const exists = await db.selectFrom('smart_alarms').select('id').where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
      if (!exists) return false;
      await db.updateTable('smart_alarms').set({ acknowledged_at: now, acknowledged_by: userId }).where('company_id', '=', companyId).where('id', '=', id).where('acknowledged_at', 'is', null).execute();
      return true;
    },
  };
}

export type SmartRoomRepository = ReturnType<typeof createSmartRoomRepository>;
