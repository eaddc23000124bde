import type { Kysely } from 'kysely';
import type { DialectMigration } from './helpers.js';

/**
 * People's names in their script's order (issue 17, docs/decisions/0014): full names were stored
 * "first last" for everybody, so 李 伟's name read 伟 李 in the directory, the header, mails and
 * exports. A stored name that is exactly the old "first last" of two CJK parts becomes family name
 * first with no space (李伟); a name somebody typed as a whole (registration, single sign-on) is
 * left alone. Operation-log entries that kept the old form as the actor's or the target's name follow.
 */

/** Kept in step with the contract's isCjkName at the time of writing; never changed here. */
const CJK_NAME = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc\u3005]+$/u;

interface Tables {
  users: { id: number; first_name: string | null; last_name: string | null; full_name: string };
  operation_logs: { actor_id: number | null; actor_name: string; target_type: string; target_id: number | null; target_name: string | null };
}

export const personNames: DialectMigration = {
  async up(raw) {
    const db = raw as unknown as Kysely<Tables>;
    const rows = await db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name', 'full_name'])
      .where('first_name', 'is not', null)
      .where('last_name', 'is not', null)
      .execute();
    for (const row of rows) {
      const first = row.first_name!.trim();
      const last = row.last_name!.trim();
      if (!CJK_NAME.test(first) || !CJK_NAME.test(last) || row.full_name !== `${row.first_name} ${row.last_name}`) continue;
      const fullName = `${last}${first}`;
      await db.updateTable('users').set({ full_name: fullName }).where('id', '=', row.id).execute();
      await db.updateTable('operation_logs').set({ actor_name: fullName }).where('actor_id', '=', row.id).where('actor_name', '=', row.full_name).execute();
      await db
        .updateTable('operation_logs')
        .set({ target_name: fullName })
        .where('target_type', '=', 'user')
        .where('target_id', '=', row.id)
        .where('target_name', '=', row.full_name)
        .execute();
    }
  },
};
