import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALL_PERMISSIONS,
  ReturnCode,
  type ActivationLinkResult,
  type CheckActivationResult,
  type DirectoryUser,
  type MailOutboxDetails,
  type MailOutboxItem,
  type OperationLogEntry,
  type Page,
} from '@atrium/contract';
import { HOUR_MS } from '../../platform/clock.js';
import { REDACTED_MARKER } from '../../platform/mailer.js';
import { call, createTestApp, signIn, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import { waitForMail } from '../../test/mailbox.js';
import { mailPart, startSmtpServer } from '../../test/smtp.js';

const PUBLIC_URL = 'https://atrium.example.test';
const PASSWORD = 'Chosen-Pass-2026';

/**
 * Issue 16, finding 1: an activation link is never readable from the outbox. Whoever reads the
 * outbox sees a marker; the recipient alone gets the link, by SMTP. Without a mail server, a
 * holder of users:edit hands a colleague a fresh link explicitly, within the role rules.
 */
describe(`activation links are secrets (${TEST_DIALECT})`, () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  let companyId: number;
  let adminToken: string;
  let accountViewerToken: string;
  let mailReaderToken: string;
  let userEditorToken: string;
  let administratorRole: number;
  let tokenB: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ config: { smtpUrl: smtp.url, publicUrl: PUBLIC_URL } });
    const a = await t.factories.companyWithAdmin('Alpha');
    companyId = a.company.id;
    administratorRole = a.admin.roleId;
    adminToken = await t.factories.session(a.admin);
    accountViewerToken = await t.factories.session(await t.factories.user(companyId, { permissions: ['accountGlobal:view'] }));
    mailReaderToken = await t.factories.session(await t.factories.user(companyId, { permissions: ['accountGlobal:view', 'mailContent:view'] }));
    // Edits users, but holds far less than an administrator.
    userEditorToken = await t.factories.session(await t.factories.user(companyId, { permissions: ['users:view', 'users:edit'] }));
    await t.factories.role(companyId, ['calendarRoomUse:view'], { name: 'Staff', isDefault: true });
    tokenB = await t.factories.session((await t.factories.companyWithAdmin('Bravo')).admin);
  });
  afterAll(async () => {
    await t.cleanup();
    await smtp.close();
  });

  const api = <T = unknown>(token: string | undefined, method: 'GET' | 'POST', url: string, payload?: object) =>
    call<T>(t.app, { method, url: `/api${url}`, ...(token ? { headers: { token } } : {}), ...(payload ? { payload } : {}) });
  const createUser = async (userName: string, roleId?: number) => {
    const answer = await api<DirectoryUser>(adminToken, 'POST', '/user', { userName, email: `${userName}@alpha.test`, firstName: 'New', lastName: userName, ...(roleId ? { roleId } : {}) });
    expect(answer.status, answer.body.message).toBe(200);
    return answer.body.result;
  };
  const outboxIdFor = async (email: string) =>
    (await api<Page<MailOutboxItem>>(adminToken, 'GET', `/mail/outbox?recipient=${encodeURIComponent(email)}`)).body.result.list[0]!.id;
  const tokenOf = (link: string) => /\/activate\/([A-Za-z0-9_-]+)/.exec(link)?.[1] ?? '';
  const checks = async (reqToken: string) => (await api<CheckActivationResult>(undefined, 'GET', `/user/checkActiveUserReq?reqToken=${reqToken}`)).body.result.valid;
  const activate = (reqToken: string) => api(undefined, 'POST', '/user/activeUserAndSetPassword', { reqToken, password: PASSWORD, confirmPassword: PASSWORD });
  const issue = (token: string, id: number) => call<ActivationLinkResult>(t.app, { method: 'POST', url: '/api/user/activationLink', headers: { token }, payload: { id } });

  it('keeps the link of a new administrator out of reach of the account area: 403 on the mail, the marker for mail readers, the link by SMTP', async () => {
    const newAdmin = await createUser('new.admin', administratorRole);
    const mailId = await outboxIdFor('new.admin@alpha.test');

    // The attack of the finding: a role with the account area's view only.
    const refused = await api<MailOutboxDetails>(accountViewerToken, 'GET', `/mail/outbox/details?id=${mailId}`);
    expect([refused.status, refused.body.returncode]).toEqual([403, ReturnCode.NO_PERMISSION]);

    // A holder of mailContent:view sees the mail, with the marker in place of the link.
    const shown = await api<MailOutboxDetails>(mailReaderToken, 'GET', `/mail/outbox/details?id=${mailId}`);
    expect(shown.status).toBe(200);
    expect(shown.body.result.isRedacted).toBe(true);
    expect(shown.body.result.text).toContain(REDACTED_MARKER);
    expect(shown.body.result.text).not.toContain('/activate/');
    expect(shown.body.result.html).not.toContain('/activate/');

    // The recipient's mail carries the working link.
    const { mail, text } = await waitForMail(smtp.received, 'new.admin@alpha.test');
    const reqToken = tokenOf(text);
    expect(reqToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(mailPart(mail, 'text/html')).toContain(`${PUBLIC_URL}/activate/${reqToken}`);
    expect(JSON.stringify(shown.body)).not.toContain(reqToken);
    expect((await activate(reqToken)).status).toBe(200);
    expect((await signIn(t.app, { userName: newAdmin.userName, password: PASSWORD })).status).toBe(200);
  });

  it('hands a users:edit holder a fresh link, marked not to be cached; earlier links stop working; the link activates the account', async () => {
    const pending = await createUser('pending.pat');
    const mailed = tokenOf((await waitForMail(smtp.received, 'pending.pat@alpha.test')).text);
    expect(await checks(mailed)).toBe(true);

    const first = await issue(userEditorToken, pending.id);
    expect(first.status, first.body.message).toBe(200);
    expect(first.response.headers['cache-control']).toBe('no-store');
    expect(first.body.message).toBe('A new activation link is ready; earlier links no longer work');
    expect(first.body.result.link).toMatch(new RegExp(`^${PUBLIC_URL}/activate/[A-Za-z0-9_-]{40,}$`));
    expect(first.body.result.expiresAt).toBe(t.clock.now() + 72 * HOUR_MS);
    expect(await checks(mailed)).toBe(false);

    const second = await issue(adminToken, pending.id);
    expect(await checks(tokenOf(first.body.result.link))).toBe(false);
    const reqToken = tokenOf(second.body.result.link);
    expect(await checks(reqToken)).toBe(true);
    // Only the hash is stored.
    expect(JSON.stringify(await t.db.kysely.selectFrom('user_activations').selectAll().execute())).not.toContain(reqToken);
    expect((await activate(reqToken)).status).toBe(200);
    expect((await signIn(t.app, { userName: 'pending.pat', password: PASSWORD })).status).toBe(200);

    // Recorded, twice, without the link.
    const log = await api<Page<OperationLogEntry>>(adminToken, 'GET', '/operation-log/list?action=user.activationLink');
    expect(log.body.result.list.map((entry) => [entry.targetId, entry.targetName, entry.result])).toEqual([
      [pending.id, 'pending.pat', 'success'],
      [pending.id, 'pending.pat', 'success'],
    ]);
    const stored = JSON.stringify(await t.db.kysely.selectFrom('operation_logs').selectAll().execute());
    for (const link of [first.body.result.link, second.body.result.link]) expect(stored).not.toContain(tokenOf(link));
  });

  it('refuses an account already activated with 422/1005', async () => {
    const answer = await issue(adminToken, (await api<Page<DirectoryUser>>(adminToken, 'POST', '/user/getUserList', { keyword: 'pending.pat' })).body.result.list[0]!.id);
    expect([answer.status, answer.body.returncode, answer.body.result]).toEqual([422, ReturnCode.REFUSED, null]);
    expect(answer.body.message).toBe('This user has already activated the account');
  });

  it('refuses a pending user whose role holds more than the caller with 403/1014, and records the refusal', async () => {
    const pendingAdmin = await createUser('pending.admin', administratorRole);
    const mailed = tokenOf((await waitForMail(smtp.received, 'pending.admin@alpha.test')).text);
    for (const lang of ['en-US', 'zh-CN'] as const) {
      const answer = await call(t.app, { method: 'POST', url: '/api/user/activationLink', headers: { token: userEditorToken, lang }, payload: { id: pendingAdmin.id } });
      expect([answer.status, answer.body.returncode, answer.body.result]).toEqual([403, ReturnCode.NO_PERMISSION, null]);
      expect(answer.body.message).toBe(lang === 'en-US' ? 'You cannot bring in a user whose role has more permissions than yours' : '不能为权限高于您自己角色的用户生成激活链接');
    }
    // The mailed link still works: nothing was retired.
    expect(await checks(mailed)).toBe(true);
    const log = await api<Page<OperationLogEntry>>(adminToken, 'GET', '/operation-log/list?action=user.activationLink&result=failure');
    expect(log.body.result.list.filter((entry) => entry.targetId === pendingAdmin.id)).toHaveLength(2);
    // The administrator, who holds every permission, may.
    expect((await issue(adminToken, pendingAdmin.id)).status).toBe(200);
  });

  it("answers 404 for another company's user or an unknown one, and needs users:edit", async () => {
    const pending = await createUser('pending.quinn');
    const foreign = await issue(tokenB, pending.id);
    expect([foreign.status, foreign.body.returncode]).toEqual([404, ReturnCode.NOT_FOUND]);
    expect([(await issue(adminToken, 9_999_999)).status]).toEqual([404]);
    const noRight = await issue(accountViewerToken, pending.id);
    expect([noRight.status, noRight.body.returncode]).toEqual([403, ReturnCode.NO_PERMISSION]);
    expect((await call(t.app, { method: 'POST', url: '/api/user/activationLink', payload: { id: pending.id } })).status).toBe(401);
  });
});

