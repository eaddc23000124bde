import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatMessage,
  ReturnCode,
  type ApprovalDecision,
  type ApprovalItem,
  type ApprovalSettings,
  type Lang,
  type OperationLogEntry,
  type Page,
  type PlainMessageKey,
  type Reservation,
} from '@atrium/contract';
import { call, createTestApp, type TestApp } from '../../../test/app.js';
import { TEST_DIALECT } from '../../../test/database.js';
import { createTestRoom } from '../../../test/rooms.js';
import { decodeHeader, startSmtpServer, textPart } from '../../../test/smtp.js';
import type { TestUser } from '../../../test/factories.js';
import type { BookingChange } from '../booking.events.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe(`booking approvals (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let companyId: number;
  let host: TestUser;
  let hostToken: string;
  let otherToken: string;
  let approver: TestUser;
  let approverToken: string;
  let adminToken: string;
  let foreignToken: string;
  let floorId: number;
  let roomId: number;
  let plainRoomId: number;
  const changes: BookingChange[] = [];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ config: { smtpUrl: smtp.url, publicUrl: 'https://atrium.example.test' } });
    t.app.bookingEvents.onChange((change) => void changes.push(change));
    const a = await t.factories.companyWithAdmin('Approval Co');
    companyId = a.company.id;
    adminToken = await t.factories.session(a.admin);
    host = await t.factories.user(companyId, { permissions: ['calendarRoomUse:view'], firstName: 'Hannah', lastName: 'Host' });
    hostToken = await t.factories.session(host);
    const other = await t.factories.user(companyId, { permissions: ['calendarRoomUse:view'] });
    otherToken = await t.factories.session(other);
    approver = await t.factories.user(companyId, { permissions: ['calendarRoomUse:view', 'events:view'], firstName: 'Alex', lastName: 'Approver' });
    approverToken = await t.factories.session(approver);
    const b = await t.factories.companyWithAdmin('Foreign Co');
    foreignToken = await t.factories.session(b.admin);
    everyone = [host, other, approver, a.admin, b.admin];
    const made = await createTestRoom(t.db, t.factories, t.clock, companyId, { name: 'Boardroom', timeZone: 'Europe/London' });
    floorId = made.floorId;
    roomId = made.roomId;
    await t.db.kysely.updateTable('rooms').set({ needs_approval: 1 }).where('id', '=', roomId).execute();
    plainRoomId = (await createTestRoom(t.db, t.factories, t.clock, companyId, { name: 'Huddle', floorId })).roomId;
  });
  afterAll(async () => {
    await t.cleanup();
    await smtp.close();
  });

  const post = <T = ApprovalDecision>(url: string, payload: unknown, token: string, lang: Lang = 'en-US') =>
    call<T>(t.app, { method: 'POST', url, headers: { token, lang }, payload: payload as Record<string, unknown> });
  const get = <T>(url: string, token: string, lang: Lang = 'en-US') => call<T>(t.app, { method: 'GET', url, headers: { token, lang } });
  const list = (tab: string, token: string, extra = '') => get<Page<ApprovalItem>>(`/api/meeting/approval/list?tab=${tab}${extra}`, token);
  let everyone: TestUser[] = [];
  /** Sessions time out when the fake clock jumps days: sign everyone in again. */
  async function freshSessions() {
    const tokens = await Promise.all(everyone.map((user) => t.factories.session(user)));
    [hostToken, otherToken, approverToken, adminToken, foreignToken] = tokens as [string, string, string, string, string];
  }
  const reservation = async (id: number) => (await get<Reservation>(`/api/meeting/reservation?id=${id}`, hostToken)).body.result;

  let slot = 0;
  /** A new hour-long time, a day apart from the others, starting after `from` (default tomorrow). */
  const nextTime = (from = t.clock.now() + DAY) => {
    const startAt = from + ++slot * DAY + HOUR;
    return { startAt, endAt: startAt + HOUR };
  };
  async function request(title: string, token = hostToken, time = nextTime(), room = roomId) {
    const answer = await post<Reservation>('/api/meeting/reservation', { roomId: room, title, ...time }, token);
    expect(answer.status, answer.body.message).toBe(200);
    return answer.body.result;
  }
  function expectRefusal(answer: { status: number; body: { returncode: number; message: string } }, status: number, code: number, key: PlainMessageKey, lang: Lang = 'en-US') {
    expect([answer.status, answer.body.returncode, answer.body.message]).toEqual([status, code, formatMessage(key, lang)]);
  }
  /** Waits for a mail to `address` whose text contains `needle`. */
  async function mailTo(address: string, needle: string, timeoutMs = 5000) {
    const started = Date.now();
    for (;;) {
      const found = smtp.received.find((mail) => mail.to.includes(address) && textPart(mail).includes(needle));
      if (found) return { subject: decodeHeader(found.headers.subject ?? ''), text: textPart(found) };
      if (Date.now() - started > timeoutMs) {
        const seen = smtp.received.filter((mail) => mail.to.includes(address)).map((mail) => textPart(mail).slice(0, 200));
        throw new Error(`No mail to ${address} with "${needle}"; got ${JSON.stringify(seen)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('makes a pending request that holds its slot, with the default 24-hour deadline; approvers are told by mail', async () => {
    const answer = await post<Reservation>('/api/meeting/reservation', { roomId, title: 'Board meeting', ...nextTime() }, hostToken, 'zh-CN');
    expect([answer.status, answer.body.message]).toEqual([200, formatMessage('reservationPending', 'zh-CN')]);
    const created = answer.body.result;
    expect(created).toMatchObject({ status: 'pending', approvalDeadlineAt: t.clock.now() + DAY, decidedAt: null });
    // Nobody else can take the slot while it waits.
    const clash = await post('/api/meeting/reservation', { roomId, title: 'Squatter', startAt: created.startAt + 15 * MINUTE, endAt: created.endAt }, otherToken);
    expect([clash.status, clash.body.returncode]).toEqual([409, ReturnCode.CONFLICT]);

    const mail = await mailTo(approver.email, 'Board meeting');
    expect(mail.subject).toBe('A room booking waits for your approval / 有会议室预订等待您审批');
    expect(mail.text).toContain('Room: Boardroom (Testland / Test City / Tower A / Floor 3)');
    expect(mail.text).toContain('Requested by: Hannah Host');
    expect(mail.text).toContain('申请人：Hannah Host');
    expect(mail.text).toContain('https://atrium.example.test/meeting-approval');
    // The host is no approver and is not told of their own request.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(smtp.received.filter((received) => received.to.includes(host.email))).toEqual([]);

    const mine = await list('initiated', hostToken);
    expect(mine.status).toBe(200);
    expect(mine.body.result.list.map((item) => item.id)).toEqual([created.id]);
    expect(mine.body.result.list[0]).toMatchObject({ canWithdraw: true, canDecide: false, timeZone: 'Europe/London', locationPath: 'Testland / Test City / Tower A / Floor 3' });
    const toDecide = await list('toDecide', approverToken);
    expect(toDecide.body.result).toMatchObject({ total: 1, page: 1, pageSize: 15 });
    expect(toDecide.body.result.list[0]).toMatchObject({ id: created.id, title: 'Board meeting', roomName: 'Boardroom', canDecide: true, canWithdraw: false, status: 'pending' });
    expect(toDecide.body.result.list[0]!.requesterName).toBe('Hannah Host');
  });

  it('asks the approvers again when a meeting moves into a room with approval, and not for a change that keeps its place', async () => {
    const meeting = await request('Moved into approval', hostToken, nextTime(), plainRoomId);
    expect(meeting.status).toBe('confirmed');
    const moved = await post<Reservation>('/api/meeting/reservation/update', { id: meeting.id, roomId }, hostToken);
    expect(moved.body.result).toMatchObject({ status: 'pending', approvalDeadlineAt: t.clock.now() + DAY });
    expect((await mailTo(approver.email, 'Moved into approval')).subject).toBe('A room booking waits for your approval / 有会议室预订等待您审批');
    const asked = () => smtp.received.filter((mail) => mail.to.includes(approver.email) && textPart(mail).includes('Moved into approval')).length;
    expect(asked()).toBe(1);
    // Remarks change: still the same request, nobody is asked twice.
    expect((await post('/api/meeting/reservation/update', { id: meeting.id, remarks: 'Bring the slides' }, hostToken)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(asked()).toBe(1);
  });

  it('lets only approvers decide, never their own request, and approves a pending request once', async () => {
    const req = await request('Quarterly review');
    // Not an approver: the route's permission.
    expectRefusal(await post('/api/meeting/approval/approve', { id: req.id }, hostToken), 403, ReturnCode.NO_PERMISSION, 'noPermission');
    expectRefusal(await list('toDecide', hostToken), 403, ReturnCode.NO_PERMISSION, 'noPermission');
    expectRefusal(await list('decided', otherToken), 403, ReturnCode.NO_PERMISSION, 'noPermission');
    // Another company's approver: as unknown as a missing request.
    const foreign = await post('/api/meeting/approval/approve', { id: req.id }, foreignToken);
    expect([foreign.status, foreign.body.returncode]).toEqual([404, ReturnCode.NOT_FOUND]);
    // An approver's own request waits for another approver.
    const own = await request('Approver asks', approverToken);
    for (const lang of ['en-US', 'zh-CN'] as const) {
      expectRefusal(await post('/api/meeting/approval/approve', { id: own.id }, approverToken, lang), 403, ReturnCode.NO_PERMISSION, 'approvalOwnRequest', lang);
    }
    expect((await list('toDecide', approverToken)).body.result.list.map((item) => item.id)).not.toContain(own.id);
    expect((await list('toDecide', adminToken)).body.result.list.map((item) => item.id)).toContain(own.id);

    const approved = await post('/api/meeting/approval/approve', { id: req.id }, approverToken, 'zh-CN');
    expect([approved.status, approved.body.message, approved.body.result]).toEqual([200, formatMessage('approvalApproved', 'zh-CN'), { ids: [req.id], status: 'confirmed' }]);
    expect(await reservation(req.id)).toMatchObject({ status: 'confirmed', decidedAt: t.clock.now(), decidedByName: 'Alex Approver' });
    expectRefusal(await post('/api/meeting/approval/approve', { id: req.id }, approverToken), 422, ReturnCode.REFUSED, 'approvalNotPending');
    expect(changes.find((change) => change.kind === 'approved' && change.reservationIds.includes(req.id))).toMatchObject({ companyId, roomIds: [roomId], actorUserId: approver.id });

    const decided = await list('decided', approverToken);
    expect(decided.body.result.list.map((item) => [item.id, item.status])).toEqual([[req.id, 'confirmed']]);
    const hostMail = await mailTo(host.email, 'Quarterly review');
    expect(hostMail.subject).toBe('Your room booking was approved / 您的会议室预订已通过审批');
    expect(hostMail.text).toContain('approved your booking');
    expect(hostMail.text).toContain('已通过您的预订');
    const log = await get<Page<OperationLogEntry>>('/api/operation-log/list?action=approval.approve', adminToken);
    expect(log.body.result.list.find((entry) => entry.result === 'success')).toMatchObject({ targetId: req.id, actorId: approver.id, detail: { scope: 'one', ids: [req.id] } });
    // Refusals are logged too.
    expect(log.body.result.list.filter((entry) => entry.targetId === own.id).map((entry) => entry.result)).toEqual(['failure', 'failure']);
  });

  it('rejects only with a reason, tells the host why, and frees the slot', async () => {
    const time = nextTime();
    const req = await request('Budget talk', hostToken, time);
    for (const lang of ['en-US', 'zh-CN'] as const) {
      expectRefusal(await post('/api/meeting/approval/reject', { id: req.id }, approverToken, lang), 422, ReturnCode.REFUSED, 'approvalReasonRequired', lang);
      expectRefusal(await post('/api/meeting/approval/reject', { id: req.id, reason: '   ' }, approverToken, lang), 422, ReturnCode.REFUSED, 'approvalReasonRequired', lang);
    }
    const tooLong = await post('/api/meeting/approval/reject', { id: req.id, reason: 'x'.repeat(501) }, approverToken);
    expect(tooLong.status).toBe(400);
    const rejected = await post('/api/meeting/approval/reject', { id: req.id, reason: 'The board needs the room' }, approverToken);
    expect([rejected.status, rejected.body.message, rejected.body.result]).toEqual([200, formatMessage('approvalRejected', 'en-US'), { ids: [req.id], status: 'rejected' }]);
    expect(await reservation(req.id)).toMatchObject({ status: 'rejected', decisionReason: 'The board needs the room' });
    const mail = await mailTo(host.email, 'Budget talk');
    expect(mail.subject).toBe('Your room booking was rejected / 您的会议室预订已被驳回');
    expect(mail.text).toContain('Reason: The board needs the room');
    expect(mail.text).toContain('原因：The board needs the room');
    // The slot is free again.
    const taken = await post<Reservation>('/api/meeting/reservation', { roomId, title: 'Taker', ...time }, otherToken);
    expect([taken.status, taken.body.result.status]).toEqual([200, 'pending']);
    const mine = await list('initiated', hostToken, '&status=rejected');
    expect(mine.body.result.list.map((item) => [item.id, item.decisionReason, item.canWithdraw])).toEqual([[req.id, 'The board needs the room', false]]);
    expect(changes.some((change) => change.kind === 'rejected' && change.reservationIds.includes(req.id))).toBe(true);
  });

  it('lets the creator alone withdraw a pending request, which frees the slot', async () => {
    const time = nextTime();
    const req = await request('Withdraw me', hostToken, time);
    for (const lang of ['en-US', 'zh-CN'] as const) {
      expectRefusal(await post('/api/meeting/approval/withdraw', { id: req.id }, approverToken, lang), 403, ReturnCode.NO_PERMISSION, 'approvalNotCreator', lang);
    }
    const foreign = await post('/api/meeting/approval/withdraw', { id: req.id }, foreignToken);
    expect([foreign.status, foreign.body.returncode]).toEqual([404, ReturnCode.NOT_FOUND]);
    const withdrawn = await post('/api/meeting/approval/withdraw', { id: req.id }, hostToken, 'zh-CN');
    expect([withdrawn.status, withdrawn.body.message, withdrawn.body.result]).toEqual([200, formatMessage('approvalWithdrawn', 'zh-CN'), { ids: [req.id], status: 'cancelled' }]);
    expect((await reservation(req.id)).status).toBe('cancelled');
    expectRefusal(await post('/api/meeting/approval/withdraw', { id: req.id }, hostToken), 422, ReturnCode.REFUSED, 'approvalNotPending');
    expectRefusal(await post('/api/meeting/approval/approve', { id: req.id }, approverToken), 422, ReturnCode.REFUSED, 'approvalNotPending');
    expect(changes.some((change) => change.kind === 'withdrawn' && change.reservationIds.includes(req.id))).toBe(true);
    expect((await post('/api/meeting/reservation', { roomId, title: 'Next in line', ...time }, otherToken)).status).toBe(200);
    const log = await get<Page<OperationLogEntry>>('/api/operation-log/list?action=approval.withdraw&result=success', adminToken);
    expect(log.body.result.list.map((entry) => entry.targetId)).toEqual([req.id]);
  });

  it('keeps the deadline setting at 24 hours, 7 days or 30 days; administrators change it', async () => {
    expect((await get<ApprovalSettings>('/api/meeting/approval/settings', hostToken)).body.result).toEqual({ deadlineHours: 24 });
    const put = (body: unknown, token = adminToken) => call<ApprovalSettings>(t.app, { method: 'PUT', url: '/api/meeting/approval/settings', headers: { token }, payload: body as Record<string, unknown> });
    expect((await put({ deadlineHours: 168 }, approverToken)).status).toBe(403);
    expect((await put({ deadlineHours: 48 })).status).toBe(400);
    for (const hours of [720, 168] as const) {
      const answer = await put({ deadlineHours: hours });
      expect([answer.status, answer.body.result]).toEqual([200, { deadlineHours: hours }]);
      expect((await get<ApprovalSettings>('/api/meeting/approval/settings', approverToken)).body.result).toEqual({ deadlineHours: hours });
      const req = await request(`Deadline ${hours}`, hostToken, nextTime(t.clock.now() + 40 * DAY));
      expect(req.approvalDeadlineAt).toBe(t.clock.now() + hours * HOUR);
    }
    // The other company keeps its own default.
    expect((await get<ApprovalSettings>('/api/meeting/approval/settings', foreignToken)).body.result).toEqual({ deadlineHours: 24 });
    // A move that makes a request pending again restarts its clock.
    const confirmed = await request('Moves into approval', hostToken, nextTime(), plainRoomId);
    expect([confirmed.status, confirmed.approvalDeadlineAt]).toEqual(['confirmed', null]);
    t.clock.advance(MINUTE);
    const moved = await post<Reservation>('/api/meeting/reservation/update', { id: confirmed.id, roomId }, hostToken);
    expect(moved.body.result).toMatchObject({ status: 'pending', approvalDeadlineAt: t.clock.now() + 168 * HOUR });
    const log = await get<Page<OperationLogEntry>>('/api/operation-log/list?action=approval.updateSettings', adminToken);
    expect(log.body.result.list.map((entry) => entry.detail)).toEqual([{ deadlineHours: 168 }, { deadlineHours: 720 }]);
  });

  it('expires undecided requests when the deadline passes (the scheduled job), freeing the slot', async () => {
    // Deadline 7 days (previous test). A request for 20 days ahead.
    const time = nextTime(t.clock.now() + 20 * DAY);
    const req = await request('Too late', hostToken, time);
    const lateTime = nextTime(t.clock.now() + 20 * DAY);
    const late = await request('Decided too late', hostToken, lateTime);
    t.clock.advance(7 * DAY - MINUTE);
    await freshSessions();
    await t.app.scheduler.tick();
    expect((await reservation(req.id)).status).toBe('pending');
    t.clock.advance(2 * MINUTE);
    // Deciding after the deadline finds it expired.
    for (const lang of ['en-US', 'zh-CN'] as const) {
      const answer = await post('/api/meeting/approval/approve', { id: late.id }, approverToken, lang);
      expectRefusal(answer, 422, ReturnCode.REFUSED, lang === 'en-US' ? 'approvalExpired' : 'approvalNotPending', lang);
    }
    expect((await reservation(late.id)).status).toBe('expired');
    // The listed request can no longer be decided, even before the job runs.
    expect((await list('toDecide', approverToken)).body.result.list.find((item) => item.id === req.id)).toMatchObject({ canDecide: false });
    await t.app.scheduler.tick();
    expect(await reservation(req.id)).toMatchObject({ status: 'expired', decidedAt: t.clock.now() });
    expect(changes.some((change) => change.kind === 'expired' && change.reservationIds.includes(req.id) && change.actorUserId === null)).toBe(true);
    const mail = await mailTo(host.email, 'Too late');
    expect(mail.subject).toBe('Your room booking request expired / 您的会议室预订申请已失效');
    expect(mail.text).toContain('已失效');
    // Both slots are free again.
    expect((await post('/api/meeting/reservation', { roomId, title: 'Fresh', ...time }, otherToken)).status).toBe(200);
    expect((await post('/api/meeting/reservation', { roomId: plainRoomId, title: 'Elsewhere', ...lateTime }, otherToken)).status).toBe(200);
    expect((await post('/api/meeting/reservation', { roomId, title: 'Fresh too', ...lateTime }, otherToken)).status).toBe(200);
    const log = await get<Page<OperationLogEntry>>('/api/operation-log/list?action=approval.expire', adminToken);
    // Earlier tests' undecided requests expired with it; the one decided too late was expired by the refused call.
    expect(log.body.result.list.find((entry) => entry.targetId === req.id)).toMatchObject({ actorId: null, actorName: 'System', targetName: 'Too late', result: 'success' });
    expect(log.body.result.list.map((entry) => entry.targetId)).not.toContain(late.id);
    // Another run does nothing more.
    t.clock.advance(2 * MINUTE);
    await t.app.scheduler.tick();
    expect((await get<Page<OperationLogEntry>>('/api/operation-log/list?action=approval.expire', adminToken)).body.result.total).toBe(log.body.result.total);
  });

  it('decides every pending occurrence of a series with scope series', async () => {
    const first = await request('Weekly sync');
    const second = await request('Weekly sync');
    const single = await request('One-off');
    const now = t.clock.now();
    const series = await t.db.kysely
      .insertInto('reservation_series')
      .values({ company_id: companyId, resource_id: roomId, host_user_id: host.id, rule: JSON.stringify({ frequency: 'weekly' }), first_date: '2026-12-01', start_time: '10:00', end_time: '11:00', time_zone: 'Europe/London', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.kysely.updateTable('reservations').set({ series_id: series.id }).where('id', 'in', [first.id, second.id]).execute();
    expectRefusal(await post('/api/meeting/approval/approve', { id: single.id, scope: 'series' }, approverToken), 422, ReturnCode.REFUSED, 'approvalNotSeries');
    const answer = await post('/api/meeting/approval/reject', { id: second.id, scope: 'series', reason: 'Not weekly' }, approverToken);
    expect(answer.body.result).toEqual({ ids: [first.id, second.id], status: 'rejected' });
    expect([(await reservation(first.id)).status, (await reservation(second.id)).status, (await reservation(single.id)).status]).toEqual(['rejected', 'rejected', 'pending']);
    expect(changes.find((change) => change.kind === 'rejected' && change.reservationIds.includes(first.id))).toMatchObject({ seriesId: series.id, reservationIds: [first.id, second.id] });
    const mail = await mailTo(host.email, 'Not weekly');
    expect(mail.text).toContain('and 1 more occurrence(s) of the series');
  });

  it('finds requests by room, requester or title, never by a title the caller may not read', async () => {
    const open = await request('Quarterly review');
    const hidden = await post<Reservation>('/api/meeting/reservation', { roomId, title: 'Secret merger', privacy: 'private', ...nextTime() }, hostToken);
    expect(hidden.status, hidden.body.message).toBe(200);
    const ids = async (tab: string, token: string, keyword: string) =>
      (await list(tab, token, `&pageSize=100&keyword=${encodeURIComponent(keyword)}`)).body.result.list.map((item) => item.id).filter((id) => id === open.id || id === hidden.body.result.id);
    expect(await ids('toDecide', approverToken, 'QUARTERLY')).toEqual([open.id]);
    expect(await ids('toDecide', approverToken, 'merger')).toEqual([]);
    expect((await ids('toDecide', approverToken, 'hannah')).sort()).toEqual([open.id, hidden.body.result.id].sort());
    expect((await ids('toDecide', approverToken, 'boardroom')).sort()).toEqual([open.id, hidden.body.result.id].sort());
    // The host reads their own private title, so finds it.
    expect(await ids('initiated', hostToken, 'merger')).toEqual([hidden.body.result.id]);
    // LIKE's wildcards match only themselves.
    expect(await ids('toDecide', approverToken, '%')).toEqual([]);
  });

  it("never shows another company's requests", async () => {
    const theirs = await list('toDecide', foreignToken);
    expect([theirs.status, theirs.body.result.total]).toEqual([200, 0]);
    expect((await list('initiated', foreignToken)).body.result.total).toBe(0);
  });
});
