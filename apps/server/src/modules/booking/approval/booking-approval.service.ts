import {
  localDateTime,
  hasPermission,
  ReturnCode,
  type ApprovalDecision,
  type ApprovalItem,
  type ApprovalListQuery,
  type ApprovalScope,
  type ApprovalSettings,
  type NoticeConfigResult,
  type NotificationParams,
  type Page,
  type RejectBody,
} from '@atrium/contract';
import type { Transact } from '../../../db/repositories.js';
import type { Clock } from '../../../platform/clock.js';
import { AppError, noPermission, notFound, refused } from '../../../platform/errors.js';
import type { Mailer } from '../../../platform/mailer.js';
import { pathName } from '../../location/location.presenter.js';
import { roomTimeZone } from '../../room/room-layout.js';
import type { LocationService } from '../../location/location.service.js';
import type { NotificationService } from '../../notification/notification.service.js';
import type { Actor, OperationLog } from '../../operation-log/operation-log.service.js';
import type { RoomRepository } from '../../room/room.repository.js';
import { approvedMail, expiredMail, rejectedMail, requestArrivedMail, withFooter, type RequestFacts } from '../mails/booking-approval.mail.js';
import type { ApprovalRepository, ApprovalTarget } from './booking-approval.repository.js';
import type { BookingChange, BookingEvents } from '../booking.events.js';
import type { BookingRepository, ReservationRecord } from '../engine/booking.repository.js';
import type { BookingService } from '../engine/booking.service.js';
import { isPublicMeeting } from '../booking.policy.js';

/** At most this many approvers are told of one request (the first by id). */
export const APPROVER_MAIL_LIMIT = 20;
/** The expiry job expires at most this many requests of one company per run; the rest wait for the next run. */
const EXPIRY_BATCH = 500;

export interface ApprovalServiceDeps {
  approvals: ApprovalRepository;
  reservations: BookingRepository;
  rooms: RoomRepository;
  bookings: BookingService;
  locations: Pick<LocationService, 'loadIndex'>;
  /** A write transaction (BEGIN IMMEDIATE on SQLite), as bookings use. */
  writeTransact: Transact;
  clock: Clock;
  events: BookingEvents;
  operationLog: OperationLog;
  mailer: Mailer;
  /** In-console notifications, beside the mails. */
  notifications: Pick<NotificationService, 'post'>;
  /** The notification settings: which events send mail. */
  noticeConfig: (companyId: number) => Promise<NoticeConfigResult>;
  publicUrl: string;
}

export type ApprovalService = ReturnType<typeof createApprovalService>;

const isApprover = (actor: Pick<Actor, 'permissions'>) => hasPermission(actor.permissions, 'events:view');

/**
 * Booking approvals: approvers (events:view) approve or reject pending requests of rooms with
 * approval, hosts withdraw them, and a scheduled job expires those left undecided past their
 * deadline. Decisions are logged and announced (booking events); mails follow the events.
 */
