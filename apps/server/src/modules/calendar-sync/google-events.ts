import { dateTimeFormat } from '@atrium/contract';
import ICAL from 'ical.js';

/**
 * Google Calendar event resources (Calendar API v3) turned into iCalendar objects and back, so the
 * sync core reads Google's events as it reads CalDAV's (decision 0023, "Google Calendar").
 *
 * One object per series: a single event, or a repeating event's master with its `recurrence` lines
 * (RRULE, EXDATE, RDATE) and its changed occurrences (`recurringEventId` + `originalStartTime`) as
 * VEVENTs with a RECURRENCE-ID; a cancelled occurrence is an EXDATE. Times with a `timeZone` are
 * written in that zone with a VTIMEZONE built from the runtime's time-zone data (Intl), so a rule
 * repeats at the same wall-clock time across a daylight-saving change as Google repeats it.
 */

export interface GoogleTime {
  date?: string;
  dateTime?: string;
  timeZone?: string;
}

/** The fields of an event resource the sync reads or writes. */
export interface GoogleEvent {
  id: string;
  etag?: string;
  status?: 'confirmed' | 'tentative' | 'cancelled';
  iCalUID?: string;
  summary?: string;
  start?: GoogleTime;
  end?: GoogleTime;
  organizer?: { email?: string; displayName?: string };
  recurrence?: string[];
  recurringEventId?: string;
  originalStartTime?: GoogleTime;
  updated?: string;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');
const icsUtc = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
const icsDate = (date: string) => date.replace(/-/g, '');
const escapeText = (text: string) => text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** A zone's offset from UTC at a moment, in minutes, from the runtime's time-zone data. */
function offsetMinutes(zone: string, ms: number): number {
  const name = dateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(new Date(ms)).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3] ?? 0));
}

const formatOffset = (minutes: number) => `${minutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(minutes) / 60))}${pad(Math.abs(minutes) % 60)}`;

/** The wall-clock time of `ms` in a zone with `offset`, as iCalendar's local form. */
const localForm = (ms: number, offset: number) => icsUtc(ms + offset * 60_000).replace(/Z$/, '');

function isKnownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * A VTIMEZONE for `zone` with every offset change from a year before `fromMs` to six years after:
 * each change its own observance (no rule), which ical.js reads as it reads any VTIMEZONE.
 */
