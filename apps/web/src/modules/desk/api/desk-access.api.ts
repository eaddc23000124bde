import type { BindStationMessageResult, CreateDeskClosureBody, DeskAccessDepartment, DeskBookingAccess, DeskClosure, DeskClosureSaved, DeskServiceBody, DeskServiceResult, UpdateDeskClosureBody } from '@atrium/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';

const keys = {
  departments: ['desk-access', 'departments'] as const,
  closures: ['desk-access', 'closures'] as const,
  booking: (floorId: number) => ['desk-booking', 'access', floorId] as const,
};

/** `GET /desk/access/departments`: the departments with their desk booking switch. */
export function useDeskAccessDepartments() {
  return useQuery({ queryKey: keys.departments, queryFn: ({ signal }) => api.get<DeskAccessDepartment[]>('/desk/access/departments', { signal }) });
}

/** `PUT /tenant/group/user/deskeeper-service`: desk booking on or off for departments. */
export function useSetDeskService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeskServiceBody) => api.put<DeskServiceResult>('/tenant/group/user/deskeeper-service', body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: keys.departments });
      // The reader's own department may be among them: the booking page reads whether they may book again.
      await queryClient.invalidateQueries({ queryKey: ['desk-booking'] });
    },
  });
}

/** `GET /desk/closures`: the closures not over yet. */
export function useDeskClosures() {
  return useQuery({ queryKey: keys.closures, queryFn: ({ signal }) => api.get<DeskClosure[]>('/desk/closures', { signal }) });
}

function useClosureMutation<B, R>(call: (body: B) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: keys.closures });
      // Cancelled bookings and closed days: the booking page reads again.
      await queryClient.invalidateQueries({ queryKey: ['desk-booking'] });
    },
  });
}

export const useCreateDeskClosure = () => useClosureMutation((body: CreateDeskClosureBody) => api.post<DeskClosureSaved>('/desk/closures', body));
export const useUpdateDeskClosure = () => useClosureMutation((body: UpdateDeskClosureBody) => api.put<DeskClosureSaved>('/desk/closures', body));
export const useDeleteDeskClosure = () => useClosureMutation((id: number) => api.delete<null>('/desk/closures', { id }));

/** `GET /desk/booking/access`: whether the reader may book desks, and the floor's closed days ahead. */
export function useDeskBookingAccess(floorId: number | undefined) {
  return useQuery({
    queryKey: keys.booking(floorId ?? 0),
    queryFn: ({ signal }) => api.get<DeskBookingAccess>('/desk/booking/access', { query: { floorId: floorId! }, signal }),
    enabled: floorId !== undefined,
  });
}

/** `POST /person/message/trigger/bind-station-message`: tells assigned desks' owners they are theirs. */
export function useTellDeskOwners() {
  return useMutation({ mutationFn: (deskIds: number[]) => api.post<BindStationMessageResult>('/person/message/trigger/bind-station-message', { deskIds }) });
}
