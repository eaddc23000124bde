import { dateTimeFormat, type LiveLocation, type LiveMeeting, type LiveRoomState } from '@atrium/contract';
import type { TFunction } from 'i18next';

/** Colours of the states: antd tag presets and the bar and card accents. */
export const STATE_TAG: Record<LiveRoomState, string> = { free: 'success', busy: 'warning', inMeeting: 'error', maintenance: 'default' };
export const STATE_COLOR: Record<LiveRoomState, string> = { free: '#389e0d', busy: '#d46b08', inMeeting: '#cf1322', maintenance: '#8c8c8c' };

/** "10:30" in the room's zone (the browser's when it has none). */
export function clockTime(ms: number, timeZone: string | null, lang: string): string {
  return dateTimeFormat(lang, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', ...(timeZone ? { timeZone } : {}) }).format(ms);
}

/** What a meeting is called for this viewer: its title, or busy / private when hidden. */
export function meetingLabel(meeting: LiveMeeting, t: TFunction): string {
  if (meeting.title) return meeting.title;
  return meeting.privacy === 'private' ? t('live.meeting.private') : t('live.meeting.busy');
}

/** "10:30–11:30", with the date in front when the meeting is not today (`dayEndAt`: the end of today in the room's zone). */
export function meetingSpan(meeting: LiveMeeting, timeZone: string | null, lang: string, dayEndAt?: number): string {
  const span = `${clockTime(meeting.startAt, timeZone, lang)}–${clockTime(meeting.endAt, timeZone, lang)}`;
  if (dayEndAt === undefined || meeting.startAt < dayEndAt) return span;
  const date = dateTimeFormat(lang, { month: 'short', day: 'numeric', ...(timeZone ? { timeZone } : {}) }).format(meeting.startAt);
  return `${date} ${span}`;
}

export interface LocationTreeNode {
  value: number;
  title: string;
  children: LocationTreeNode[];
}

/** The places holding rooms as a tree for the location filter. */
export function locationTree(locations: LiveLocation[]): LocationTreeNode[] {
  const nodes = new Map(locations.map((location) => [location.id, { value: location.id, title: location.name, children: [] as LocationTreeNode[] }]));
  const roots: LocationTreeNode[] = [];
  for (const location of locations) {
    const node = nodes.get(location.id)!;
    const parent = location.parentId === null ? undefined : nodes.get(location.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}