export function vtimezoneOf(zone: string, fromMs: number): string[] {
  const DAY = 86_400_000;
  const start = fromMs - 366 * DAY;
  const end = fromMs + 6 * 366 * DAY;
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`];
  const first = offsetMinutes(zone, start);
  lines.push('BEGIN:STANDARD', 'DTSTART:19700101T000000', `TZOFFSETFROM:${formatOffset(first)}`, `TZOFFSETTO:${formatOffset(first)}`, 'END:STANDARD');
  let previous = first;
  for (let at = start; at < end; at += DAY) {
    const next = offsetMinutes(zone, at + DAY);
    if (next === previous) continue;
    // The change lies within this day: found to the minute.
    let low = at;
    let high = at + DAY;
    while (high - low > 60_000) {
      const middle = low + Math.floor((high - low) / 120_000) * 60_000;
      if (offsetMinutes(zone, middle) === previous) low = middle;
      else high = middle;
    }
    const kind = next > previous ? 'DAYLIGHT' : 'STANDARD';
    lines.push(`BEGIN:${kind}`, `DTSTART:${localForm(high, previous)}`, `TZOFFSETFROM:${formatOffset(previous)}`, `TZOFFSETTO:${formatOffset(next)}`, `END:${kind}`);
    previous = next;
  }
  lines.push('END:VTIMEZONE');
  return lines;
}

/** A start or end as an iCalendar property (`DTSTART`, `DTEND`, `RECURRENCE-ID`); the zone used, if any. */
function timeProperty(name: string, time: GoogleTime, zoneOfSeries: string | null): { line: string; zone: string | null } {
  if (time.date) return { line: `${name};VALUE=DATE:${icsDate(time.date)}`, zone: null };
  const text = time.dateTime ?? '';
  const wall = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?$/.exec(text);
  // A wall-clock time without an offset (allowed with a `timeZone`): in that zone, never in the server's.
  if (wall && time.timeZone && isKnownZone(time.timeZone) && time.timeZone !== 'UTC') return { line: `${name};TZID=${time.timeZone}:${wall.slice(1, 4).join('')}T${wall.slice(4, 7).join('')}`, zone: time.timeZone };
  const ms = Date.parse(wall ? `${text}Z` : text);
  const zone = time.timeZone ?? zoneOfSeries;
  if (zone && isKnownZone(zone) && zone !== 'UTC') return { line: `${name};TZID=${zone}:${localForm(ms, offsetMinutes(zone, ms))}`, zone };
  return { line: `${name}:${icsUtc(ms)}`, zone: null };
}

function veventLines(event: GoogleEvent, uid: string, zoneOfSeries: string | null, zones: Set<string>): string[] {
  const lines = ['BEGIN:VEVENT', `UID:${uid}`, `DTSTAMP:${icsUtc(event.updated ? Date.parse(event.updated) : Date.now())}`];
  const add = (name: string, time: GoogleTime | undefined) => {
    if (!time) return;
    const property = timeProperty(name, time, zoneOfSeries);
    if (property.zone) zones.add(property.zone);
    lines.push(property.line);
  };
  if (event.originalStartTime) add('RECURRENCE-ID', event.originalStartTime);
  add('DTSTART', event.start);
  add('DTEND', event.end);
  if (event.summary) lines.push(`SUMMARY:${escapeText(event.summary)}`);
  if (event.organizer?.email) lines.push(`ORGANIZER:mailto:${event.organizer.email}`);
  if (event.status) lines.push(`STATUS:${event.status.toUpperCase()}`);
  for (const rule of event.recurrence ?? []) if (/^(RRULE|EXRULE|EXDATE|RDATE)[;:]/i.test(rule)) lines.push(rule);
  return lines;
}

/**
 * One series as an iCalendar object: the master (or the single event) and its changed occurrences;
 * cancelled occurrences become EXDATEs of the master. Null when the series has no live master.
 */
export function seriesToICalendar(master: GoogleEvent, exceptions: readonly GoogleEvent[]): string | null {
  if (master.status === 'cancelled' || !master.start) return null;
  const uid = master.iCalUID ?? master.id;
  const zoneOfSeries = master.start.timeZone ?? null;
  const zones = new Set<string>();
  const lines = veventLines(master, uid, zoneOfSeries, zones);
  const changed: string[][] = [];
  for (const exception of exceptions) {
    if (!exception.originalStartTime) continue;
    if (exception.status === 'cancelled') {
      const property = timeProperty('EXDATE', exception.originalStartTime, zoneOfSeries);
      if (property.zone) zones.add(property.zone);
      lines.push(property.line);
    } else changed.push([...veventLines(exception, uid, zoneOfSeries, zones), 'END:VEVENT']);
  }
  lines.push('END:VEVENT');
  const startMs = master.start.date ? Date.parse(master.start.date) : Date.parse(master.start.dateTime ?? '');
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Atrium//Google Calendar//EN',
    ...[...zones].flatMap((zone) => vtimezoneOf(zone, Number.isFinite(startMs) ? startMs : Date.now())),
    ...lines,
    ...changed.flat(),
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

function googleTime(property: ICAL.Property | null): GoogleTime | undefined {
  if (!property) return undefined;
  const value = property.getFirstValue() as ICAL.Time;
  if (value.isDate) return { date: `${pad(value.year, 4)}-${pad(value.month)}-${pad(value.day)}` };
  const tzid = property.getParameter('tzid');
  if (typeof tzid === 'string' && isKnownZone(tzid)) {
    // The wall-clock time in its zone, as Google takes it with `timeZone`.
    return { dateTime: `${pad(value.year, 4)}-${pad(value.month)}-${pad(value.day)}T${pad(value.hour)}:${pad(value.minute)}:${pad(value.second)}`, timeZone: tzid };
  }
  return { dateTime: value.toJSDate().toISOString().replace(/\.\d{3}Z$/, 'Z') };
}

/** One VEVENT's start, end, summary and status as Google's event fields. */
function veventFields(vevent: ICAL.Component): Pick<GoogleEvent, 'summary' | 'start' | 'end' | 'status'> {
  const start = googleTime(vevent.getFirstProperty('dtstart'));
  let end = googleTime(vevent.getFirstProperty('dtend'));
  if (!end && start) end = start;
  const summary = vevent.getFirstPropertyValue('summary');
  const status = vevent.getFirstPropertyValue('status');
  return {
    ...(typeof summary === 'string' ? { summary } : {}),
    ...(start ? { start } : {}),
    ...(end ? { end } : {}),
    status: typeof status === 'string' && status.toUpperCase() === 'TENTATIVE' ? 'tentative' : typeof status === 'string' && status.toUpperCase() === 'CANCELLED' ? 'cancelled' : 'confirmed',
  };
}

/**
 * An iCalendar object's master event as Google's event resource, for events.insert / events.update.
 * The organiser is left out (Google makes the calendar's owner the organiser); the rule, its
 * EXDATEs and RDATEs are carried as `recurrence` lines. Exceptions (RECURRENCE-ID VEVENTs) are
 * written apart, each to its instance (`occurrenceChanges`).
 */
export function iCalendarToEvent(data: string): Omit<GoogleEvent, 'id'> {
  const calendar = new ICAL.Component(ICAL.parse(data));
  const vevents = calendar.getAllSubcomponents('vevent');
  const master = vevents.find((vevent) => !vevent.hasProperty('recurrence-id')) ?? vevents[0];
  if (!master) throw new Error('An event object without a VEVENT');
  const recurrence = master
    .getAllProperties()
    .filter((property) => ['rrule', 'exdate', 'rdate'].includes(property.name))
    .map((property) => property.toICALString());
  const uid = master.getFirstPropertyValue('uid');
  return {
    ...(typeof uid === 'string' ? { iCalUID: uid } : {}),
    ...veventFields(master),
    ...(recurrence.length > 0 ? { recurrence } : {}),
  };
}

/**
 * The suffix of an instance's id: Google names an occurrence of a repeating event
 * `<event id>_<original start>`, the start in UTC in iCalendar's basic form (`20261124T100000Z`),
 * or the date (`20261124`) for an all-day event.
 */
function instanceSuffix(value: ICAL.Time): string {
  if (value.isDate) return `${pad(value.year, 4)}${pad(value.month)}${pad(value.day)}`;
  return icsUtc(value.toJSDate().getTime());
}

/** The instance id suffix of an occurrence Google lists (its `originalStartTime`). */
export function instanceSuffixOf(time: GoogleTime): string | null {
  if (time.date) return icsDate(time.date);
  const text = time.dateTime ?? '';
  const isWall = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?$/.test(text);
  let ms = Date.parse(isWall ? `${text}Z` : text);
  if (!Number.isFinite(ms)) return null;
  // A wall-clock time in its zone: the zone's offset then (twice, to land on the right side of a change).
  if (isWall && time.timeZone && isKnownZone(time.timeZone)) ms -= offsetMinutes(time.timeZone, ms - offsetMinutes(time.timeZone, ms) * 60_000) * 60_000;
  return icsUtc(ms);
}

/** An occurrence of the object changed on its own: its instance's id suffix and the fields written to it. */
export interface OccurrenceChange {
  suffix: string;
  event: Pick<GoogleEvent, 'summary' | 'start' | 'end' | 'status'>;
}

/**
 * What an iCalendar object says of single occurrences of its master: each exception (a VEVENT with
 * a RECURRENCE-ID) as the fields its instance takes, and the instances the master's EXDATEs cancel.
 */
export function occurrenceChanges(data: string): { changed: OccurrenceChange[]; excluded: string[] } {
  const calendar = new ICAL.Component(ICAL.parse(data));
  // The object's zones known first, so a RECURRENCE-ID or EXDATE in a zone reads as its moment.
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const vevents = calendar.getAllSubcomponents('vevent');
  const master = vevents.find((vevent) => !vevent.hasProperty('recurrence-id'));
  const changed: OccurrenceChange[] = [];
  for (const vevent of vevents) {
    const id = vevent.getFirstPropertyValue('recurrence-id');
    if (id instanceof ICAL.Time) changed.push({ suffix: instanceSuffix(id), event: veventFields(vevent) });
  }
  const excluded = (master?.getAllProperties('exdate') ?? []).flatMap((property) => property.getValues().filter((value): value is ICAL.Time => value instanceof ICAL.Time).map(instanceSuffix));
  return { changed, excluded };
}