/** Without a mail server the activation mail is only kept (redacted); the link action is how a colleague comes in. */
describe(`activation without a mail server (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let adminToken: string;

  beforeAll(async () => {
    t = await createTestApp({ config: { publicUrl: PUBLIC_URL } });
    const a = await t.factories.companyWithAdmin('Quiet');
    adminToken = await t.factories.session(a.admin);
    await t.factories.user(a.company.id, { permissions: ALL_PERMISSIONS });
  });
  afterAll(() => t.cleanup());

  it('keeps no link in the outbox; the issued link activates the account', async () => {
    const created = await call<DirectoryUser>(t.app, { method: 'POST', url: '/api/user', headers: { token: adminToken }, payload: { userName: 'offline.olga', email: 'olga@quiet.test', firstName: 'Olga', lastName: 'Offline' } });
    expect(created.status).toBe(200);
    const kept = await t.db.kysely.selectFrom('mail_outbox').select(['text', 'html', 'status', 'is_redacted']).where('to', '=', 'olga@quiet.test').executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ status: 'kept' });
    expect(Number(kept.is_redacted)).toBe(1);
    expect(`${kept.text}${kept.html}`).not.toContain('/activate/');

    const issued = await call<ActivationLinkResult>(t.app, { method: 'POST', url: '/api/user/activationLink', headers: { token: adminToken }, payload: { id: created.body.result.id } });
    expect(issued.status).toBe(200);
    const reqToken = new URL(issued.body.result.link).pathname.split('/').pop()!;
    const activated = await call(t.app, { method: 'POST', url: '/api/user/activeUserAndSetPassword', payload: { reqToken, password: PASSWORD, confirmPassword: PASSWORD } });
    expect(activated.status, activated.body.message).toBe(200);
    expect((await signIn(t.app, { userName: 'offline.olga', password: PASSWORD })).status).toBe(200);
  });
});
