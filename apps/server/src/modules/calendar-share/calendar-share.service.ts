import { ACTIVE_RESERVATION_STATUSES, CALENDAR_RANGE_MAX_DAYS, ReturnCode, type CalendarEvents, type CalendarEventsQuery, type CalendarShareBody, type CalendarShareLevel, type CalendarShares, type CalendarUnshareBody } from '@atrium/contract';
import { DAY_MS, type Clock } from '../../platform/clock.js';
import { AppError, notFound, refused } from '../../platform/errors.js';
import type { BookingRepository } from '../booking/engine/booking.repository.js';
import type { BookingViewsRepository } from '../booking/views/booking-views.repository.js';
import type { PresentMode } from '../booking/booking.presenter.js';
import type { BookingService } from '../booking/engine/booking.service.js';
import type { Booker } from '../booking/engine/booking.types.js';
import type { CalendarShareRepository } from './calendar-share.repository.js';

export interface CalendarShareServiceDeps {
  shares: CalendarShareRepository;
  bookings: Pick<BookingRepository, 'findMany'>;
  views: Pick<BookingViewsRepository, 'mineIds'>;
  present: Pick<BookingService, 'presentMany'>;
  clock: Clock;
}

export type CalendarShareService = ReturnType<typeof createCalendarShareService>;

type Access = 'owner' | CalendarShareLevel;

/** How each way of reading a calendar presents other people's meetings (contract calendar-share.ts). */
const MODE: Record<Access, PresentMode> = { owner: 'normal', manager: 'reveal', editor: 'reveal', subscriber: 'normal', visitor: 'timeOnly' };

/** Shared calendars: who may read whose meetings, and how much of them. */
export function createCalendarShareService({ shares, bookings, views, present, clock }: CalendarShareServiceDeps) {
  async function accessTo(viewer: Booker, ownerUserId: number): Promise<Access | null> {
    if (ownerUserId === viewer.userId) return 'owner';
    return shares.levelOf(viewer.companyId, ownerUserId, viewer.userId);
  }

  async function requireOwner(companyId: number, ownerUserId: number) {
    const owner = await shares.findActiveUser(companyId, ownerUserId);
    if (!owner) throw notFound('calendarShareNotFound');
    return owner;
  }

  /** The owner, or a manager of the calendar, may change its sharing. */
  async function requireManage(viewer: Booker, ownerUserId: number) {
    await requireOwner(viewer.companyId, ownerUserId);
    const access = await accessTo(viewer, ownerUserId);
    if (access !== 'owner' && access !== 'manager') throw new AppError(ReturnCode.NO_PERMISSION, 'calendarShareNotAllowed');
  }

  return {
    async list(viewer: Booker, ownerUserId = viewer.userId): Promise<CalendarShares> {
      await requireOwner(viewer.companyId, ownerUserId);
      const access = await accessTo(viewer, ownerUserId);
      if (!access) throw new AppError(ReturnCode.NO_PERMISSION, 'calendarNotShared');
      const canManage = access === 'owner' || access === 'manager';
      const [list, sharedWithMe] = await Promise.all([canManage ? shares.sharesOf(viewer.companyId, ownerUserId) : [], shares.sharedWith(viewer.companyId, viewer.userId)]);
      return { ownerUserId, canManage, shares: list, sharedWithMe };
    },

    async share(viewer: Booker, body: CalendarShareBody): Promise<CalendarShares> {
      const ownerUserId = body.ownerUserId ?? viewer.userId;
      await requireManage(viewer, ownerUserId);
      if (body.granteeUserId === ownerUserId) throw refused('calendarShareSelf');
      if (!(await shares.findActiveUser(viewer.companyId, body.granteeUserId))) throw notFound('calendarShareNotFound');
      await shares.put(viewer.companyId, ownerUserId, body.granteeUserId, body.level, clock.now());
      return this.list(viewer, ownerUserId);
    },

    /** Takes a colleague's access away (owner or manager), or lets a grantee leave a calendar shared with them. */
    async unshare(viewer: Booker, body: CalendarUnshareBody): Promise<void> {
      const ownerUserId = body.ownerUserId ?? viewer.userId;
      if (body.granteeUserId !== viewer.userId) await requireManage(viewer, ownerUserId);
      else await requireOwner(viewer.companyId, ownerUserId);
      if (!(await shares.remove(viewer.companyId, ownerUserId, body.granteeUserId))) throw notFound('calendarShareNotFound');
    },

    /** A calendar's meetings in a window, presented for the way the caller reads it. */
    async events(viewer: Booker, query: CalendarEventsQuery): Promise<CalendarEvents> {
      if (query.to <= query.from || query.to - query.from > CALENDAR_RANGE_MAX_DAYS * DAY_MS) throw refused('reservationRangeInvalid', { days: CALENDAR_RANGE_MAX_DAYS });
      const owner = await requireOwner(viewer.companyId, query.ownerUserId);
      const access = await accessTo(viewer, owner.id);
      if (!access) throw new AppError(ReturnCode.NO_PERMISSION, 'calendarNotShared');
      const records = await bookings.findMany(viewer.companyId, await views.mineIds(viewer.companyId, owner.id, query.from, query.to, ACTIVE_RESERVATION_STATUSES));
      return { ownerUserId: owner.id, ownerName: owner.name, access, list: await present.presentMany(viewer, records, { mode: MODE[access] }) };
    },
  };
}
