import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { TestApp } from './app.js';

/** Columns that change on a read: a session notes when it was last used. */
const TOUCHED_ON_READ: Record<string, string[]> = { sessions: ['last_seen_at'], operator_sessions: ['last_seen_at'] };

/**
 * Every row of every table and every stored file, to prove that refused requests wrote nothing.
 * Sessions are kept without their last-use time, which any signed-in request updates. Outbox work
 * that earlier requests left (booking mails) is finished first, so the worker does not change rows
 * between two snapshots.
 */
export async function snapshotData(t: Pick<TestApp, 'app' | 'db' | 'config'>) {
  await t.app.bookingInvitations.drain();
  const tables = (await t.db.kysely.introspection.getTables()).map((table) => table.name).sort();
  const rows: Record<string, string[]> = {};
  for (const table of tables) {
    const all = (await t.db.kysely.selectFrom(table as 'users').selectAll().execute()) as Record<string, unknown>[];
    const skipped = new Set(TOUCHED_ON_READ[table] ?? []);
    rows[table] = all
      .map((row) => JSON.stringify(Object.entries(row).filter(([column]) => !skipped.has(column)), (_key, value: unknown) => (typeof value === 'bigint' ? Number(value) : value)))
      .sort();
  }
  return { rows, files: listFiles(path.join(t.config.dataDir, 'uploads')) };
}

function listFiles(directory: string): string[] {
  let entries;
  try {
    entries = readdirSync(directory, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => (entry.isDirectory() ? listFiles(path.join(directory, entry.name)).map((name) => `${entry.name}/${name}`) : [entry.name])).sort();
}
