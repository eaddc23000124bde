import type { KioskCheckInResult, KioskConfig, Lang } from '@atrium/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { DEVICE_TOKEN_HEADER } from '@atrium/contract';
import { deviceCall, DeviceError, deviceTokenStore } from '../../../shared/device/device-call';

/** Where this browser keeps the visitor kiosk's device token. */
export const KIOSK_TOKEN_KEY = 'atrium.visitorKiosk.deviceToken';
export const kioskToken = deviceTokenStore(KIOSK_TOKEN_KEY);

/** The kiosk reads its settings, and so says it is alive (a heartbeat), this often. */
const CONFIG_MS = 60_000;

/** `GET /device/visitor/config`: the kiosk's place, company, theme and printer. */
export function useKioskConfig(token: string, lang: Lang) {
  return useQuery({
    queryKey: ['visitorKiosk', 'config', token, lang],
    queryFn: async () => (await deviceCall<KioskConfig>('GET', '/device/visitor/config', { token, lang })).result,
    refetchInterval: CONFIG_MS,
    staleTime: 0,
    retry: false,
  });
}

/** `POST /device/visitor/check-in` with what the scanner read from the visitor's pass. */
export function useKioskCheckIn(token: string, lang: Lang) {
  return useMutation({
    mutationFn: (code: string) => deviceCall<KioskCheckInResult>('POST', '/device/visitor/check-in', { token, lang, body: { code } }),
  });
}

/**
 * Prints the badge of a visitor the kiosk just checked in: the PDF from `GET /device/visitor/badge`
 * (the kiosk's printer's stock and offset) in a hidden frame, handed to the browser's printing (a
 * kiosk browser set to print silently sends it straight to the label printer).
 */
export async function printKioskBadge(token: string, visitId: number, lang: Lang): Promise<void> {
  const response = await fetch(`/api/device/visitor/badge?visitId=${visitId}`, { headers: { [DEVICE_TOKEN_HEADER]: token, lang } });
  if (!response.ok) throw new DeviceError('', response.status);
  const url = URL.createObjectURL(await response.blob());
  const frame = document.createElement('iframe');
  frame.className = 'kiosk-print-frame';
  frame.title = 'badge';
  frame.src = url;
  frame.onload = () => frame.contentWindow?.print();
  document.body.querySelector('iframe.kiosk-print-frame')?.remove();
  document.body.appendChild(frame);
  // The frame stays until the next badge: printing reads it after this returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
