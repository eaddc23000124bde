import type { Lang, NoticeTime, ReminderChoice, ReservationChannel } from '@atrium/contract';
import type { Transact } from '../../../db/repositories.js';
import type { Clock } from '../../../platform/clock.js';
import type { BookingPreferencesRepository } from '../../booking-preferences/booking-preferences.repository.js';
import type { CalendarShareRepository } from '../../calendar-share/calendar-share.repository.js';
import type { LocationService } from '../../location/location.service.js';
import type { RoomRepository } from '../../room/room.repository.js';
import type { BookingEvents } from '../booking.events.js';
import type { BookingChangeTransact } from './booking-change.js';
import type { BookingWriteTransact } from './booking-create.js';
import type { BookableSource } from './bookable.js';
import type { BookingRoomRepositories } from './booking-rooms.js';
import type { BookingSeriesRepository } from './booking-series.repository.js';
import type { BookingRepository } from './booking.repository.js';

/** The engine's shared vocabulary: who books, what the engine is made of, which time rules apply. */

/** The notification settings' defaults a booking takes when its request leaves them out (/message-remind). */
export interface NoticeDefaults {
  reminderMinutes: ReminderChoice;
  noticeMinutes: NoticeTime;
}

export interface BookingServiceDeps {
  bookings: BookingRepository;
  bookingSeries: BookingSeriesRepository;
  /** The company's booking rules (/booker-preferences), read on every booking and change. */
  preferences: Pick<BookingPreferencesRepository, 'get'>;
  /** The reminder and notice a booking gets when its request leaves them out: the notification settings' defaults. */
  noticeDefaults(companyId: number): Promise<NoticeDefaults>;
  rooms: RoomRepository;
  locations: Pick<LocationService, 'loadIndex'>;
  /** A write transaction (BEGIN IMMEDIATE on SQLite) with every repository: a series' writes. */
  writeTransact: Transact;
  /** The write transaction of changing one meeting (move, edit, cancel, restore), with only its repositories (booking-change.ts). */
  changeTransact: BookingChangeTransact;
  /** The write transaction of booking one meeting, with only the repositories it uses (booking-create.ts). */
  bookingWriteTransact: BookingWriteTransact;
  /** The bookable things the engine books, kept by layout version: rooms today (booking-rooms.ts), asked only through `Bookable`. */
  bookingRooms: BookableSource<BookingRoomRepositories>;
  clock: Clock;
  events: BookingEvents;
  /** Calendar sharing: editors and managers of a calendar book and change its owner's meetings. */
  shares: Pick<CalendarShareRepository, 'levelOf' | 'ownersDelegating'>;
}

/** Which time rules a meeting is held to: `timeZone` null skips the bookable days and hours (a series judges them per occurrence). */
export interface TimeChecks {
  checkPast: boolean;
  timeZone: string | null;
}

/** Who is asking: the company, the user and how the booking arrives. */
export interface Booker {
  companyId: number;
  userId: number;
  channel?: ReservationChannel;
  /**
   * Set when a delegate acts for the host (`userId` is then the host's): the delegate's own id,
   * recorded as who booked (see `actingFor`).
   */
  delegateUserId?: number;
  /** The caller's language, for messages built into answers (a series check's refusals). */
  lang?: Lang;
}
