import { sql, SqliteAdapter, type Kysely, type Transaction } from 'kysely';
import type { HomieState, SmartDeviceKind } from '@atrium/contract';
import type { DB } from '../../db/schema.js';
import { withTransaction } from '../../db/database.js';
import { userMatches } from '../../db/like.js';

/** The gateway's view of a device: who it is and what it declared. */
export interface SmartDeviceRef {
  id: number;
  companyId: number;
  homieId: string;
  kind: SmartDeviceKind;
  /** The last Homie `$description`, parsed; null before the first one. */
  description: HomieDescription | null;
}

/** The parts of a Homie 5 `$description` the gateway reads. */
export interface HomieDescription {
  homie?: string;
  version?: number;
  name?: string;
  type?: string;
  nodes?: Record<string, { name?: string; type?: string; properties?: Record<string, { datatype?: string; unit?: string; settable?: boolean; retained?: boolean }> }>;
}

/** The latest value of one property and when it was received. */
export interface PropertyValue {
  value: string;
  at: number;
}

/** What one batch changes on one device. */
export interface DeviceChange {
  companyId: number;
  deviceId: number;
  state?: HomieState;
  description?: HomieDescription;
  /** Latest values keyed `<node>/<property>`. */
  properties: Map<string, PropertyValue>;
  ipAddress?: string;
  macAddress?: string;
  lastSeenAt: number;
}

/** One numeric reading (booleans as 0 and 1). */
export interface DeviceReading {
  companyId: number;
  deviceId: number;
  metric: string;
  at: number;
  value: number;
}

/** What an activation replaced: the code it used and the secret before it. */
export interface ReplacedActivation {
  codeHash: string;
  expiresAt: number;
  secretHash: string | null;
  activatedAt: number | null;
}

export type CommandResult = 'pending' | 'acked' | 'failed' | 'timeout';

export const ROLLUP_GRAINS = { minute: 60_000, hour: 3_600_000, day: 86_400_000 } as const;
export type RollupGrain = keyof typeof ROLLUP_GRAINS;

/** A device as the devices page reads it. */
export interface SmartDeviceRecord {
  id: number;
  name: string;
  brand: string | null;
  model: string | null;
  kind: SmartDeviceKind;
  serialNumber: string | null;
  ipAddress: string | null;
  macAddress: string | null;
  homieId: string;
  roomId: number | null;
  roomName: string | null;
  locationId: number | null;
  state: HomieState | null;
  properties: Record<string, PropertyValue>;
  activatedAt: number | null;
  lastSeenAt: number | null;
  createdAt: number;
  updatedAt: number;
}

/** Rows per insert statement (as one JSON parameter). */
const JSON_CHUNK = 5_000;

function parseDescription(text: string | null): HomieDescription | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as HomieDescription;
  } catch {
    return null;
  }
}