export function createApprovalService(deps: ApprovalServiceDeps) {
  const { approvals, reservations, rooms, bookings, locations, writeTransact, clock, events, operationLog, mailer, notifications, noticeConfig, publicUrl } = deps;
  const link = `${publicUrl.replace(/\/$/, '')}/meeting-approval`;

  async function announce(kind: BookingChange['kind'], companyId: number, targets: ApprovalTarget[], actorUserId: number | null): Promise<void> {
    if (targets.length === 0) return;
    await events.emit({
      kind,
      companyId,
      roomIds: [...new Set(targets.map((target) => target.roomId))],
      reservationIds: targets.map((target) => target.id),
      actorUserId,
      seriesId: targets[0]!.seriesId,
    });
  }

  /** Approve or reject `id` (and with scope series, the series' other pending occurrences). */
  async function decide(actor: Actor, id: number, scope: ApprovalScope, decision: { status: 'confirmed' | 'rejected'; reason: string | null }): Promise<ApprovalDecision> {
    const { companyId, userId } = actor;
    return operationLog.track(
      actor,
      (result: ApprovalDecision | undefined) => ({
        action: decision.status === 'confirmed' ? 'approval.approve' : 'approval.reject',
        targetType: 'reservation',
        targetId: id,
        detail: { scope, ids: result?.ids ?? null, ...(decision.reason ? { reason: decision.reason } : {}) },
      }),
      async () => {
        if (decision.status === 'rejected' && !decision.reason) throw refused('approvalReasonRequired');
        const outcome = await writeTransact(async (repos) => {
          const target = await repos.approvals.findTarget(companyId, id);
          if (!target) throw notFound('reservationNotFound');
          if (target.hostUserId === userId) throw new AppError(ReturnCode.NO_PERMISSION, 'approvalOwnRequest');
          if (target.status !== 'pending') throw refused('approvalNotPending');
          if (scope === 'series' && target.seriesId === null) throw refused('approvalNotSeries');
          const now = clock.now();
          const candidates = scope === 'series' ? await repos.approvals.pendingOfSeries(companyId, target.seriesId!) : [target];
          const isDue = (candidate: ApprovalTarget) => candidate.approvalDeadlineAt !== null && candidate.approvalDeadlineAt <= now;
          const due = candidates.filter(isDue);
          await repos.approvals.expire(companyId, due.map((candidate) => candidate.id), now);
          if (isDue(target)) return { expired: due, decided: [] as ApprovalTarget[], targetExpired: true };
          const open = candidates.filter((candidate) => !isDue(candidate));
          await repos.approvals.decide(companyId, open.map((candidate) => candidate.id), { status: decision.status, userId, reason: decision.reason }, now);
          return { expired: due, decided: open, targetExpired: false };
        });
        await announce('expired', companyId, outcome.expired, null);
        if (outcome.targetExpired) throw refused('approvalExpired');
        await announce(decision.status === 'confirmed' ? 'approved' : 'rejected', companyId, outcome.decided, userId);
        return { ids: outcome.decided.map((target) => target.id), status: decision.status };
      },
    );
  }

  // ---- mails, after commit, from this process's own changes ----

  async function factsOf(
    companyId: number,
    records: ReservationRecord[],
    showTitle: (record: ReservationRecord) => boolean,
  ): Promise<{ facts: RequestFacts; zone: string | null; params: Omit<NotificationParams, 'by' | 'reason'> }> {
    const first = records[0]!;
    const index = await locations.loadIndex(companyId);
    const zone = roomTimeZone(index, first.roomId);
    const room = await rooms.findRoom(companyId, first.roomId);
    const end = localDateTime(first.endAt, zone).slice(11);
    const roomName = room?.name ?? '';
    const path = pathName(index, first.roomId);
    return {
      zone,
      facts: {
        title: showTitle(first) ? first.title : null,
        roomName,
        locationPath: path,
        when: `${localDateTime(first.startAt, zone)} – ${end} (${zone ?? 'UTC'})`,
        hostName: first.hostName ?? '',
        moreCount: records.length - 1,
      },
      params: {
        title: showTitle(first) ? first.title : null,
        place: path ? `${roomName} (${path})` : roomName,
        startAt: first.startAt,
        endAt: first.endAt,
        zone,
        more: records.length - 1,
        minutes: null,
      },
    };
  }

  /**
   * Mails and console notifications of a request and its decision, each channel under its own
   * switch of the notification settings: approvalNeeded for a new request, approved, and rejected
   * (also for a request that expired undecided: a "no" nobody chose).
   */
  async function mailFor(change: BookingChange): Promise<void> {
    // A new request: booked in a room with approval, or moved into one (the clock started again);
    // the change names them, so a booking that needs no approval costs nothing here.
    const asked = change.kind === 'created' || change.kind === 'updated' ? (change.awaitingApproval ?? []) : null;
    if (asked?.length === 0 || (asked === null && !['approved', 'rejected', 'expired'].includes(change.kind))) return;
    const { companyId } = change;
    const config = await noticeConfig(companyId);
    const switchOf = asked ? 'approvalNeeded' : change.kind === 'approved' ? 'approved' : 'rejected';
    const mailOn = config.events[switchOf];
    if (!mailOn && !config.consoleEvents[switchOf]) return;
    const footer = <T extends { text: string; html: string }>(mail: T) => withFooter(mail, config.footer);
    const records = (await reservations.findMany(companyId, asked ?? change.reservationIds)).sort((a, b) => a.startAt - b.startAt);
    if (asked) {
      const pending = records.filter((record) => record.status === 'pending');
      if (pending.length === 0) return;
      const first = pending[0]!;
      const { facts, zone, params } = await factsOf(companyId, pending, isPublicMeeting);
      const deadline = first.approvalDeadlineAt === null ? '' : `${localDateTime(first.approvalDeadlineAt, zone)} (${zone ?? 'UTC'})`;
      const mail = footer(requestArrivedMail(facts, deadline, link));
      const approvers = await approvals.approvers(companyId, first.hostUserId, APPROVER_MAIL_LIMIT);
      if (mailOn) for (const approver of approvers) await mailer.send({ companyId, event: 'approvalRequest', actorUserId: change.actorUserId, to: approver.email, ...mail });
      await notifications.post({
        companyId,
        event: 'approvalRequest',
        actorUserId: change.actorUserId,
        userIds: approvers.map((approver) => approver.id),
        params: { ...params, by: first.hostName, reason: null },
        link: '/meeting-approval',
        reservationId: first.id,
      });
      return;
    }
    // Decisions: one message per request, or per series when its occurrences were decided together.
    const groups = new Map<string, ReservationRecord[]>();
    for (const record of records) {
      if (record.hostUserId === null) continue;
      const key = record.seriesId === null ? `r${record.id}` : `s${record.seriesId}`;
      groups.set(key, [...(groups.get(key) ?? []), record]);
    }
    for (const own of groups.values()) {
      const host = await approvals.recipient(companyId, own[0]!.hostUserId);
      if (!host) continue;
      const { facts, params } = await factsOf(companyId, own, () => true);
      const first = own[0]!;
      const mail = footer(
        change.kind === 'approved'
          ? approvedMail(facts, first.decidedByName ?? '', link)
          : change.kind === 'rejected'
            ? rejectedMail(facts, first.decidedByName ?? '', first.decisionReason ?? '', link)
            : expiredMail(facts, link),
      );
      const event = change.kind === 'approved' ? 'approved' : change.kind === 'rejected' ? 'rejected' : 'expired';
      if (mailOn) await mailer.send({ companyId, event, actorUserId: change.actorUserId, to: host.email, ...mail });
      await notifications.post({
        companyId,
        event,
        actorUserId: change.actorUserId,
        userIds: [host.id],
        params: { ...params, by: event === 'expired' ? null : first.decidedByName, reason: event === 'rejected' ? first.decisionReason : null },
        link: '/reserve',
        reservationId: first.id,
      });
    }
  }

  // Sent by the outbox worker once the change is committed; a failure is tried again later.
  events.onRecorded('approval-mails', mailFor);

  return {
    async list(actor: Actor, query: ApprovalListQuery): Promise<Page<ApprovalItem>> {
      const { companyId, userId } = actor;
      const approver = isApprover(actor);
      if (query.tab !== 'initiated' && !approver) throw noPermission();
      const page = await approvals.pageIds(companyId, userId, query);
      const records = await reservations.findMany(companyId, page.list);
      const presented = await bookings.presentMany({ companyId, userId }, records);
      const index = await locations.loadIndex(companyId);
      const now = clock.now();
      return {
        ...page,
        list: records.map((record, i) => {
          const pending = record.status === 'pending';
          const open = pending && (record.approvalDeadlineAt === null || record.approvalDeadlineAt > now);
          return {
            ...presented[i]!,
            // The caller is the requester or an approver: both see who asked and how it was decided.
            locationPath: pathName(index, record.roomId),
            requesterName: record.hostName,
            decidedByName: record.decidedByName,
            decisionReason: record.decisionReason,
            canDecide: approver && open && record.hostUserId !== userId,
            canWithdraw: pending && record.hostUserId === userId,
          };
        }),
      };
    },

    approve: (actor: Actor, body: { id: number; scope: ApprovalScope }) => decide(actor, body.id, body.scope, { status: 'confirmed', reason: null }),

    reject: (actor: Actor, body: RejectBody) => decide(actor, body.id, body.scope, { status: 'rejected', reason: body.reason || null }),

    /** The host takes back a pending request: it is cancelled and its slot is free. */
    async withdraw(actor: Actor, id: number): Promise<ApprovalDecision> {
      const { companyId, userId } = actor;
      return operationLog.track(actor, { action: 'approval.withdraw', targetType: 'reservation', targetId: id }, async () => {
        const target = await writeTransact(async (repos) => {
          const found = await repos.approvals.findTarget(companyId, id);
          if (!found) throw notFound('reservationNotFound');
          if (found.hostUserId !== userId) throw new AppError(ReturnCode.NO_PERMISSION, 'approvalNotCreator');
          if (found.status !== 'pending') throw refused('approvalNotPending');
          await repos.approvals.withdraw(companyId, id, clock.now());
          return found;
        });
        await announce('withdrawn', companyId, [target], userId);
        return { ids: [id], status: 'cancelled' };
      });
    },

    async settings(companyId: number): Promise<ApprovalSettings> {
      return { deadlineHours: (await approvals.deadlineHours(companyId)) as ApprovalSettings['deadlineHours'] };
    },

    /** The company's approval deadline; requests already waiting keep theirs. */
    async updateSettings(actor: Actor, body: ApprovalSettings): Promise<ApprovalSettings> {
      return operationLog.track(actor, { action: 'approval.updateSettings', targetType: 'company', targetId: actor.companyId, detail: { deadlineHours: body.deadlineHours } }, async () => {
        await approvals.saveDeadlineHours(actor.companyId, body.deadlineHours, actor.userId, clock.now());
        return { deadlineHours: body.deadlineHours };
      });
    },

    /** The scheduled job: pending requests past their deadline expire and free their slots. */
    async expireDue(): Promise<number> {
      const now = clock.now();
      let count = 0;
      for (const companyId of await approvals.companiesWithDueRequests(now)) {
        const expired = await writeTransact((repos) => repos.approvals.expireDue(companyId, now, EXPIRY_BATCH));
        await announce('expired', companyId, expired, null);
        for (const target of expired) {
          await operationLog.recordSystem(companyId, {
            action: 'approval.expire',
            targetType: 'reservation',
            targetId: target.id,
            targetName: target.title,
            detail: { deadlineAt: target.approvalDeadlineAt },
          });
        }
        count += expired.length;
      }
      return count;
    },
  };
}
