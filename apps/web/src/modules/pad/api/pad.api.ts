import { dateTimeFormat, DEVICE_TOKEN_HEADER, type LightCycle } from '@atrium/contract';
import { deviceTokenStore } from '../../../shared/device/device-call';

/** Where this browser keeps its door-display token (the display's own credential, not a user session). */
export const PAD_TOKEN_KEY = 'atrium.pad.deviceToken';
export const padToken = deviceTokenStore(PAD_TOKEN_KEY);

/** Whether a light cycle lights the screen now, in the room's zone. */
export function isLit(cycles: LightCycle[], now: number, timeZone: string | null): boolean {
  if (cycles.length === 0) return true;
  const parts = dateTimeFormat('en-US', { timeZone: timeZone ?? 'UTC', weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(now);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get('weekday'));
  const minutes = Number(get('hour')) * 60 + Number(get('minute'));
  const toMinutes = (time: string) => (time === '23:59' ? 1440 : Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)));
  return cycles.some((cycle) => cycle.weekday.split(',').map(Number).includes(weekday) && minutes >= toMinutes(cycle.startTime) && minutes < toMinutes(cycle.endTime));
}

/** Waits before reconnecting a dropped stream: 2 s, doubling, at most a minute. */
const RECONNECT_MIN_MS = 2_000;
const RECONNECT_MAX_MS = 60_000;

/**
 * Listens to the display's event stream (`GET /device/pad/stream`) and calls `onChange` with the
 * event's name on each `rooms` event (its room's meetings), each `broadcast` event (its notices) and
 * every (re)connection (`ready`: read everything, changes may have been missed). EventSource cannot
 * send the device header, so the stream is read with fetch; it reconnects when it ends (the server
 * closes it every 15 minutes) or drops. Returns the function that stops listening.
 */
export type PadStreamEvent = 'ready' | 'rooms' | 'broadcast';

export function listenToPad(token: string, onChange: (event: PadStreamEvent) => void): () => void {
  const controller = new AbortController();
  let delay = RECONNECT_MIN_MS;
  const run = async () => {
    while (!controller.signal.aborted) {
      try {
        const response = await fetch('/api/device/pad/stream', { headers: { [DEVICE_TOKEN_HEADER]: token }, signal: controller.signal });
        if (response.ok && response.body) {
          delay = RECONNECT_MIN_MS;
          const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
          let buffer = '';
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            buffer += value;
            let end: number;
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              const event = /^event: (rooms|ready|broadcast)$/m.exec(block)?.[1];
              if (event) onChange(event as PadStreamEvent);
            }
          }
        }
      } catch {
        // Dropped or refused: try again after the delay (a signed-out display stops on its 401 elsewhere).
      }
      if (controller.signal.aborted) return;
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, RECONNECT_MAX_MS);
    }
  };
  void run();
  return () => controller.abort();
}
