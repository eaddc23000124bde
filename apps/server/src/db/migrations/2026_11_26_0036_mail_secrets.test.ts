import { afterEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { createTestDatabase, TEST_DIALECT, type TestDatabase } from '../../test/database.js';
import { parsePermissions } from '../../modules/role/role.repository.js';
import { REDACTED_MARKER } from '../../platform/mailer.js';
import type { DB } from '../schema.js';
import { MIGRATIONS } from './index.js';
import { mailSecrets } from './2026_11_26_0036_mail_secrets.js';

const TOKEN = 'Live-Activation_Token-0123456789abcdefghijklmnopqrstu';
const SSO_TOKEN = 'Sso-One-Time_Token-0123456789abcdefghijklmnopqrstuvw';

describe(`mail secrets migration (${TEST_DIALECT})`, () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
    database = undefined;
  });

  it('replaces links already kept in the outbox by the marker, stops their retries, and gives full administrators the mail-content area', async () => {
    database = await createTestDatabase();
    const raw = database.db.kysely as unknown as Kysely<unknown>;
    for (const [name, migration] of MIGRATIONS) {
      if (name === '2026_11_26_0036_mail_secrets') break;
      await migration.up(raw, database.db.dialect);
    }
    // Only the columns the earlier migrations had.
    const db = database.db.kysely as unknown as Kysely<Omit<DB, 'mail_outbox'> & { mail_outbox: Omit<DB['mail_outbox'], 'is_redacted'> }>;
    const companyId = (
      await db.insertInto('companies').values({ name: 'Old Co', domain: 'old', logo: null, created_at: 1, updated_at: 1 }).returning('id').executeTakeFirstOrThrow()
    ).id;
    const link = `https://atrium.example.test/activate/${TOKEN}`;
    const ssoLink = `https://atrium.example.test/api/oauth/ssoAuthActivate?token=${SSO_TOKEN}`;
    const mail = (to: string, text: string, html: string | null, status: 'failed' | 'sent' | 'kept', nextAttemptAt: number | null) => ({
      company_id: companyId,
      to,
      subject: 'Subject',
      text,
      html,
      status,
      error: null,
      created_at: 1,
      sent_at: null,
      next_attempt_at: nextAttemptAt,
      event: 'activation',
    });
    const [activation, sso, plain] = (
      await db
        .insertInto('mail_outbox')
        .values([
          mail('new@old.test', `Open this link:\n${link}\n---\n请打开以下链接：\n${link}\n`, `<p><a href="${link}">${link}</a></p>`, 'failed', 5_000),
          mail('sso@old.test', `Sign in now:\n${ssoLink}\nAfterwards: https://atrium.example.test/login-sso?domain=old\n`, null, 'kept', null),
          mail('plain@old.test', 'See https://atrium.example.test/reserve', null, 'failed', 7_000),
        ])
        .returning('id')
        .execute()
    ).map((row) => row.id) as [number, number, number];
    const role = async (permissions: string[]) =>
      (
        await db
          .insertInto('roles')
          .values({ company_id: companyId, name: `r${permissions.length}`, description: null, parent_id: null, sort_order: 0, is_default: 0, permissions: JSON.stringify(permissions), created_at: 1, updated_at: 1 })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const before = ['accountGlobal', 'globalSettings', 'quickTools', 'calendarRoomUse', 'personalSchedule', 'liveMeetings', 'roles', 'events', 'messages', 'overviewStats', 'billing', 'profile', 'records', 'roomsLocations', 'reservationScreens', 'trackingFields', 'reports', 'departments', 'users', 'visitorDisplay', 'broadcast', 'operationLog'];
    const administrators = await role(before.flatMap((area) => [`${area}:view`, `${area}:edit`]));
    const accountViewers = await role(['accountGlobal:view', 'accountGlobal:edit', 'users:view', 'users:edit']);

    await mailSecrets.up(raw, database.db.dialect);

    const rows = await (database.db.kysely as Kysely<DB>).selectFrom('mail_outbox').selectAll().orderBy('id').execute();
    const [a, s, p] = rows;
    expect(rows.map((row) => row.id)).toEqual([activation, sso, plain]);
    expect(a!.text).toBe(`Open this link:\n${REDACTED_MARKER}\n---\n请打开以下链接：\n${REDACTED_MARKER}\n`);
    expect(a!.html).toBe(`<p><a href="${REDACTED_MARKER}">${REDACTED_MARKER}</a></p>`);
    expect(s!.text).toBe(`Sign in now:\n${REDACTED_MARKER}\nAfterwards: https://atrium.example.test/login-sso?domain=old\n`);
    expect(JSON.stringify(rows)).not.toContain(TOKEN);
    expect(JSON.stringify(rows)).not.toContain(SSO_TOKEN);
    expect(rows.map((row) => [Number(row.is_redacted), row.next_attempt_at === null ? null : Number(row.next_attempt_at)])).toEqual([
      [1, null],
      [1, null],
      [0, 7_000],
    ]);
    expect(p!.text).toBe('See https://atrium.example.test/reserve');

    const permissionsOf = async (id: number) =>
      parsePermissions((await (database!.db.kysely as Kysely<DB>).selectFrom('roles').select('permissions').where('id', '=', id).executeTakeFirstOrThrow()).permissions);
    expect(await permissionsOf(administrators)).toEqual(expect.arrayContaining(['mailContent:view', 'mailContent:edit']));
    expect(await permissionsOf(accountViewers)).not.toContain('mailContent:view');
  });
});
