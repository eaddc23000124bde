import { toZoned, type NotificationEvent, type NotificationParams } from '@atrium/contract';
import type { TFunction } from 'i18next';

/** The browser's own zone, for a room that names none. */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** "2026-11-24 10:00 – 11:00 (Europe/Paris)": a meeting's time in its room's zone. */
export function meetingWhen(params: Pick<NotificationParams, 'startAt' | 'endAt' | 'zone'>): string {
  const zone = params.zone ?? browserZone();
  const start = toZoned(params.startAt, zone);
  const end = toZoned(params.endAt, zone);
  const endText = end.date === start.date ? end.time : `${end.date} ${end.time}`;
  return `${start.date} ${start.time} – ${endText} (${zone})`;
}

/** "2026-11-24 10:00 (Europe/Paris)": the moment of an event with no duration. */
function raisedWhen(params: Pick<NotificationParams, 'startAt' | 'zone'>): string {
  const zone = params.zone ?? browserZone();
  const at = toZoned(params.startAt, zone);
  return `${at.date} ${at.time} (${zone})`;
}

/**
 * A notification in the reader's language: a headline from its event and facts, and a detail line
 * with the time and place. The server keeps facts, not text, so a language switch rewords it.
 */
export function notificationText(t: TFunction, event: NotificationEvent, params: NotificationParams): { headline: string; detail: string } {
  const title = params.title ?? t('notification.privateTitle');
  // A device alarm's reason is its cause, worded in the reader's language.
  const cause = event === 'deviceAlarm' && params.reason ? t(`notification.alarmCause.${params.reason}`) : (params.reason ?? '');
  const values = { title, by: params.by ?? t('notification.system'), place: params.place, minutes: params.minutes ?? 0, reason: cause };
  const more = params.more > 0 ? t('notification.more', { count: params.more }) : '';
  const reason = event === 'rejected' && params.reason ? ` · ${t('notification.reason', { reason: params.reason })}` : '';
  return {
    headline: t(`notification.event.${event}`, values) + more,
    // A desk assigned is about no time: its detail is the place alone; a device alarm's is the moment it was raised.
    detail: event === 'deskAssigned' ? params.place : event === 'deviceAlarm' ? `${raisedWhen(params)} · ${params.place}` : `${meetingWhen(params)} · ${params.place}${reason}`,
  };
}
