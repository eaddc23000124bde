import type { Kysely } from 'kysely';
import type { DialectMigration } from './helpers.js';

/**
 * Secrets never readable (issue 16, docs/decisions/0007): `mail_outbox.is_redacted` marks a kept
 * mail whose link only its recipient received. Links already kept in clear (activation and
 * single sign-on links) are live credentials, not data anyone needs: they are replaced by the
 * marker, and such a mail is no longer retried (a retry would mail the marker). Roles that held
 * every permission of the catalogue keep doing so: they get the new `mailContent` area.
 */

/** Kept in step with platform/mailer.ts REDACTED_MARKER at the time of writing; never changed here. */
const MARKER = '[link sent to the recipient only / 链接仅发送给收件人]';

/** The secret links mails carried before this migration: activation, password reset and single sign-on. */
const SECRET_LINKS = [/[^\s"'<>]*\/activate\/[A-Za-z0-9_-]+/g, /[^\s"'<>]*\/reset\/[A-Za-z0-9_-]+/g, /[^\s"'<>]*\/api\/oauth\/ssoAuthActivate\?token=[A-Za-z0-9_-]+/g];
const LIKE_PATTERNS = ['%/activate/%', '%/reset/%', '%ssoAuthActivate?token=%'];

/** The 22 areas of the catalogue before `mailContent`; frozen, so the rule means what it meant. */
const AREAS_BEFORE = [
  'accountGlobal', 'globalSettings', 'quickTools', 'calendarRoomUse', 'personalSchedule', 'liveMeetings', 'roles', 'events',
  'messages', 'overviewStats', 'billing', 'profile', 'records', 'roomsLocations', 'reservationScreens', 'trackingFields',
  'reports', 'departments', 'users', 'visitorDisplay', 'broadcast', 'operationLog',
];

/** The text with every secret link replaced by the marker. */
export function redactStoredLinks(text: string): string {
  return SECRET_LINKS.reduce((out, pattern) => out.replace(pattern, MARKER), text);
}

interface Tables {
  mail_outbox: { id: number; text: string; html: string | null; calendar_content: string | null; is_redacted: number; next_attempt_at: number | null };
  roles: { id: number; permissions: string };
}

export const mailSecrets: DialectMigration = {
  async up(raw) {
    await raw.schema.alterTable('mail_outbox').addColumn('is_redacted', 'integer', (col) => col.notNull().defaultTo(0)).execute();
    const db = raw as unknown as Kysely<Tables>;

    const rows = await db
      .selectFrom('mail_outbox')
      .select(['id', 'text', 'html', 'calendar_content'])
      .where((eb) => eb.or(LIKE_PATTERNS.flatMap((pattern) => [eb('text', 'like', pattern), eb('html', 'like', pattern), eb('calendar_content', 'like', pattern)])))
      .execute();
    for (const row of rows) {
      const text = redactStoredLinks(row.text);
      const html = row.html === null ? null : redactStoredLinks(row.html);
      const calendar = row.calendar_content === null ? null : redactStoredLinks(row.calendar_content);
      if (text === row.text && html === row.html && calendar === row.calendar_content) continue;
      await db
        .updateTable('mail_outbox')
        .set({ text, html, calendar_content: calendar, is_redacted: 1, next_attempt_at: null })
        .where('id', '=', row.id)
        .execute();
    }

    const roles = await db.selectFrom('roles').select(['id', 'permissions']).execute();
    for (const role of roles) {
      let permissions: unknown;
      try {
        permissions = JSON.parse(role.permissions);
      } catch {
        continue;
      }
      if (!Array.isArray(permissions)) continue;
      const held = new Set(permissions);
      if (!AREAS_BEFORE.every((area) => held.has(`${area}:edit`)) || held.has('mailContent:view')) continue;
      await db
        .updateTable('roles')
        .set({ permissions: JSON.stringify([...permissions, 'mailContent:view', 'mailContent:edit']) })
        .where('id', '=', role.id)
        .execute();
    }
  },
};
