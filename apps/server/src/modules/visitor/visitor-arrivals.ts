import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { Mailer } from '../../platform/mailer.js';
import type { Outbox } from '../../platform/outbox.js';
import { createOutboxRepository } from '../../platform/outbox.repository.js';
import type { NotificationService } from '../notification/notification.service.js';
import type { VisitorRepository } from './visitor.repository.js';
import { visitorArrivedMail } from './visitor.mails.js';

/** The outbox's names for a check-in (whose host is to be told) and a check-out. */
export const VISIT_ARRIVED = 'visitArrived';
export const VISIT_LEFT = 'visitLeft';
const ARRIVED = VISIT_ARRIVED;

export interface Arrival {
  visitId: number;
  /** Who checked the visitor in; null: the visitor at the kiosk. */
  byUserId: number | null;
}

export interface VisitorArrivalsDeps {
  visitors: VisitorRepository;
  notifications: Pick<NotificationService, 'post'>;
  mailer: Mailer;
  outbox: Pick<Outbox, 'on' | 'wake'>;
  clock: Clock;
  publicUrl: string;
}

export type VisitorArrivals = ReturnType<typeof createVisitorArrivals>;

/**
 * The host told on arrival (decision 0018): a check-in records the arrival in the outbox in its own
 * transaction; the worker then writes the host's console notification and mails them, as two
 * handlers, so a mail server that fails is tried again without telling the bell twice. A host who
 * checked their visitor in themselves gets no mail about it (the bell skips them too: nobody is
 * told of their own action). A visitor the watchlist says to alert on is told to reception too.
 */
export function createVisitorArrivals({ visitors, notifications, mailer, outbox, clock, publicUrl }: VisitorArrivalsDeps) {
  /** The visit as checked in, or null when it is no longer (erased, or its host gone). */
  async function arrivalOf(companyId: number, { visitId }: Arrival) {
    const visit = await visitors.find({ companyId, all: true }, visitId, clock.now());
    return visit?.host && visit.checkedInAt !== null ? { visit, host: visit.host, checkedInAt: visit.checkedInAt } : null;
  }
  const pageOf = (visitId: number) => `/record-detail/${visitId}`;

  outbox.on(ARRIVED, 'hostNotification', async (payload, event) => {
    const arrival = payload as Arrival;
    const found = await arrivalOf(event.companyId, arrival);
    if (!found) return;
    const { visit, host, checkedInAt } = found;
    await notifications.post({
      companyId: event.companyId,
      event: 'visitorArrived',
      actorUserId: arrival.byUserId,
      userIds: [host.id],
      params: { title: visit.visitorName, place: visit.location?.name ?? '', startAt: checkedInAt, endAt: visit.expectedEndAt, zone: visit.location?.timeZone ?? null, more: 0, by: null, reason: visit.reason, minutes: null },
      link: pageOf(visit.id),
      reservationId: null,
    });
  });

  outbox.on(ARRIVED, 'hostMail', async (payload, event) => {
    const arrival = payload as Arrival;
    const found = await arrivalOf(event.companyId, arrival);
    if (!found || found.host.id === arrival.byUserId) return;
    const to = await visitors.activeEmail(event.companyId, found.host.id);
    if (!to) return;
    const { visit, checkedInAt } = found;
    const mail = visitorArrivedMail({
      visitorName: visit.visitorName,
      visitorCompany: visit.visitorCompany,
      place: visit.location?.name ?? null,
      zone: visit.location?.timeZone ?? null,
      checkedInAt,
      link: `${publicUrl.replace(/\/$/, '')}${pageOf(visit.id)}`,
    });
    await mailer.send({ companyId: event.companyId, event: 'visitorArrived', actorUserId: arrival.byUserId, to, ...mail });
  });

  // A visitor the watchlist says to alert on: reception is told, whoever checked them in.
  outbox.on(ARRIVED, 'receptionAlert', async (payload, event) => {
    const arrival = payload as Arrival;
    const visit = await visitors.find({ companyId: event.companyId, all: true }, arrival.visitId, clock.now());
    if (visit?.watch?.action !== 'alert' || visit.checkedInAt === null) return;
    await notifications.post({
      companyId: event.companyId,
      event: 'watchlistAlert',
      actorUserId: arrival.byUserId,
      userIds: await visitors.receptionIds(event.companyId),
      params: { title: visit.visitorName, place: visit.location?.name ?? '', startAt: visit.checkedInAt, endAt: visit.expectedEndAt, zone: visit.location?.timeZone ?? null, more: 0, by: null, reason: visit.watch.name, minutes: null },
      link: pageOf(visit.id),
      reservationId: null,
    });
  });

  return {
    /** Records the arrival in the check-in's transaction. */
    record(trx: Kysely<DB>, companyId: number, arrival: Arrival, now: number): Promise<void> {
      return createOutboxRepository(trx).add(companyId, ARRIVED, JSON.stringify(arrival), now);
    },
    /** After a check-in's or check-out's commit: the worker does what it recorded. */
    wake(): void {
      outbox.wake();
    },
    /** Records a check-out in its transaction (door access is revoked by its handler). */
    recordDeparture(trx: Kysely<DB>, companyId: number, departure: Arrival, now: number): Promise<void> {
      return createOutboxRepository(trx).add(companyId, VISIT_LEFT, JSON.stringify(departure), now);
    },
  };
}
