import type { BookingPreferencesAnswer, UpdateBookingPreferencesBody } from '@atrium/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/api';

const KEY = ['bookingPreferences'] as const;

/**
 * `GET /meeting/preferences`: the company's booking rules. The preferences page edits them; the
 * booking form starts from their defaults and greys out the days they do not allow.
 */
export function useBookingPreferences() {
  return useQuery({ queryKey: KEY, queryFn: ({ signal }) => api.get<BookingPreferencesAnswer>('/meeting/preferences', { signal }), staleTime: 60_000 });
}

/** `PUT /meeting/preferences`; the page shows the server's message itself. */
export function useSaveBookingPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateBookingPreferencesBody) => api.put<BookingPreferencesAnswer>('/meeting/preferences', body, { notify: false }),
    onSuccess: (saved) => queryClient.setQueryData(KEY, saved),
  });
}
