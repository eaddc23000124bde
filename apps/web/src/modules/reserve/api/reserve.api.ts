import type {
  AvailableRooms,
  CalendarEvents,
  CalendarShareLevel,
  CalendarShares,
  AvailableRoomsQuery,
  Colleague,
  CreateReservationBody,
  CreateReservationResult,
  MyReservations,
  RepeatRule,
  Reservation,
  ReservationCheckResult,
  ReservationScope,
  Schedule,
  UpdateReservationBody,
} from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';
import { IDEMPOTENCY_KEY_HEADER } from '../../../shared/api/submission-key';

export const reserveKeys = {
  all: ['reserve'] as const,
  mine: (from: number, to: number) => ['reserve', 'mine', from, to] as const,
  schedule: (query: ScheduleParams) => ['reserve', 'schedule', query] as const,
  available: (query: unknown) => ['reserve', 'available', query] as const,
  colleagues: (keyword: string) => ['reserve', 'colleagues', keyword] as const,
  shares: ['reserve', 'shares'] as const,
  calendar: (ownerUserId: number, from: number, to: number) => ['reserve', 'calendar', ownerUserId, from, to] as const,
};

export interface ScheduleParams {
  date: string;
  locationId?: number | undefined;
  keyword?: string | undefined;
  pageSize?: number;
}

/** `GET /meeting/reservation/mine`: my meetings in [from, to). */
export function useMyReservations(from: number, to: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: reserveKeys.mine(from, to),
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
    queryKey: reserveKeys.schedule(params),
    queryFn: ({ signal }) =>
      api.get<Schedule>('/meeting/schedule', {
        query: { date: params.date, locationId: params.locationId, keyword: params.keyword || undefined, pageSize: params.pageSize ?? 100 },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export interface AvailableParams extends Omit<AvailableRoomsQuery, 'repeat' | 'equipment'> {
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
      exceptReservationId: params.exceptReservationId,
    },
  });
}

export function useColleagues(keyword: string) {
  return useQuery({
    queryKey: reserveKeys.colleagues(keyword),
    queryFn: ({ signal }) => api.get<Colleague[]>('/meeting/colleagues', { query: { keyword }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** What the form sends (the schemas' input: defaults such as `bookFreeOnly` may be left out). */
export type BookingBody = Omit<CreateReservationBody, 'bookFreeOnly'> & { bookFreeOnly?: boolean };
export type UpdateBody = Omit<UpdateReservationBody, 'scope'> & { scope?: ReservationScope };

/** `POST /meeting/reservation/check`: the series' occurrences with their clashes (the series part of issue 5). */
export function checkBooking(body: BookingBody): Promise<ReservationCheckResult> {
  return api.post<ReservationCheckResult>('/meeting/reservation/check', body, { notify: false });
}

/** Every write refreshes the calendar's reads. */
function useReserveMutation<B, R>(call: (body: B) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: reserveKeys.all }) });
}

/**
 * Saves show the server's message themselves (a 409 names the clashing meeting). A booking carries
 * its submission's Idempotency-Key: a retry after a dropped connection answers the first booking.
 */
export const useCreateReservation = () =>
  useReserveMutation(({ body, idempotencyKey }: { body: BookingBody; idempotencyKey: string }) =>
    api.post<CreateReservationResult>('/meeting/reservation', body, { notify: false, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } }),
  );
export const useUpdateReservation = () => useReserveMutation((body: UpdateBody) => api.post<Reservation>('/meeting/reservation/update', body, { notify: false }));
export const useCancelReservation = () =>
  useReserveMutation((body: { id: number; scope?: ReservationScope }) => api.post<Reservation>('/meeting/reservation/cancel', body, { notify: false }));

export const useCheckIn = () => useReserveMutation((id: number) => api.post<Reservation>('/meeting/reservation/check-in', { id }, { notify: false }));
export const useEndEarly = () => useReserveMutation((id: number) => api.post<Reservation>('/meeting/reservation/end', { id }, { notify: false }));

/** `GET /meeting/calendar/shares`: who sees my calendar, and the calendars shared with me. */
export function useCalendarShares() {
  return useQuery({ queryKey: reserveKeys.shares, queryFn: ({ signal }) => api.get<CalendarShares>('/meeting/calendar/shares', { signal }) });
}

/** `GET /meeting/calendar/events`: a colleague's calendar shared with me, as its level lets me see it. */
export function useSharedCalendar(ownerUserId: number | null, from: number, to: number) {
  return useQuery({
    enabled: ownerUserId !== null,
    queryKey: reserveKeys.calendar(ownerUserId ?? 0, from, to),
    queryFn: ({ signal }) => api.get<CalendarEvents>('/meeting/calendar/events', { query: { ownerUserId: ownerUserId!, from, to }, signal }),
    placeholderData: keepPreviousData,
  });
}

export const useShareCalendar = () => useReserveMutation((body: { granteeUserId: number; level: CalendarShareLevel }) => api.post<CalendarShares>('/meeting/calendar/share', body));
export const useUnshareCalendar = () => useReserveMutation((body: { granteeUserId: number }) => api.post<null>('/meeting/calendar/unshare', body));