/** Smart devices, their commands and their readings; the only code that queries these tables. */
export function createSmartDeviceRepository(db: Kysely<DB>) {
  const refColumns = ['id', 'company_id', 'homie_id', 'kind', 'description'] as const;
  const toRef = (row: { id: number; company_id: number; homie_id: string; kind: string; description: string | null }): SmartDeviceRef => ({
    id: row.id,
    companyId: row.company_id,
    homieId: row.homie_id,
    kind: row.kind as SmartDeviceKind,
    description: parseDescription(row.description),
  });

  // A device and its deployers are written together; inside a caller's transaction (the demo seed) in that one.
  const inTransaction = <T>(fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> => (db.isTransaction ? fn(db as Transaction<DB>) : withTransaction(db, fn));

  const deviceRecords = () =>
    db
      .selectFrom('smart_devices as d')
      .leftJoin('locations as room', (join) => join.onRef('room.id', '=', 'd.room_id').on('room.deleted_at', 'is', null))
      .select([
        'd.id',
        'd.name',
        'd.brand',
        'd.model',
        'd.kind',
        'd.serial_number',
        'd.ip_address',
        'd.mac_address',
        'd.homie_id',
        'd.room_id',
        'room.name as room_name',
        'd.location_id',
        'd.state',
        'd.properties',
        'd.activated_at',
        'd.last_seen_at',
        'd.created_at',
        'd.updated_at',
      ]);
  type RecordRow = Awaited<ReturnType<ReturnType<typeof deviceRecords>['executeTakeFirstOrThrow']>>;
  const toRecord = (row: RecordRow): SmartDeviceRecord => ({
    id: row.id,
    name: row.name,
    brand: row.brand,
    model: row.model,
    kind: row.kind as SmartDeviceKind,
    serialNumber: row.serial_number,
    ipAddress: row.ip_address,
    macAddress: row.mac_address,
    homieId: row.homie_id,
    roomId: row.room_id,
    roomName: row.room_name,
    locationId: row.location_id,
    state: row.state as HomieState | null,
    properties: JSON.parse(row.properties) as Record<string, PropertyValue>,
    activatedAt: row.activated_at === null ? null : Number(row.activated_at),
    lastSeenAt: row.last_seen_at === null ? null : Number(row.last_seen_at),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  });

  return {
    /** Registers a device (the devices page's create, and test factories); answers its id. */
    async createSmartDevice(values: {
      companyId: number;
      name: string;
      kind: SmartDeviceKind;
      homieId: string;
      locationId?: number | null;
      roomId?: number | null;
      brand?: string | null;
      model?: string | null;
      serialNumber?: string | null;
      ipAddress?: string | null;
      macAddress?: string | null;
      /** Deployers, each once (the caller checked they are the company's users). */
      deployerIds?: readonly number[];
      now: number;
    }): Promise<number> {
      return inTransaction(async (trx) => {
        const row = await trx
          .insertInto('smart_devices')
          .values({
            company_id: values.companyId,
            name: values.name,
            kind: values.kind,
            homie_id: values.homieId,
            location_id: values.locationId ?? null,
            room_id: values.roomId ?? null,
            brand: values.brand ?? null,
            model: values.model ?? null,
            serial_number: values.serialNumber ?? null,
            ip_address: values.ipAddress ?? null,
            mac_address: values.macAddress ?? null,
            created_at: values.now,
            updated_at: values.now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (values.deployerIds?.length) await trx.insertInto('smart_device_deployers').values(values.deployerIds.map((userId) => ({ device_id: row.id, user_id: userId }))).execute();
        return row.id;
      });
    },

    /**
     * Changes the company's device as the devices page edits it, and replaces its deployers; false when
     * there is no such device. Binding to a room sets its location to the room (a room is its location node).
     */
    async updateSmartDevice(
      companyId: number,
      deviceId: number,
      values: { name: string; kind: SmartDeviceKind; homieId: string; roomId: number | null; brand: string | null; model: string | null; serialNumber: string | null; ipAddress: string; macAddress: string | null },
      deployerIds: readonly number[],
      now: number,
    ): Promise<boolean> {
      return inTransaction(async (trx) => {
        const result = await trx
          .updateTable('smart_devices')
          .set({
            name: values.name,
            kind: values.kind,
            homie_id: values.homieId,
            room_id: values.roomId,
            location_id: values.roomId,
            brand: values.brand,
            model: values.model,
            serial_number: values.serialNumber,
            ip_address: values.ipAddress,
            mac_address: values.macAddress,
            updated_at: now,
          })
          .where('company_id', '=', companyId)
          .where('id', '=', deviceId)
          .executeTakeFirst();
        if (result.numUpdatedRows === 0n) return false;
        await trx.deleteFrom('smart_device_deployers').where('device_id', '=', deviceId).execute();
        if (deployerIds.length) await trx.insertInto('smart_device_deployers').values(deployerIds.map((userId) => ({ device_id: deviceId, user_id: userId }))).execute();
        return true;
      });
    },

    /** Deletes the company's device with its deployers, commands and readings; false when there is no such device. */
    async deleteSmartDevice(companyId: number, deviceId: number): Promise<boolean> {
      const result = await db.deleteFrom('smart_devices').where('company_id', '=', companyId).where('id', '=', deviceId).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** Every device of the company as the devices page shows it, with its room's name, by name. */
    async listCompanyDevices(companyId: number): Promise<SmartDeviceRecord[]> {
      const rows = await deviceRecords().where('d.company_id', '=', companyId).orderBy('d.name').orderBy('d.id').execute();
      return rows.map(toRecord);
    },

    /** One device of the company as the devices page shows it, or undefined. */
    async findCompanyDevice(companyId: number, deviceId: number): Promise<SmartDeviceRecord | undefined> {
      const row = await deviceRecords().where('d.company_id', '=', companyId).where('d.id', '=', deviceId).executeTakeFirst();
      return row && toRecord(row);
    },

    /** The device's deployers with their names, by name. */
    async listDeployers(deviceId: number): Promise<{ id: number; name: string }[]> {
      return db
        .selectFrom('smart_device_deployers as sd')
        .innerJoin('users as u', 'u.id', 'sd.user_id')
        .select(['u.id', 'u.full_name as name'])
        .where('sd.device_id', '=', deviceId)
        .orderBy('u.full_name')
        .execute();
    },

    /** The device's last commands, newest first. */
    async listRecentCommands(companyId: number, deviceId: number, limit: number) {
      const rows = await db
        .selectFrom('smart_device_commands')
        .select(['id', 'node', 'property', 'value', 'issued_at', 'answered_at', 'result', 'error'])
        .where('company_id', '=', companyId)
        .where('device_id', '=', deviceId)
        .orderBy('issued_at', 'desc')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        node: row.node,
        property: row.property,
        value: row.value,
        issuedAt: Number(row.issued_at),
        answeredAt: row.answered_at === null ? null : Number(row.answered_at),
        result: row.result as CommandResult,
        error: row.error,
      }));
    },

    /** Which of these ids are live rooms of the company. */
    async findCompanyRoomIds(companyId: number, roomIds: readonly number[]): Promise<number[]> {
      if (roomIds.length === 0) return [];
      const rows = await db
        .selectFrom('rooms as r')
        .innerJoin('locations as l', 'l.id', 'r.id')
        .select('r.id')
        .where('r.company_id', '=', companyId)
        .where('l.deleted_at', 'is', null)
        .where('r.id', 'in', [...roomIds])
        .execute();
      return rows.map((row) => row.id);
    },

    /** The company's live rooms with their floor's name, by name. */
    async listCompanyRooms(companyId: number): Promise<{ id: number; name: string; floorName: string | null }[]> {
      return db
        .selectFrom('rooms as r')
        .innerJoin('locations as l', 'l.id', 'r.id')
        .leftJoin('locations as floor', 'floor.id', 'l.parent_id')
        .select(['r.id', 'l.name', 'floor.name as floorName'])
        .where('r.company_id', '=', companyId)
        .where('l.deleted_at', 'is', null)
        .orderBy('l.name')
        .orderBy('r.id')
        .execute();
    },

    /** Up to `limit` active users of the company matching the keyword, by name. */
    async searchCompanyUsers(companyId: number, keyword: string | undefined, limit: number): Promise<{ id: number; name: string; email: string | null }[]> {
      let query = db.selectFrom('users as u').select(['u.id', 'u.full_name as name', 'u.email']).where('u.company_id', '=', companyId).where('u.is_active', '=', 1);
      if (keyword) query = query.where(userMatches(keyword));
      return query.orderBy('u.full_name').orderBy('u.id').limit(limit).execute();
    },

    /** Which of these ids are active users of the company. */
    async findCompanyUserIds(companyId: number, userIds: readonly number[]): Promise<number[]> {
      if (userIds.length === 0) return [];
      const rows = await db.selectFrom('users').select('id').where('company_id', '=', companyId).where('is_active', '=', 1).where('id', 'in', [...userIds]).execute();
      return rows.map((row) => row.id);
    },

    /** The device with this Homie id in the company, or undefined. */
    async findByHomieId(companyId: number, homieId: string): Promise<SmartDeviceRef | undefined> {
      const row = await db.selectFrom('smart_devices').select(refColumns).where('company_id', '=', companyId).where('homie_id', '=', homieId).executeTakeFirst();
      return row && toRef(row);
    },

    /** The company's device, or undefined. */
    async findDevice(companyId: number, deviceId: number): Promise<SmartDeviceRef | undefined> {
      const row = await db.selectFrom('smart_devices').select(refColumns).where('company_id', '=', companyId).where('id', '=', deviceId).executeTakeFirst();
      return row && toRef(row);
    },

    /** The activated device holding this secret's hash, or undefined. */
    /** Where each device is, for the thresholds of its place: its room (a room is its location node), else its location. */
    async placesOf(deviceIds: readonly number[]): Promise<Map<number, { companyId: number; placeId: number | null }>> {
      if (deviceIds.length === 0) return new Map();
      const rows = await db.selectFrom('smart_devices').select(['id', 'company_id', 'room_id', 'location_id']).where('id', 'in', [...deviceIds]).execute();
      return new Map(rows.map((row) => [row.id, { companyId: row.company_id, placeId: row.room_id ?? row.location_id }]));
    },

    async findBySecretHash(secretHash: string): Promise<SmartDeviceRef | undefined> {
      const row = await db.selectFrom('smart_devices').select(refColumns).where('secret_hash', '=', secretHash).executeTakeFirst();
      return row && toRef(row);
    },

    /** What the gateway last recorded for a device (state, latest values, times). */
    async findStatus(companyId: number, deviceId: number) {
      const row = await db
        .selectFrom('smart_devices')
        .select(['state', 'description', 'properties', 'last_seen_at', 'ip_address', 'mac_address', 'activated_at', 'activation_expires_at'])
        .where('company_id', '=', companyId)
        .where('id', '=', deviceId)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        state: row.state as HomieState | null,
        description: parseDescription(row.description),
        properties: JSON.parse(row.properties) as Record<string, PropertyValue>,
        lastSeenAt: row.last_seen_at,
        ipAddress: row.ip_address,
        macAddress: row.mac_address,
        activatedAt: row.activated_at,
      };
    },

    /** Whether a waiting device holds this activation code's hash. */
    async isActivationCodeTaken(codeHash: string): Promise<boolean> {
      return (await db.selectFrom('smart_devices').select('id').where('activation_code_hash', '=', codeHash).executeTakeFirst()) !== undefined;
    },

    /** Stores a new activation code's hash on the company's device; false when there is no such device. */
    async setActivationCode(companyId: number, deviceId: number, codeHash: string, expiresAt: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('smart_devices')
        .set({ activation_code_hash: codeHash, activation_expires_at: expiresAt, updated_at: now })
        .where('company_id', '=', companyId)
        .where('id', '=', deviceId)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * Trades a live code for a new secret (single use): the device's secret hash is replaced and the code
     * cleared, answering what was replaced, for `restoreActivation`. Undefined for a wrong or expired code
     * (and for the loser of two trades of one code: the update matches the code again).
     */
    async activate(codeHash: string, secretHash: string, now: number): Promise<(SmartDeviceRef & { replaced: ReplacedActivation }) | undefined> {
      return inTransaction(async (trx) => {
        const before = await trx
          .selectFrom('smart_devices')
          .select(['id', 'secret_hash', 'activated_at', 'activation_expires_at'])
          .where('activation_code_hash', '=', codeHash)
          .where('activation_expires_at', '>', now)
          .executeTakeFirst();
        if (!before) return undefined;
        const row = await trx
          .updateTable('smart_devices')
          .set({ secret_hash: secretHash, activated_at: now, activation_code_hash: null, activation_expires_at: null, updated_at: now })
          .where('id', '=', before.id)
          .where('activation_code_hash', '=', codeHash)
          .where('activation_expires_at', '>', now)
          .returning(refColumns)
          .executeTakeFirst();
        if (!row) return undefined;
        const replaced: ReplacedActivation = {
          codeHash,
          expiresAt: Number(before.activation_expires_at),
          secretHash: before.secret_hash,
          activatedAt: before.activated_at === null ? null : Number(before.activated_at),
        };
        return { ...toRef(row), replaced };
      });
    },

    /**
     * Undoes an activation the broker did not take: the code works again until its own expiry and the
     * secret before it is back. Only while the device still holds the secret of that activation and no
     * newer code was issued; false otherwise.
     */
    async restoreActivation(deviceId: number, secretHash: string, replaced: ReplacedActivation, now: number): Promise<boolean> {
      const result = await db
        .updateTable('smart_devices')
        .set({ secret_hash: replaced.secretHash, activated_at: replaced.activatedAt, activation_code_hash: replaced.codeHash, activation_expires_at: replaced.expiresAt, updated_at: now })
        .where('id', '=', deviceId)
        .where('secret_hash', '=', secretHash)
        .where('activation_code_hash', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Every activated device of every company (the broker's accounts are reconciled with them). */
    async listActivatedDevices(): Promise<{ companyId: number; homieId: string }[]> {
      const rows = await db.selectFrom('smart_devices').select(['company_id', 'homie_id']).where('secret_hash', 'is not', null).execute();
      return rows.map((row) => ({ companyId: row.company_id, homieId: row.homie_id }));
    },

    /**
     * Records one batch in one transaction: each device's state, description and latest values (one
     * statement for all the batch's devices, see `mergeChanges`); the
     * readings (a reading already stored is skipped); and the minute, hour and day rollups of the
     * readings that were new. Answers how many readings were stored.
     */
    async recordBatch(changes: DeviceChange[], readings: DeviceReading[]): Promise<number> {
      return withTransaction(db, async (trx) => {
        if (changes.length > 0) await mergeChanges(trx, changes);
        const stored = await insertReadings(trx, readings);
        await upsertRollups(trx, rollupsOf(stored));
        return stored.length;
      });
    },

    /** A device's readings of one metric, oldest first. */
    async listReadings(deviceId: number, metric: string) {
      return (await db.selectFrom('device_readings').select(['at', 'value']).where('device_id', '=', deviceId).where('metric', '=', metric).orderBy('at').execute()).map((row) => ({
        at: Number(row.at),
        value: Number(row.value),
      }));
    },

    /**
     * A device's rollups of one metric and grain, oldest first; with a range, the buckets from `from` up to
     * `to` (excluded): a chart's series, read along the rollups' primary key.
     */
    async listRollups(deviceId: number, metric: string, grain: RollupGrain, range?: { from: number; to: number }) {
      return (
        await db
          .selectFrom('device_reading_rollups')
          .select(['bucket', 'count', 'sum', 'min', 'max'])
          .where('device_id', '=', deviceId)
          .where('metric', '=', metric)
          .where('grain', '=', grain)
          .$if(range !== undefined, (query) => query.where('bucket', '>=', range!.from).where('bucket', '<', range!.to))
          .orderBy('bucket')
          .execute()
      ).map((row) => ({ bucket: Number(row.bucket), count: Number(row.count), sum: Number(row.sum), min: Number(row.min), max: Number(row.max) }));
    },

    /** Records a command sent, pending its answer. */
    async insertCommand(command: { id: string; companyId: number; deviceId: number; node: string; property: string; value: string; issuedBy: number | null; issuedAt: number }) {
      await db
        .insertInto('smart_device_commands')
        .values({
          id: command.id,
          company_id: command.companyId,
          device_id: command.deviceId,
          node: command.node,
          property: command.property,
          value: command.value,
          issued_by: command.issuedBy,
          issued_at: command.issuedAt,
          result: 'pending',
        })
        .execute();
    },

    /**
     * Answers a pending command of this device; false when it is not pending (already answered: a
     * duplicate ack, or an id of another device or company).
     */
    async answerCommand(answer: { id: string; companyId: number; deviceId: number; result: Exclude<CommandResult, 'pending'>; error: string | null; at: number }): Promise<boolean> {
      const result = await db
        .updateTable('smart_device_commands')
        .set({ result: answer.result, error: answer.error, answered_at: answer.at })
        .where('id', '=', answer.id)
        .where('company_id', '=', answer.companyId)
        .where('device_id', '=', answer.deviceId)
        .where('result', '=', 'pending')
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** A command as recorded, or undefined. */
    async findCommand(companyId: number, id: string) {
      const row = await db
        .selectFrom('smart_device_commands')
        .select(['id', 'device_id', 'node', 'property', 'value', 'issued_by', 'issued_at', 'answered_at', 'result', 'error'])
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && { id: row.id, deviceId: row.device_id, node: row.node, property: row.property, value: row.value, issuedBy: row.issued_by, issuedAt: Number(row.issued_at), answeredAt: row.answered_at === null ? null : Number(row.answered_at), result: row.result, error: row.error };
    },

    /** Adds a deployer; false when they already deploy the device (the same deployer cannot be added twice). */
    async addDeployer(deviceId: number, userId: number): Promise<boolean> {
      const result = await db.insertInto('smart_device_deployers').values({ device_id: deviceId, user_id: userId }).onConflict((oc) => oc.columns(['device_id', 'user_id']).doNothing()).executeTakeFirst();
      return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
    },
  };
}

export type SmartDeviceRepository = ReturnType<typeof createSmartDeviceRepository>;

/**
 * Applies a batch's device changes in one UPDATE … FROM over the changes as a JSON array: `last_seen_at`
 * only moves forward, state, description and addresses replace what was there, and each property's
 * value replaces the stored one unless the stored one is newer (an HTTP value sent late with its `at`).
 * The merge runs in the database, so there is no read of each device's properties before its write.
 */
async function mergeChanges(trx: Kysely<DB>, changes: DeviceChange[]) {
  const rows = JSON.stringify(
    changes.map((change) => ({
      id: change.deviceId,
      company: change.companyId,
      seen: change.lastSeenAt,
      state: change.state ?? null,
      description: change.description ? JSON.stringify(change.description) : null,
      properties: change.properties.size > 0 ? Object.fromEntries(change.properties) : null,
      ip: change.ipAddress ?? null,
      mac: change.macAddress ?? null,
    })),
  );
  if (isSqlite(trx)) {
    await sql`
      update smart_devices set
        last_seen_at = max(coalesce(smart_devices.last_seen_at, 0), c.value ->> 'seen'),
        updated_at = c.value ->> 'seen',
        state = coalesce(c.value ->> 'state', smart_devices.state),
        description = coalesce(c.value ->> 'description', smart_devices.description),
        ip_address = coalesce(c.value ->> 'ip', smart_devices.ip_address),
        mac_address = coalesce(c.value ->> 'mac', smart_devices.mac_address),
        properties = case when c.value ->> 'properties' is null then smart_devices.properties else json_patch(smart_devices.properties, (
          select json_group_object(p.key, json(p.value)) from json_each(c.value, '$.properties') p
          where coalesce((select s.value ->> 'at' from json_each(smart_devices.properties) s where s.key = p.key), -1) <= p.value ->> 'at'
        )) end
      from json_each(${rows}) c
      where smart_devices.id = c.value ->> 'id' and smart_devices.company_id = c.value ->> 'company'
    `.execute(trx);
    return;
  }
  await sql`
    update smart_devices s set
      last_seen_at = greatest(coalesce(s.last_seen_at, 0), (c.value ->> 'seen')::bigint),
      updated_at = (c.value ->> 'seen')::bigint,
      state = coalesce(c.value ->> 'state', s.state),
      description = coalesce(c.value ->> 'description', s.description),
      ip_address = coalesce(c.value ->> 'ip', s.ip_address),
      mac_address = coalesce(c.value ->> 'mac', s.mac_address),
      properties = case when jsonb_typeof(c.value -> 'properties') is distinct from 'object' then s.properties else (s.properties::jsonb || coalesce((
        select jsonb_object_agg(p.key, p.value) from jsonb_each(c.value -> 'properties') p
        where coalesce((s.properties::jsonb -> p.key ->> 'at')::bigint, -1) <= (p.value ->> 'at')::bigint
      ), '{}'::jsonb))::text end
    from jsonb_array_elements(${rows}::jsonb) c
    where s.id = (c.value ->> 'id')::integer and s.company_id = (c.value ->> 'company')::integer
  `.execute(trx);
}

const isSqlite = (db: Kysely<DB>) => db.getExecutor().adapter instanceof SqliteAdapter;

/**
 * Inserts readings, skipping those already stored, and answers the ones that were new. The rows travel
 * as one JSON array per chunk (one bound parameter, unpacked by the database's JSON functions) rather
 * than five parameters a row: building and binding those took most of a batch's time.
 */
async function insertReadings(trx: Kysely<DB>, readings: DeviceReading[]): Promise<DeviceReading[]> {
  const stored: DeviceReading[] = [];
  for (let start = 0; start < readings.length; start += JSON_CHUNK) {
    const chunk = readings.slice(start, start + JSON_CHUNK);
    const rows = JSON.stringify(chunk.map((reading) => [reading.companyId, reading.deviceId, reading.metric, reading.at, reading.value]));
    const source = isSqlite(trx)
      ? sql`select r.value ->> 0, r.value ->> 1, r.value ->> 2, r.value ->> 3, r.value ->> 4 from json_each(${rows}) r where true`
      : sql`select (r ->> 0)::integer, (r ->> 1)::integer, r ->> 2, (r ->> 3)::bigint, (r ->> 4)::double precision from jsonb_array_elements(${rows}::jsonb) r`;
    // Almost every chunk is new readings only: inserted without returning them (building a row object per
    // reading cost about a tenth of a batch). When some were stored already (the broker sent a batch again
    // after a lost acknowledgement), the chunk is undone and inserted again, returning the new ones.
    await sql`savepoint readings`.execute(trx);
    const inserted = await sql`insert into device_readings (company_id, device_id, metric, at, value) ${source} on conflict (device_id, metric, at) do nothing`.execute(trx);
    if (Number(inserted.numAffectedRows) === chunk.length) {
      await sql`release savepoint readings`.execute(trx);
      stored.push(...chunk);
      continue;
    }
    await sql`rollback to savepoint readings`.execute(trx);
    await sql`release savepoint readings`.execute(trx);
    const result = await sql<{ company_id: number; device_id: number; metric: string; at: number | string; value: number }>`
      insert into device_readings (company_id, device_id, metric, at, value) ${source}
      on conflict (device_id, metric, at) do nothing
      returning company_id, device_id, metric, at, value`.execute(trx);
    for (const row of result.rows) stored.push({ companyId: row.company_id, deviceId: row.device_id, metric: row.metric, at: Number(row.at), value: Number(row.value) });
  }
  return stored;
}

/** Adds rollups to the stored ones (count and sum added, min and max compared), as JSON chunks like the readings. */
async function upsertRollups(trx: Kysely<DB>, rollups: Rollup[]) {
  for (let start = 0; start < rollups.length; start += JSON_CHUNK) {
    const rows = JSON.stringify(rollups.slice(start, start + JSON_CHUNK).map((rollup) => [rollup.device_id, rollup.metric, rollup.grain, rollup.bucket, rollup.count, rollup.sum, rollup.min, rollup.max]));
    const source = isSqlite(trx)
      ? sql`select r.value ->> 0, r.value ->> 1, r.value ->> 2, r.value ->> 3, r.value ->> 4, r.value ->> 5, r.value ->> 6, r.value ->> 7 from json_each(${rows}) r where true`
      : sql`select (r ->> 0)::integer, r ->> 1, r ->> 2, (r ->> 3)::bigint, (r ->> 4)::integer, (r ->> 5)::double precision, (r ->> 6)::double precision, (r ->> 7)::double precision from jsonb_array_elements(${rows}::jsonb) r`;
    await sql`
      insert into device_reading_rollups (device_id, metric, grain, bucket, count, sum, min, max)
      ${source}
      on conflict (device_id, metric, grain, bucket) do update set
        count = device_reading_rollups.count + excluded.count,
        sum = device_reading_rollups.sum + excluded.sum,
        min = case when excluded.min < device_reading_rollups.min then excluded.min else device_reading_rollups.min end,
        max = case when excluded.max > device_reading_rollups.max then excluded.max else device_reading_rollups.max end`.execute(trx);
  }
}

type Rollup = { device_id: number; metric: string; grain: RollupGrain; bucket: number; count: number; sum: number; min: number; max: number };

/** Adds `part` (readings or a finer rollup) into the rollup of `grain` it falls in, keyed by device, metric and bucket. */
function addTo(rollups: Map<string, Rollup>, grain: RollupGrain, part: Pick<Rollup, 'device_id' | 'metric' | 'bucket' | 'count' | 'sum' | 'min' | 'max'>) {
  const bucket = Math.floor(part.bucket / ROLLUP_GRAINS[grain]) * ROLLUP_GRAINS[grain];
  const key = `${part.device_id}|${part.metric}|${bucket}`;
  const rollup = rollups.get(key);
  if (!rollup) return void rollups.set(key, { device_id: part.device_id, metric: part.metric, grain, bucket, count: part.count, sum: part.sum, min: part.min, max: part.max });
  rollup.count += part.count;
  rollup.sum += part.sum;
  if (part.min < rollup.min) rollup.min = part.min;
  if (part.max > rollup.max) rollup.max = part.max;
}

/**
 * The minute, hour and day rollups of a set of readings: minutes from the readings, hours from the minutes,
 * days from the hours (one key built per reading instead of three).
 */
function rollupsOf(readings: DeviceReading[]): Rollup[] {
  const minutes = new Map<string, Rollup>();
  for (const reading of readings) addTo(minutes, 'minute', { device_id: reading.deviceId, metric: reading.metric, bucket: reading.at, count: 1, sum: reading.value, min: reading.value, max: reading.value });
  const hours = new Map<string, Rollup>();
  for (const minute of minutes.values()) addTo(hours, 'hour', minute);
  const days = new Map<string, Rollup>();
  for (const hour of hours.values()) addTo(days, 'day', hour);
  return [...minutes.values(), ...hours.values(), ...days.values()];
}
