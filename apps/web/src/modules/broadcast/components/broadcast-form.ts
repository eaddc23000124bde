import { BROADCAST_STATUSES, broadcastStatus, type BroadcastFieldsInput, type BroadcastNotice, type BroadcastRepeat, type BroadcastStatus } from '@atrium/contract';
import dayjs, { type Dayjs } from 'dayjs';
import { browserZone } from '../../../shared/time-zone/viewer-zone';

/** What the notice form holds. */
export interface BroadcastFormValues {
  title: string;
  image?: string;
  deviceIds: number[];
  locationIds: number[];
  period?: [Dayjs, Dayjs];
  repeat: BroadcastRepeat;
  /** A repeating notice's last day; empty: never ends (180 days). */
  until: Dayjs | null;
}

/** The request body of the form's values: the last day runs through its end, in this browser's zone. */
export function toBroadcastBody(values: BroadcastFormValues, timeZone = browserZone()): BroadcastFieldsInput {
  const [start, end] = values.period!;
  return {
    title: values.title.trim(),
    image: values.image!,
    deviceIds: values.deviceIds,
    locationIds: values.locationIds,
    startAt: start.second(0).millisecond(0).valueOf(),
    endAt: end.second(0).millisecond(0).valueOf(),
    repeat: values.repeat,
    repeatUntil: values.repeat !== 'none' && values.until ? values.until.add(1, 'day').startOf('day').valueOf() : null,
    timeZone,
  };
}

/** The form's values for a notice being changed. */
export function toBroadcastFormValues(notice: BroadcastNotice): BroadcastFormValues {
  return {
    title: notice.title,
    image: notice.image ?? undefined,
    deviceIds: notice.devices.map((device) => device.id),
    locationIds: notice.locations.map((location) => location.id),
    period: [dayjs(notice.startAt), dayjs(notice.endAt)],
    repeat: notice.repeat,
    until: notice.repeatUntil === null ? null : dayjs(notice.repeatUntil - 1).startOf('day'),
  };
}

/** A fresh notice: from this minute (published notices usually show at once) for an hour, once. */
export function newBroadcastFormValues(now = dayjs()): BroadcastFormValues {
  const start = now.second(0).millisecond(0);
  return { title: '', deviceIds: [], locationIds: [], period: [start, start.add(1, 'hour')], repeat: 'none', until: null };
}

/**
 * The status now: the server's at its read, moved on by the clock since (a status only moves
 * forward, so a clock behind the server's never takes a notice back).
 */
export function statusNow(notice: BroadcastNotice, now: number): BroadcastStatus {
  const byClock = broadcastStatus(notice, now);
  return BROADCAST_STATUSES.indexOf(byClock) > BROADCAST_STATUSES.indexOf(notice.status) ? byClock : notice.status;
}
