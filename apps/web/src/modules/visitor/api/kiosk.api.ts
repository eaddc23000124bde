import type { KioskAnswerBody, KioskApplication, KioskCheckInResult, KioskConfig, KioskSignNdaBody, KioskSteps, Lang, SelfRegisterBody, VisitStepsRefusal, WalkInHost } from '@atrium/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { DEVICE_TOKEN_HEADER } from '@atrium/contract';
import { deviceCall, DeviceError, deviceTokenStore } from '../../../shared/device/device-call';
import type { HostFinder } from './walk-in.api';

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
    // A switch of language keeps the screen as it is (a walk-in's half-filled form too) until the other answer arrives.
    placeholderData: keepPreviousData,
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

// ---- What a visitor does at the kiosk before check-in (decision 0018) ----

/** The steps a refused check-in still needs (`visitStepsMissing`), or null for any other refusal. */
export function stepsOfRefusal(failure: unknown): VisitStepsRefusal['steps'] | null {
  if (!(failure instanceof DeviceError) || failure.status !== 422) return null;
  const steps = (failure.result as Partial<VisitStepsRefusal> | null)?.steps;
  return Array.isArray(steps) && steps.length > 0 ? steps : null;
}

/** `GET /device/visitor/steps`: what the visit asks of the visitor whose code was scanned, and what they did. */
export function useKioskSteps(token: string, code: string, lang: Lang) {
  return useQuery({
    queryKey: ['visitorKiosk', 'steps', token, code],
    queryFn: async () => (await deviceCall<KioskSteps>('GET', `/device/visitor/steps?${new URLSearchParams({ code }).toString()}`, { token, lang })).result,
    // Read once per visitor: what they do next is posted, and the check-in says what is still missing.
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

/** `POST /device/visitor/nda`: the visitor signs at the kiosk. */
export function useKioskSignNda(token: string, lang: Lang) {
  return useMutation({ mutationFn: (body: KioskSignNdaBody) => deviceCall<null>('POST', '/device/visitor/nda', { token, lang, body }) });
}

/** `POST /device/visitor/photo`: multipart, the code first, then the photo. */
export function useKioskGivePhoto(token: string, lang: Lang) {
  return useMutation({
    mutationFn: ({ code, photo }: { code: string; photo: File }) => {
      const form = new FormData();
      form.append('code', code);
      form.append('file', photo);
      return deviceCall<null>('POST', '/device/visitor/photo', { token, lang, body: form });
    },
  });
}

/** `POST /device/visitor/answers`: `admit` false: reception checks the visitor in. */
export function useKioskAnswer(token: string, lang: Lang) {
  return useMutation({ mutationFn: (body: KioskAnswerBody) => deviceCall<{ admit: boolean }>('POST', '/device/visitor/answers', { token, lang, body }) });
}

// ---- A walk-in who registers at the kiosk ----

/** A walk-in waits at the kiosk while their host decides: the application is read again this often. */
export const APPLICATION_POLL_MS = 3_000;

/** `GET /device/visitor/hosts`: the host picker's search, through the kiosk's token. */
export const kioskHostFinder = (token: string, lang: Lang): HostFinder => ({
  scope: `kiosk:${token}`,
  search: async (keyword) => (await deviceCall<WalkInHost[]>('GET', `/device/visitor/hosts?${new URLSearchParams({ keyword }).toString()}`, { token, lang })).result,
});

/** `POST /device/visitor/register`: resolves with the application's visit id. */
export function useKioskRegister(token: string, lang: Lang) {
  return useMutation({
    mutationFn: async (body: SelfRegisterBody) => (await deviceCall<{ id: number }>('POST', '/device/visitor/register', { token, lang, body })).result,
  });
}

/** `GET /device/visitor/application`, read again every few seconds until the host has decided. */
export function useKioskApplication(token: string, id: number, lang: Lang) {
  return useQuery({
    queryKey: ['visitorKiosk', 'application', token, id],
    queryFn: async () => (await deviceCall<KioskApplication>('GET', `/device/visitor/application?id=${id}`, { token, lang })).result,
    // A failed read (the network dropped) is tried again at the next beat, like a pending answer.
    refetchInterval: (query) => (query.state.data && query.state.data.state !== 'pending' ? false : APPLICATION_POLL_MS),
    staleTime: 0,
    retry: false,
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
