import type { Kysely } from 'kysely';
import type { HomieState, SmartDeviceKind } from '@atrium/contract';
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
        .select(['room_id as roomId', 'is_enabled as enabled', 'response_delay_seconds as responseDelaySeconds'])
        .where('company_id', '=', companyId);
      if (roomId !== undefined) query = query.where('room_id', '=', roomId);
      const rows = await query.execute();
      return new Map(rows.map((row) => [row.roomId, { roomId: row.roomId, enabled: Number(row.enabled) === 1, responseDelaySeconds: row.responseDelaySeconds }]));
    },

    async saveSettings(companyId: number, roomId: number, settings: { enabled: boolean; responseDelaySeconds: number }, userId: number, now: number): Promise<void> {
      const values = { is_enabled: settings.enabled ? 1 : 0, response_delay_seconds: settings.responseDelaySeconds, updated_at: now, updated_by: userId };
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
  };
}

export type SmartRoomRepository = ReturnType<typeof createSmartRoomRepository>;
