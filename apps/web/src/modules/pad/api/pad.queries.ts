import { DEVICE_TOKEN_HEADER, type DeviceConfig, type DisplayTheme, type Lang, type PadBroadcasts, type PadSchedule } from '@atrium/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { listenToPad } from './pad.api';
import { deviceCall, DeviceError } from '../../../shared/device/device-call';

/**
 * Changes arrive on the display's event stream; the schedule and the notices are also read this
 * often in case an event was lost. Settings are read, and the display says it is alive, every minute.
 */
const POLL_MS = 60_000;
const CONFIG_MS = 60_000;

export const padKeys = {
  schedule: (token: string) => ['pad', 'schedule', token] as const,
  config: (token: string) => ['pad', 'config', token] as const,
  theme: (token: string) => ['pad', 'theme', token] as const,
  broadcasts: (token: string) => ['pad', 'broadcasts', token] as const,
};

/** `GET /device/pad/schedule`: the room now and its next meetings, in the display's language. */
export function usePadSchedule(token: string, lang: Lang) {
  return useQuery({
    queryKey: [...padKeys.schedule(token), lang],
    queryFn: async () => (await deviceCall<PadSchedule>('GET', '/device/pad/schedule', { token, lang })).result,
    refetchInterval: POLL_MS,
    staleTime: 0,
  });
}

/** `GET /device/config`: the screen group's settings and light cycles; each read counts as a heartbeat too. */
export function usePadConfig(token: string, lang: Lang) {
  return useQuery({
    queryKey: [...padKeys.config(token), lang],
    queryFn: async () => (await deviceCall<DeviceConfig>('GET', '/device/config', { token, lang })).result,
    refetchInterval: CONFIG_MS,
    staleTime: 0,
  });
}

/** `GET /device/theme`: the logo and background the room's theme gives the display. */
export function usePadTheme(token: string, lang: Lang) {
  return useQuery({
    queryKey: padKeys.theme(token),
    queryFn: async () => (await deviceCall<DisplayTheme>('GET', '/device/theme', { token, lang })).result,
    staleTime: Infinity,
  });
}

/** `GET /device/pad/broadcasts`: notices with their windows for the next day; the display switches them by its clock. */
export function usePadBroadcasts(token: string, lang: Lang) {
  return useQuery({
    queryKey: padKeys.broadcasts(token),
    queryFn: async () => (await deviceCall<PadBroadcasts>('GET', '/device/pad/broadcasts', { token, lang })).result,
    refetchInterval: POLL_MS,
    staleTime: 0,
  });
}

/**
 * Keeps the display current and alive: its event stream reads the schedule again on a booking,
 * check-in or release of its room (from anywhere), the notices on a changed notice, both on a
 * (re)connection; and it says it is alive every minute.
 */
export function usePadLiveUpdates(token: string, lang: Lang) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      listenToPad(token, (event) => {
        if (event !== 'broadcast') void queryClient.invalidateQueries({ queryKey: padKeys.schedule(token) });
        if (event !== 'rooms') void queryClient.invalidateQueries({ queryKey: padKeys.broadcasts(token) });
      }),
    [token, queryClient],
  );
  useEffect(() => {
    const timer = window.setInterval(() => {
      void deviceCall('POST', '/device/heartbeat', { token, lang, body: { platform: 'web', appVersion: '1.0.0' } }).catch(() => undefined);
    }, CONFIG_MS);
    return () => window.clearInterval(timer);
  }, [token, lang]);
}

/** What a display's action answered: the server's message, or why it failed (already in the display's language). */
export interface PadOutcome {
  text: string;
  kind: 'ok' | 'error';
}

/**
 * The display's writes (book now, check in, end): each answers the new schedule, which replaces the
 * cached one. A 401 means the display was signed out; anything else failed is an error to show.
 */
export function usePadAction(token: string, lang: Lang, onSignedOut: () => void) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (path: string, body: Record<string, unknown>): Promise<PadOutcome | null> => {
      setBusy(true);
      try {
        const { result, message } = await deviceCall<PadSchedule>('POST', path, { token, lang, body });
        queryClient.setQueryData([...padKeys.schedule(token), lang], result);
        return { text: message, kind: 'ok' };
      } catch (failure) {
        if (failure instanceof DeviceError && failure.status === 401) {
          onSignedOut();
          return null;
        }
        return { text: failure instanceof DeviceError ? failure.message : '', kind: 'error' };
      } finally {
        setBusy(false);
      }
    },
    [token, lang, queryClient, onSignedOut],
  );
  return { run, busy };
}

/** Fetches an image the display may read (its header carries the device token) as an object URL. */
export function useDeviceImage(path: string | undefined, token: string): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!path || typeof URL.createObjectURL !== 'function') return undefined;
    let objectUrl: string | undefined;
    let cancelled = false;
    void fetch(path, { headers: { [DEVICE_TOKEN_HEADER]: token } })
      .then(async (response) => {
        if (!response.ok || cancelled) return;
        const blob = await response.blob();
        if (!blob.type.startsWith('image/') || cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [path, token]);
  return url;
}
