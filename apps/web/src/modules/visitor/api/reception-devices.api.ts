import {
  COOKIE_PREFIX,
  type AddVisitorDeviceBody,
  type CompanySearchResult,
  type KioskTheme,
  type PlaceReceptionist,
  type RegisterLink,
  type SetPlaceReceptionistsBody,
  type SetVisitorPlaceBody,
  type UpdateVisitorDeviceBody,
  type VisitorDevice,
  type VisitorPlace,
} from '@atrium/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';

/** How often the devices of a place are read again while the page is open: a kiosk's status follows its heartbeats. */
export const DEVICE_REFRESH_MS = 30_000;

const keys = {
  all: ['visitor', 'reception'] as const,
  devices: (locationId: number) => ['visitor', 'reception', 'devices', locationId] as const,
  place: (locationId: number) => ['visitor', 'reception', 'place', locationId] as const,
  registerLink: (locationId: number) => ['visitor', 'reception', 'register-link', locationId] as const,
  receptionists: (locationId: number) => ['visitor', 'reception', 'receptionists', locationId] as const,
  // Outside `all`: a save need not search again.
  colleagues: (keyword: string) => ['visitor', 'colleagues', keyword] as const,
  kioskTheme: ['visitor', 'reception', 'kiosk-theme'] as const,
};

/**
 * `GET /visitor/device/list` of one place: its kiosks, badge printers and door controllers, by kind
 * then name. Failures are not toasted at every refresh: the page says them once, above the list.
 */
export function useVisitorDevices(locationId: number | undefined) {
  return useQuery({
    queryKey: keys.devices(locationId ?? 0),
    queryFn: ({ signal }) => api.get<VisitorDevice[]>('/visitor/device/list', { query: { locationId }, signal, notify: false }),
    enabled: locationId !== undefined,
    refetchInterval: DEVICE_REFRESH_MS,
  });
}

/** `GET /visitor/place`: a place's sign-in window and where it comes from. */
export function useVisitorPlace(locationId: number | undefined) {
  return useQuery({
    queryKey: keys.place(locationId ?? 0),
    queryFn: ({ signal }) => api.get<VisitorPlace>('/visitor/place', { query: { locationId }, signal }),
    enabled: locationId !== undefined,
  });
}

/** `GET /visitor/place/register-link`: a place's walk-in link and its QR code; the card says a failure itself. */
export function useRegisterLink(locationId: number) {
  return useQuery({
    queryKey: keys.registerLink(locationId),
    queryFn: ({ signal }) => api.get<RegisterLink>('/visitor/place/register-link', { query: { locationId }, signal, notify: false }),
  });
}

/** `GET /visitor/place/receptionists`: a place's receptionists by name; the card says a failure itself. */
export function usePlaceReceptionists(locationId: number) {
  return useQuery({
    queryKey: keys.receptionists(locationId),
    queryFn: ({ signal }) => api.get<PlaceReceptionist[]>('/visitor/place/receptionists', { query: { locationId }, signal, notify: false }),
  });
}

/**
 * `GET /tenant/company/search`'s people: colleagues by name, user name or e-mail, for choosing
 * receptionists. Any signed-in user may search (the rooms and locations area has no directory);
 * an empty keyword asks nothing.
 */
export function useColleagueSearch(keyword: string) {
  return useQuery({
    queryKey: keys.colleagues(keyword),
    queryFn: async ({ signal }) => (await api.get<CompanySearchResult>('/tenant/company/search', { query: { keyword }, signal })).users,
    enabled: keyword !== '',
  });
}

/** `GET /visitor/kiosk-theme` (visitor display view). */
export function useKioskTheme() {
  return useQuery({ queryKey: keys.kioskTheme, queryFn: ({ signal }) => api.get<KioskTheme>('/visitor/kiosk-theme', { signal }) });
}

/**
 * A change that refreshes the page's queries. It resolves with the server's answer and message, which
 * the caller toasts; failures are the caller's to show too (`notify: false`), under a field or as a toast.
 */
function useReceptionMutation<B, R>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => api.answer<R>('POST', path, { body, notify: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

/** Adds a device; a kiosk answers with its activation code. */
export const useAddVisitorDevice = () => useReceptionMutation<AddVisitorDeviceBody, VisitorDevice>('/visitor/device/add');
/** Renames or sets up a device; `regenerateCode` gives a kiosk a new code and signs it out. */
export const useUpdateVisitorDevice = () => useReceptionMutation<UpdateVisitorDeviceBody, null>('/visitor/device/update');
export const useDeleteVisitorDevices = () => useReceptionMutation<{ ids: number[] }, null>('/visitor/device/delete');
export const useSaveVisitorPlace = () => useReceptionMutation<SetVisitorPlaceBody, VisitorPlace>('/visitor/place');
/** Replaces a place's receptionists with `userIds`; answers the new list. */
export const useSavePlaceReceptionists = () => useReceptionMutation<SetPlaceReceptionistsBody, PlaceReceptionist[]>('/visitor/place/receptionists');
export const useSaveKioskTheme = () => useReceptionMutation<KioskTheme, null>('/visitor/kiosk-theme');

// ---- The place this computer looked at last (a reception desk serves one place) ----

/** localStorage key of the place last chosen on the page, per company. */
export const receptionPlaceKey = (companyId: number) => `${COOKIE_PREFIX}reception_place_${companyId}`;

/** The place last chosen in this browser, or null. */
export function readReceptionPlace(companyId: number): number | null {
  try {
    const stored = Number(localStorage.getItem(receptionPlaceKey(companyId)));
    return Number.isInteger(stored) && stored > 0 ? stored : null;
  } catch {
    return null;
  }
}

export function saveReceptionPlace(companyId: number, locationId: number): void {
  try {
    localStorage.setItem(receptionPlaceKey(companyId), String(locationId));
  } catch {
    // Storage full or disabled: the page starts on the first place next time.
  }
}
