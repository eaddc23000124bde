import { sql } from 'kysely';
import { TIMESTAMP, type DialectMigration } from './helpers.js';

/**
 * Device reading rollups stored in the order of their key on SQLite (decision 0020, "Throughput"): the gateway
 * writes the current buckets of every device batch after batch, so in a rowid table one sensor's year of hourly
 * buckets lies on thousands of pages, one row each, and a chart read them all (bench/device-chart.bench.ts). A
 * WITHOUT ROWID table keeps each series together, so a chart is one range of pages. PostgreSQL keeps its table
 * as it is (its heap is in insertion order too, and its charts were within the target: docs/performance.md).
 */
export const rollupsClustered: DialectMigration = {
  async up(db, dialect) {
    if (dialect !== 'sqlite') return;
    await db.schema
      .createTable('device_reading_rollups_clustered')
      .addColumn('device_id', 'integer', (col) => col.notNull().references('smart_devices.id').onDelete('cascade'))
      .addColumn('metric', 'text', (col) => col.notNull())
      .addColumn('grain', 'text', (col) => col.notNull().check(sql`grain in ('minute', 'hour', 'day')`))
      .addColumn('bucket', TIMESTAMP, (col) => col.notNull())
      .addColumn('count', 'integer', (col) => col.notNull())
      .addColumn('sum', 'real', (col) => col.notNull())
      .addColumn('min', 'real', (col) => col.notNull())
      .addColumn('max', 'real', (col) => col.notNull())
      .addPrimaryKeyConstraint('device_reading_rollups_pk', ['device_id', 'metric', 'grain', 'bucket'])
      .modifyEnd(sql`without rowid`)
      .execute();
    await sql`insert into device_reading_rollups_clustered (device_id, metric, grain, bucket, count, sum, min, max)
      select device_id, metric, grain, bucket, count, sum, min, max from device_reading_rollups`.execute(db);
    await db.schema.dropTable('device_reading_rollups').execute();
    await db.schema.alterTable('device_reading_rollups_clustered').renameTo('device_reading_rollups').execute();
  },
};
