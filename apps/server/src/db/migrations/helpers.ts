import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/** A migration written once for both engines; it receives the dialect for the few parts that differ. */
export interface DialectMigration {
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
}

/**
 * The dialect-specific bits of table definitions, kept in one place.
 * Ids are 32-bit integers from a sequence: SQLite's rowid alias, PostgreSQL's serial.
 */
export function withId<T extends string, C extends string>(
  table: CreateTableBuilder<T, C>,
  dialect: Dialect,
): CreateTableBuilder<T, C | 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

/** Epoch-millisecond timestamps: bigint on PostgreSQL; on SQLite `bigint` has integer affinity. */
export const TIMESTAMP = 'bigint' as const;

/** A 0/1 flag with a default. */
export const flag = (defaultValue: 0 | 1) => (col: ColumnDefinitionBuilder) => col.notNull().defaultTo(defaultValue);
