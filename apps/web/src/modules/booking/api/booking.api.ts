import type {
  AvailableRooms,
  CalendarEvents,
  CalendarShareLevel,
  CalendarShares,
  AvailableRoomsQuery,
  Colleague,
  CreateReservationBody,
  MyBookingBar,
  CreateReservationResult,
  MyReservations,
  RepeatRule,
  Reservation,
  ReservationCheckResult,
  RoomAirAnswer,
  ReservationScope,
  Schedule,
  UpdateReservationBody,
} from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';
import type { ApiError } from '../../../shared/api/api-client';
import { IDEMPOTENCY_KEY_HEADER } from '../../../shared/api/submission-key';

export const bookingKeys = {
  all: ['booking'] as const,
  mine: (from: number, to: number) => ['booking', 'mine', from, to] as const,
  schedule: (query: ScheduleParams) => ['booking', 'schedule', query] as const,
  available: (query: unknown) => ['booking', 'available', query] as const,
  roomAir: (query: unknown) => ['booking', 'room-air', query] as const,
  colleagues: (keyword: string) => ['booking', 'colleagues', keyword] as const,
  shares: ['booking', 'shares'] as const,
  bar: ['booking', 'bar'] as const,
  calendar: (ownerUserId: number, from: number, to: number) => ['booking', 'calendar', ownerUserId, from, to] as const,
};

export interface ScheduleParams {
  date: string;
  /** The viewer's zone: every room's day is `date` in it (one time axis for all lanes). */
  timeZone?: string | undefined;
  locationId?: number | undefined;
  keyword?: string | undefined;
  pageSize?: number;
}

