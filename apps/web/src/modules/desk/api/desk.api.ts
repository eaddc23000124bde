import type { DeleteDesksBody, Desk, DeskFloor, DeskOwners, Neighbourhood, SaveDeskBody, SaveNeighbourhoodBody } from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';

const keys = {
  all: ['desk'] as const,
  floors: ['desk', 'floors'] as const,
  desks: (floorId: number) => ['desk', 'list', floorId] as const,
  owners: (keyword: string) => ['desk', 'owners', keyword] as const,
};

/** `GET /desk/floors`: the company's floors with their desk counts and neighbourhoods. */
export function useDeskFloors() {
  return useQuery({ queryKey: keys.floors, queryFn: ({ signal }) => api.get<DeskFloor[]>('/desk/floors', { signal }) });
}

/** `GET /desk/list`: a floor's desks by number. */
export function useDesks(floorId: number | undefined) {
  return useQuery({
    queryKey: keys.desks(floorId ?? 0),
    queryFn: ({ signal }) => api.get<Desk[]>('/desk/list', { query: { floorId: floorId! }, signal }),
    enabled: floorId !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** `GET /desk/owners`: colleagues and departments an assigned desk may belong to. */
export function useDeskOwners(keyword: string, enabled: boolean) {
  return useQuery({ queryKey: keys.owners(keyword), queryFn: ({ signal }) => api.get<DeskOwners>('/desk/owners', { query: { keyword }, signal }), enabled });
}

function useDeskMutation<B, R>(call: (body: B) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }) });
}

/** Saves show the server's message themselves (it names the desk or neighbourhood). */
export const useSaveDesk = () => useDeskMutation((body: SaveDeskBody) => api.post<Desk>('/desk/save', body));
export const useDeleteDesks = () => useDeskMutation((body: DeleteDesksBody) => api.post<{ count: number }>('/desk/delete', body));
export const useSaveNeighbourhood = () => useDeskMutation((body: SaveNeighbourhoodBody) => api.post<Neighbourhood>('/desk/neighbourhood/save', body));
export const useDeleteNeighbourhood = () => useDeskMutation((id: number) => api.post<null>('/desk/neighbourhood/delete', { id }));
