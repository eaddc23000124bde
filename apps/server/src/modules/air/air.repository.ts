import { AirThresholdSet, type AirMetric, type AirMetricState, type AirPreset } from '@atrium/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export type AirRepository = ReturnType<typeof createAirRepository>;

/** A saved threshold setting as stored, its custom set parsed. */
export interface AirThresholdRow {
  locationId: number | null;
  locationName: string | null;
  preset: AirPreset;
  custom: AirThresholdSet | null;
  updatedAt: number;
  updatedBy: number | null;
}

/** An alert as the list shows it. */
export interface AirAlertRow {
  id: number;
  deviceId: number;
  locationId: number | null;
  locationName: string | null;
  metric: AirMetric;
  state: 'raised' | 'cleared';
  side: 'above' | 'below';
  limit: number;
  peak: number;
  raisedAt: number;
  clearedAt: number | null;
  acknowledgedAt: number | null;
  acknowledgedBy: number | null;
  acknowledgedByName: string | null;
}

/** The evaluator's memory of one metric, with the alert it has open. */
export interface StoredAirState extends AirMetricState {
  alertId: number | null;
}

const nullableNumber = (value: number | string | null) => (value === null ? null : Number(value));

/** The air-quality tables (decision 0020): the only code that builds their queries. */
export function createAirRepository(db: Kysely<DB>) {
  const selectAlerts = (companyId: number) =>
    db
      .selectFrom('air_alerts as a')
      .leftJoin('locations as l', 'l.id', 'a.location_id')
      .leftJoin('users as u', 'u.id', 'a.acknowledged_by')
      .select([
        'a.id',
        'a.device_id',
        'a.location_id',
        'l.name as location_name',
        'a.metric',
        'a.state',
        'a.side',
        'a.limit_value',
        'a.peak',
        'a.raised_at',
        'a.cleared_at',
        'a.acknowledged_at',
        'a.acknowledged_by',
        'u.full_name as acknowledged_by_name',
      ])
      .where('a.company_id', '=', companyId);
  type AlertSelect = Awaited<ReturnType<ReturnType<typeof selectAlerts>['execute']>>[number];
  const toAlert = (row: AlertSelect): AirAlertRow => ({
    id: row.id,
    deviceId: row.device_id,
    locationId: row.location_id,
    locationName: row.location_name,
    metric: row.metric as AirMetric,
    state: row.state,
    side: row.side,
    limit: Number(row.limit_value),
    peak: Number(row.peak),
    raisedAt: Number(row.raised_at),
    clearedAt: nullableNumber(row.cleared_at),
    acknowledgedAt: nullableNumber(row.acknowledged_at),
    acknowledgedBy: row.acknowledged_by,
    acknowledgedByName: row.acknowledged_by_name,
  });

  return {
    /** The company's saved settings: its default first, then the locations by name. */
    async listThresholds(companyId: number): Promise<AirThresholdRow[]> {
      const rows = await db
        .selectFrom('air_thresholds as t')
        .leftJoin('locations as l', 'l.id', 't.location_id')
        .select(['t.location_id', 'l.name as location_name', 't.preset', 't.custom', 't.updated_at', 't.updated_by'])
        .where('t.company_id', '=', companyId)
        .orderBy('t.location_id', (order) => order.nullsFirst())
        .execute();
      return rows
        .map((row) => ({
          locationId: row.location_id,
          locationName: row.location_name,
          preset: row.preset,
          // Stored only after the contract's schema accepted it; parsed again so a hand-edited row cannot slip through.
          custom: row.custom === null ? null : AirThresholdSet.parse(JSON.parse(row.custom)),
          updatedAt: Number(row.updated_at),
          updatedBy: row.updated_by,
        }))
        .sort((a, b) => (a.locationId === null ? -1 : b.locationId === null ? 1 : (a.locationName ?? '').localeCompare(b.locationName ?? '')));
    },

    /** Saves the setting of the company (`locationId` null) or of a location, replacing the one there. */
    async saveThresholds(values: { companyId: number; locationId: number | null; preset: AirPreset; custom: AirThresholdSet | null; userId: number; now: number }): Promise<void> {
      const custom = values.custom === null ? null : JSON.stringify(values.custom);
      const existing = await db
        .selectFrom('air_thresholds')
        .select('id')
        .where('company_id', '=', values.companyId)
        .where('location_id', values.locationId === null ? 'is' : '=', values.locationId)
        .executeTakeFirst();
      const fields = { preset: values.preset, custom, updated_at: values.now, updated_by: values.userId };
      if (existing) await db.updateTable('air_thresholds').set(fields).where('id', '=', existing.id).execute();
      else await db.insertInto('air_thresholds').values({ company_id: values.companyId, location_id: values.locationId, ...fields }).execute();
    },

    /** Deletes the setting of the company (`locationId` null) or of a location, if there is one. */
    async removeThresholds(companyId: number, locationId: number | null): Promise<void> {
      await db
        .deleteFrom('air_thresholds')
        .where('company_id', '=', companyId)
        .where('location_id', locationId === null ? 'is' : '=', locationId)
        .execute();
    },

    /** Whether the location is one of the company's, not deleted. */
    async hasLocation(companyId: number, locationId: number): Promise<boolean> {
      const row = await db.selectFrom('locations').select('id').where('company_id', '=', companyId).where('id', '=', locationId).where('deleted_at', 'is', null).executeTakeFirst();
      return row !== undefined;
    },

    /** The evaluator's memory of several devices of a company, in one read; a device with none is absent. */
    async listStatesOf(companyId: number, deviceIds: readonly number[]): Promise<Map<number, Partial<Record<AirMetric, StoredAirState>>>> {
      const byDevice = new Map<number, Partial<Record<AirMetric, StoredAirState>>>();
      if (deviceIds.length === 0) return byDevice;
      const rows = await db
        .selectFrom('air_alert_states')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('device_id', 'in', [...deviceIds])
        .execute();
      for (const row of rows) {
        let states = byDevice.get(row.device_id);
        if (!states) byDevice.set(row.device_id, (states = {}));
        states[row.metric as AirMetric] = {
          state: row.state,
          since: Number(row.since),
          beyondSince: nullableNumber(row.beyond_since),
          side: row.side,
          limit: nullableNumber(row.limit_value),
          peak: nullableNumber(row.peak),
          lastAt: Number(row.last_at),
          alertId: row.alert_id,
        };
      }
      return byDevice;
    },

    /** Writes several metrics' memory (of any of the company's devices) in one statement, replacing what was there. */
    async saveStates(companyId: number, states: ReadonlyArray<{ deviceId: number; metric: AirMetric; state: StoredAirState }>): Promise<void> {
      if (states.length === 0) return;
      await db
        .insertInto('air_alert_states')
        .values(
          states.map(({ deviceId, metric, state }) => ({
            device_id: deviceId,
            metric,
            company_id: companyId,
            state: state.state,
            since: state.since,
            beyond_since: state.beyondSince,
            side: state.side,
            limit_value: state.limit,
            peak: state.peak,
            last_at: state.lastAt,
            alert_id: state.alertId,
          })),
        )
        .onConflict((conflict) =>
          conflict.columns(['device_id', 'metric']).doUpdateSet((eb) => ({
            company_id: eb.ref('excluded.company_id'),
            state: eb.ref('excluded.state'),
            since: eb.ref('excluded.since'),
            beyond_since: eb.ref('excluded.beyond_since'),
            side: eb.ref('excluded.side'),
            limit_value: eb.ref('excluded.limit_value'),
            peak: eb.ref('excluded.peak'),
            last_at: eb.ref('excluded.last_at'),
            alert_id: eb.ref('excluded.alert_id'),
          })),
        )
        .execute();
    },

    async insertAlert(values: { companyId: number; deviceId: number; locationId: number | null; metric: AirMetric; side: 'above' | 'below'; limit: number; peak: number; raisedAt: number }): Promise<number> {
      const row = await db
        .insertInto('air_alerts')
        .values({
          company_id: values.companyId,
          device_id: values.deviceId,
          location_id: values.locationId,
          metric: values.metric,
          state: 'raised',
          side: values.side,
          limit_value: values.limit,
          peak: values.peak,
          raised_at: values.raisedAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Records the farthest value so far of an open alert, or its clearing. */
    async updateAlert(companyId: number, id: number, values: { peak: number; clearedAt?: number }): Promise<void> {
      await db
        .updateTable('air_alerts')
        .set(values.clearedAt === undefined ? { peak: values.peak } : { peak: values.peak, state: 'cleared', cleared_at: values.clearedAt })
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .execute();
    },

    /** A page of the company's alerts, newest raised first. */
    async listAlerts(companyId: number, query: { state?: 'raised' | 'cleared'; page: number; pageSize: number }): Promise<{ list: AirAlertRow[]; total: number }> {
      let count = db.selectFrom('air_alerts').select((eb) => eb.fn.countAll<number | string>().as('total')).where('company_id', '=', companyId);
      let rows = selectAlerts(companyId);
      if (query.state) {
        count = count.where('state', '=', query.state);
        rows = rows.where('a.state', '=', query.state);
      }
      const [{ total }, list] = await Promise.all([
        count.executeTakeFirstOrThrow(),
        rows
          .orderBy('a.raised_at', 'desc')
          .orderBy('a.id', 'desc')
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize)
          .execute(),
      ]);
      return { list: list.map(toAlert), total: Number(total) };
    },

    async findAlert(companyId: number, id: number): Promise<AirAlertRow | undefined> {
      const row = await selectAlerts(companyId).where('a.id', '=', id).executeTakeFirst();
      return row ? toAlert(row) : undefined;
    },

    /** Marks an alert acknowledged unless it already is (the first acknowledgement stays). */
    async acknowledgeAlert(companyId: number, id: number, userId: number, now: number): Promise<void> {
      await db
        .updateTable('air_alerts')
        .set({ acknowledged_at: now, acknowledged_by: userId })
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .where('acknowledged_at', 'is', null)
        .execute();
    },
  };
}