/** `GET /meeting/reservation/mine`: my meetings in [from, to). */
export function useMyReservations(from: number, to: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: bookingKeys.mine(from, to),
    queryFn: ({ signal }) => api.get<MyReservations>('/meeting/reservation/mine', { query: { from, to }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /meeting/reservation`: one meeting as the caller may see it (the global search opens it). */
export function fetchReservation(id: number): Promise<Reservation> {
  return api.get<Reservation>('/meeting/reservation', { query: { id } });
}

/** `GET /meeting/schedule`: rooms with their meetings of a day. */
export function useSchedule(params: ScheduleParams, enabled = true) {
  return useQuery({
    queryKey: bookingKeys.schedule(params),
    queryFn: ({ signal }) =>
      api.get<Schedule>('/meeting/schedule', {
        query: { date: params.date, timeZone: params.timeZone, locationId: params.locationId, keyword: params.keyword || undefined, pageSize: params.pageSize ?? 100 },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export interface AvailableParams extends Omit<AvailableRoomsQuery, 'repeat' | 'equipment' | 'repeatZone'> {
  /** The zone whose days the rule is written in (the form's). */
  repeatZone?: string | undefined;
  equipment?: string[];
  repeat?: RepeatRule | undefined;
}

/** `GET /meeting/available-rooms`. */
export function fetchAvailableRooms(params: AvailableParams): Promise<AvailableRooms> {
  return api.get<AvailableRooms>('/meeting/available-rooms', {
    query: {
      startAt: params.startAt,
      endAt: params.endAt,
      capacityBand: params.capacityBand,
      equipment: params.equipment && params.equipment.length > 0 ? params.equipment.join(',') : undefined,
      locationId: params.locationId,
      repeat: params.repeat && params.repeat.frequency !== 'none' ? JSON.stringify(params.repeat) : undefined,
      repeatZone: params.repeat && params.repeat.frequency !== 'none' ? params.repeatZone : undefined,
      exceptReservationId: params.exceptReservationId,
    },
  });
}

export interface RoomAirParams {
  roomId: number;
  startAt: number;
  endAt: number;
  repeat?: RepeatRule | undefined;
  repeatZone?: string | undefined;
  exceptReservationId?: number | undefined;
}

/** `GET /meeting/room-air`: the form's room's air now and, when poor, better rooms for its slot (null params: not asked). */
export function useRoomAir(params: RoomAirParams | null) {
  return useQuery({
    enabled: params !== null,
    queryKey: bookingKeys.roomAir(params),
    queryFn: ({ signal }) => {
      const { roomId, startAt, endAt, repeat, repeatZone, exceptReservationId } = params!;
      const isSeries = repeat !== undefined && repeat.frequency !== 'none';
      return api.get<RoomAirAnswer>('/meeting/room-air', {
        query: { roomId, startAt, endAt, repeat: isSeries ? JSON.stringify(repeat) : undefined, repeatZone: isSeries ? repeatZone : undefined, exceptReservationId },
        signal,
        notify: false,
      });
    },
    // Air changes by the minute; the form asks again when its room or slot changes.
    staleTime: 60_000,
  });
}

export function useColleagues(keyword: string) {
  return useQuery({
    queryKey: bookingKeys.colleagues(keyword),
    queryFn: ({ signal }) => api.get<Colleague[]>('/meeting/colleagues', { query: { keyword }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** What the form sends (the schemas' input: defaults such as `bookFreeOnly` may be left out). */
export type BookingBody = Omit<CreateReservationBody, 'bookFreeOnly'> & { bookFreeOnly?: boolean };
export type UpdateBody = Omit<UpdateReservationBody, 'scope'> & { scope?: ReservationScope };

/** `GET /meeting/blacklist/mine`: whether I am barred from booking now; the form says so when it opens. */
export function useMyBookingBar(enabled = true) {
  return useQuery({ enabled, queryKey: bookingKeys.bar, queryFn: ({ signal }) => api.get<MyBookingBar>('/meeting/blacklist/mine', { signal }), staleTime: 30_000 });
}

/** `POST /meeting/reservation/check`: the series' occurrences with their clashes (the series part of issue 5). */
export function checkBooking(body: BookingBody, claim: Claim): Promise<ReservationCheckResult> {
  return api.post<ReservationCheckResult>('/meeting/reservation/check', body, { claim });
}

/** Every write refreshes the calendar's reads. */
function useBookingMutation<B, R>(call: (body: B) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }) });
}

/** A form's claim on the failures it shows itself (shared/forms/form-failure.ts). */
type Claim = (error: ApiError) => boolean;

/**
 * The booking form shows the failures of its saves itself (a 409 names the clashing meeting), each
 * once: on the field it names, or in the form. A booking carries its submission's Idempotency-Key: a
 * retry after a dropped connection answers the first booking.
 */
export const useCreateReservation = () =>
  useBookingMutation(({ body, idempotencyKey, claim }: { body: BookingBody; idempotencyKey: string; claim: Claim }) =>
    api.post<CreateReservationResult>('/meeting/reservation', body, { claim, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } }),
  );
export const useUpdateReservation = () =>
  useBookingMutation(({ claim, ...body }: UpdateBody & { claim: Claim }) => api.post<Reservation>('/meeting/reservation/update', body, { claim }));
export const useCancelReservation = () =>
  useBookingMutation((body: { id: number; scope?: ReservationScope }) => api.post<Reservation>('/meeting/reservation/cancel', body, { notify: false }));

/** `POST /meeting/reservation/restore`: the undo of a cancellation, shortly after it; the caller shows a refusal. */
export const useRestoreReservation = () => useBookingMutation((id: number) => api.post<Reservation>('/meeting/reservation/restore', { id }, { notify: false }));

export const useCheckIn = () => useBookingMutation((id: number) => api.post<Reservation>('/meeting/reservation/check-in', { id }, { notify: false }));
export const useEndEarly = () => useBookingMutation((id: number) => api.post<Reservation>('/meeting/reservation/end', { id }, { notify: false }));

/** `GET /meeting/calendar/shares`: who sees my calendar, and the calendars shared with me. */
export function useCalendarShares() {
  return useQuery({ queryKey: bookingKeys.shares, queryFn: ({ signal }) => api.get<CalendarShares>('/meeting/calendar/shares', { signal }) });
}

/** `GET /meeting/calendar/events`: a colleague's calendar shared with me, as its level lets me see it. */
export function useSharedCalendar(ownerUserId: number | null, from: number, to: number) {
  return useQuery({
    enabled: ownerUserId !== null,
    queryKey: bookingKeys.calendar(ownerUserId ?? 0, from, to),
    queryFn: ({ signal }) => api.get<CalendarEvents>('/meeting/calendar/events', { query: { ownerUserId: ownerUserId!, from, to }, signal }),
    placeholderData: keepPreviousData,
  });
}

export const useShareCalendar = () => useBookingMutation((body: { granteeUserId: number; level: CalendarShareLevel }) => api.post<CalendarShares>('/meeting/calendar/share', body));
export const useUnshareCalendar = () => useBookingMutation((body: { granteeUserId: number }) => api.post<null>('/meeting/calendar/unshare', body));
