import ICAL from 'ical.js';
import { weekdayOf, zoneOffsetMs, type RepeatRule } from '@atrium/contract';

/**
 * Outside events read with ical.js (a maintained RFC 5545 parser): what the sync core needs of
 * one calendar object. Our own recurrence code stays the writer for rules made in Atrium.
 */

export interface OutsideEvent {
  uid: string;
  title: string | null;
  startAt: number;
  endAt: number;
  organiserEmail: string | null;
  isCancelled: boolean;
  /** All-day (DATE values): a room is not booked for a whole day by a calendar entry. */
  isAllDay: boolean;
  /** A repeating event (RRULE or RDATE) or one carrying exceptions (RECURRENCE-ID): not taken in this slice. */
  isRepeating: boolean;
}

/** The event of a calendar object (the master when several VEVENTs share its UID); null when it has none or cannot be read. */
export function readOutsideEvent(data: string): OutsideEvent | null {
  let calendar: ICAL.Component;
  try {
    calendar = new ICAL.Component(ICAL.parse(data));
  } catch {
    return null;
  }
  // Time zones the object defines (VTIMEZONE) are registered by ICAL.Event through the component.
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const vevents = calendar.getAllSubcomponents('vevent');
  const master = vevents.find((vevent) => !vevent.hasProperty('recurrence-id')) ?? vevents[0];
  if (!master) return null;
  const event = new ICAL.Event(master);
  if (!event.uid || !event.startDate) return null;
  const end = event.endDate ?? event.startDate;
  const organiser = master.getFirstPropertyValue('organizer');
  const email = typeof organiser === 'string' ? organiser.replace(/^mailto:/i, '').trim().toLowerCase() : null;
  const status = master.getFirstPropertyValue('status');
  return {
    uid: event.uid,
    title: event.summary ? String(event.summary) : null,
    startAt: event.startDate.toJSDate().getTime(),
    endAt: end.toJSDate().getTime(),
    organiserEmail: email || null,
    isCancelled: typeof status === 'string' && status.toUpperCase() === 'CANCELLED',
    isAllDay: event.startDate.isDate,
    isRepeating: master.hasProperty('rrule') || master.hasProperty('rdate') || vevents.length > 1,
  };
}

/** One occurrence of a repeating outside event, as the rule, its RDATEs, EXDATEs and exceptions make it. */
export interface OutsideOccurrence {
  /** The occurrence's original start (its RECURRENCE-ID), in UTC: its key. */
  recurrenceId: string;
  title: string | null;
  startAt: number;
  endAt: number;
  isCancelled: boolean;
  isAllDay: boolean;
}

/** Occurrences looked at per object, whatever the window: a rule without end stops here. */
const MAX_OCCURRENCES = 1000;

/**
 * The occurrences of a repeating object's event that start in [from, to): ical.js expands the rule
 * (BYSETPOS and the rest), adds RDATEs, drops EXDATEs and applies the exceptions (VEVENTs with a
 * RECURRENCE-ID), in the time zones the object defines. Null when the object is not repeating or
 * cannot be read.
 */
export function expandOutsideEvent(data: string, from: number, to: number): OutsideOccurrence[] | null {
  let calendar: ICAL.Component;
  try {
    calendar = new ICAL.Component(ICAL.parse(data));
  } catch {
    return null;
  }
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const vevents = calendar.getAllSubcomponents('vevent');
  const masterComponent = vevents.find((vevent) => !vevent.hasProperty('recurrence-id'));
  if (!masterComponent) return null;
  const master = new ICAL.Event(masterComponent);
  if (!master.isRecurring()) return null;
  for (const exception of vevents) if (exception !== masterComponent) master.relateException(exception);
  const out: OutsideOccurrence[] = [];
  const iterator = master.iterator();
  for (let count = 0; count < MAX_OCCURRENCES; count++) {
    const next = iterator.next();
    if (!next) break;
    const details = master.getOccurrenceDetails(next);
    const startAt = details.startDate.toJSDate().getTime();
    const recurrenceStart = details.recurrenceId.toJSDate().getTime();
    // Past the window by both its own start and its rule's: no later occurrence can fall inside.
    if (startAt >= to && recurrenceStart >= to) break;
    if (startAt < from || startAt >= to) continue;
    const status = details.item.component.getFirstPropertyValue('status');
    out.push({
      recurrenceId: new Date(recurrenceStart).toISOString(),
      title: details.item.summary ? String(details.item.summary) : null,
      startAt,
      endAt: details.endDate.toJSDate().getTime(),
      isCancelled: typeof status === 'string' && status.toUpperCase() === 'CANCELLED',
      isAllDay: details.startDate.isDate,
    });
  }
  return out;
}

/**
 * The object with the occurrences given (by RECURRENCE-ID) excluded from its rule as EXDATEs, in
 * the master's own time form, and their exception VEVENTs removed: what a declined occurrence
 * becomes outside.
 */
export function excludeOccurrences(data: string, recurrenceIds: readonly string[]): string {
  const calendar = new ICAL.Component(ICAL.parse(data));
  const vevents = calendar.getAllSubcomponents('vevent');
  const masterComponent = vevents.find((vevent) => !vevent.hasProperty('recurrence-id'))!;
  const start = masterComponent.getFirstPropertyValue('dtstart') as ICAL.Time;
  const zone = masterComponent.getFirstProperty('dtstart')?.getParameter('tzid');
  const wanted = new Set(recurrenceIds);
  for (const exception of vevents) {
    if (exception === masterComponent) continue;
    const id = exception.getFirstPropertyValue('recurrence-id') as ICAL.Time | null;
    if (id && wanted.has(id.toJSDate().toISOString())) calendar.removeSubcomponent(exception);
  }
  for (const recurrenceId of recurrenceIds) {
    const utc = ICAL.Time.fromJSDate(new Date(recurrenceId), true);
    const property = new ICAL.Property('exdate', masterComponent);
    if (start.isDate) {
      property.resetType('date');
      property.setValue(ICAL.Time.fromData({ year: utc.year, month: utc.month, day: utc.day, isDate: true }));
    } else if (typeof zone === 'string' && start.zone) {
      property.setParameter('tzid', zone);
      property.setValue(utc.convertToZone(start.zone));
    } else {
      property.setValue(utc);
    }
    masterComponent.addProperty(property);
  }
  return calendar.toString();
}

// ---- Writing into repeating objects (Atrium's changes, decision 0023 "Recurrence") ----

/** 20261124T100000 of a moment at an offset (wall time, no zone mark). */
const wallTime = (ms: number, offsetMs: number) => new Date(ms + offsetMs).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, '');
/** 20261124T100000Z */
const utcText = (ms: number) => `${wallTime(ms, 0)}Z`;

/**
 * A moment as the value of a property in the time form of the master's DTSTART: in its zone when
 * it names one (TZID), a date when it is all-day, else UTC.
 */
function setTimeAsMaster(property: ICAL.Property, master: ICAL.Component, ms: number): void {
  const start = master.getFirstPropertyValue('dtstart') as ICAL.Time;
  const zone = master.getFirstProperty('dtstart')?.getParameter('tzid');
  const utc = ICAL.Time.fromJSDate(new Date(ms), true);
  if (start.isDate) {
    property.resetType('date');
    property.setValue(ICAL.Time.fromData({ year: utc.year, month: utc.month, day: utc.day, isDate: true }));
  } else if (typeof zone === 'string' && start.zone && start.zone !== ICAL.Timezone.utcTimezone) {
    property.setParameter('tzid', zone);
    property.setValue(utc.convertToZone(start.zone));
  } else {
    property.setValue(utc);
  }
}

function parseCalendar(data: string): { calendar: ICAL.Component; master: ICAL.Component; exceptions: ICAL.Component[] } {
  const calendar = new ICAL.Component(ICAL.parse(data));
  const vevents = calendar.getAllSubcomponents('vevent');
  const master = vevents.find((vevent) => !vevent.hasProperty('recurrence-id'));
  if (!master) throw new Error('no master event');
  return { calendar, master, exceptions: vevents.filter((vevent) => vevent !== master) };
}

const recurrenceIdOf = (exception: ICAL.Component) => (exception.getFirstPropertyValue('recurrence-id') as ICAL.Time | null)?.toJSDate().toISOString() ?? null;

/** What an occurrence is in Atrium: its times and title, written into the object as an exception. */
export interface OccurrenceChange {
  startAt: number;
  endAt: number;
  title: string;
  /** TENTATIVE while the booking awaits approval. */
  status?: 'CONFIRMED' | 'TENTATIVE';
}

/** Properties of the master an exception does not take over: the rule's and the times'. */
const NOT_INHERITED = new Set(['rrule', 'rdate', 'exdate', 'exrule', 'dtstart', 'dtend', 'duration', 'recurrence-id', 'dtstamp', 'summary', 'status']);

/**
 * The object with one occurrence (by its RECURRENCE-ID, in UTC) changed to Atrium's times and title:
 * its exception VEVENT replaced or added (a copy of the master's other properties), its RECURRENCE-ID
 * in the master's time form, its times in the master's zone. What a booking moved or renamed in
 * Atrium becomes in its outside object.
 */
export function writeOccurrence(data: string, recurrenceId: string, change: OccurrenceChange, stamp: number): string {
  const { calendar, master, exceptions } = parseCalendar(data);
  const existing = exceptions.find((exception) => recurrenceIdOf(exception) === recurrenceId);
  const exception = existing ?? new ICAL.Component('vevent', calendar);
  if (!existing) {
    for (const property of master.getAllProperties()) if (!NOT_INHERITED.has(property.name)) exception.addProperty(ICAL.Property.fromString(property.toICALString()));
    const id = new ICAL.Property('recurrence-id', exception);
    setTimeAsMaster(id, master, Date.parse(recurrenceId));
    exception.addProperty(id);
  }
  for (const name of ['dtstart', 'dtend', 'duration', 'dtstamp', 'summary', 'status']) exception.removeAllProperties(name);
  for (const [name, ms] of [['dtstart', change.startAt], ['dtend', change.endAt]] as const) {
    const property = new ICAL.Property(name, exception);
    setTimeAsMaster(property, master, ms);
    exception.addProperty(property);
  }
  exception.addPropertyWithValue('dtstamp', ICAL.Time.fromJSDate(new Date(stamp), true));
  exception.addPropertyWithValue('summary', change.title);
  if (change.status) exception.addPropertyWithValue('status', change.status);
  if (!existing) calendar.addSubcomponent(exception);
  return calendar.toString();
}

// ---- Atrium's series as one object ----

/** Offsets of a zone met between two moments: the first, then each change (its moment and the offsets either side). */
function zoneChanges(zone: string, from: number, to: number): { first: number; changes: Array<{ at: number; from: number; to: number }> } {
  const STEP = 6 * 3_600_000;
  const first = zoneOffsetMs(from, zone);
  const changes: Array<{ at: number; from: number; to: number }> = [];
  let previous = first;
  for (let at = from + STEP; at < to + STEP; at += STEP) {
    const offset = zoneOffsetMs(at, zone);
    if (offset === previous) continue;
    // The minute it changed.
    let low = at - STEP;
    let high = at;
    while (high - low > 60_000) {
      const middle = low + Math.floor((high - low) / 120_000) * 60_000;
      if (zoneOffsetMs(middle, zone) === previous) low = middle;
      else high = middle;
    }
    changes.push({ at: high, from: previous, to: offset });
    previous = offset;
  }
  return { first, changes };
}

const offsetText = (ms: number) => {
  const minutes = Math.round(Math.abs(ms) / 60_000);
  return `${ms < 0 ? '-' : '+'}${String(Math.floor(minutes / 60)).padStart(2, '0')}${String(minutes % 60).padStart(2, '0')}`;
};

/**
 * A VTIMEZONE for an IANA zone over a span (RFC 5545 3.6.5), from the platform's zone data: one
 * observance from the span's start, and one per offset change in it (DTSTART in the wall time before
 * the change). Enough for every time of the object, which never leaves the span.
 */
function vtimezoneLines(zone: string, from: number, to: number): string[] {
  const { first, changes } = zoneChanges(zone, from, to);
  const offsets = [first, ...changes.map((change) => change.to)];
  const standard = Math.min(...offsets);
  const observance = (at: number, before: number, after: number) => {
    const kind = after > standard ? 'DAYLIGHT' : 'STANDARD';
    return [`BEGIN:${kind}`, `DTSTART:${wallTime(at, before)}`, `TZOFFSETFROM:${offsetText(before)}`, `TZOFFSETTO:${offsetText(after)}`, `END:${kind}`];
  };
  return ['BEGIN:VTIMEZONE', `TZID:${zone}`, ...observance(from, first, first), ...changes.flatMap((change) => observance(change.at, change.from, change.to)), 'END:VTIMEZONE'];
}

const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

/**
 * An Atrium repeat rule as an RRULE (without UNTIL): the named frequencies and custom ones with
 * their interval; weekly rules with their weekdays and weeks from Sunday (WKST=SU, as the engine
 * counts them). Null for a rule that does not repeat.
 */
export function rruleOf(rule: RepeatRule, firstDate: string): string | null {
  const unit = rule.frequency === 'custom' ? (rule.unit ?? 'day') : rule.frequency;
  const interval = rule.frequency === 'custom' && (rule.interval ?? 1) > 1 ? `;INTERVAL=${rule.interval}` : '';
  const weekdays = (rule.weekdays && rule.weekdays.length > 0 ? [...rule.weekdays].sort() : [weekdayOf(firstDate)]).map((day) => WEEKDAYS[day]).join(',');
  switch (unit) {
    case 'none':
      return null;
    case 'day':
    case 'daily':
      return `FREQ=DAILY${interval}`;
    case 'week':
    case 'weekly':
      return `FREQ=WEEKLY${interval};BYDAY=${weekdays};WKST=SU`;
    case 'workday':
      return 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;WKST=SU';
    case 'month':
    case 'monthly':
      return `FREQ=MONTHLY${interval}`;
    case 'year':
    case 'yearly':
      return `FREQ=YEARLY${interval}`;
  }
}

/** One occurrence of an Atrium series: its date (the series' key), its time by the rule, and its booking in the linked room, if active there. */
export interface SeriesOccurrence {
  date: string;
  /** The rule's start and end of the date: its RECURRENCE-ID is the start. */
  startAt: number;
  endAt: number;
  booking: OccurrenceChange | null;
}

export interface SeriesObject {
  uid: string;
  timeZone: string;
  rule: RepeatRule;
  firstDate: string;
  /** Every occurrence of the rule (Atrium's own expansion), in order. */
  occurrences: readonly SeriesOccurrence[];
  /** The master's title and status; the occurrences differing from them are exceptions. */
  title: string;
  status: 'CONFIRMED' | 'TENTATIVE';
  location: string | null;
  organizer: { email: string; name: string | null } | null;
  stamp: number;
}

/**
 * An Atrium series as one iCalendar object: the master at the rule's first occurrence in the room's
 * zone (with a VTIMEZONE for the series' span) with its RRULE and UNTIL; an EXDATE for each
 * occurrence without an active booking in the room (cancelled, moved to another room, never booked),
 * and an exception VEVENT (RECURRENCE-ID) for each booked at other times or under another title.
 * The rule is checked against the engine's own expansion with ical.js: a date the RRULE would make
 * that the engine does not is excluded, and one the engine makes that the RRULE misses is added as
 * an RDATE, so the object always holds exactly the series' occurrences. Null when no occurrence is
 * booked in the room (nothing to write: the object is removed).
 */
export function writeSeriesObject(series: SeriesObject): string | null {
  const booked = series.occurrences.filter((occurrence) => occurrence.booking !== null);
  if (booked.length === 0) return null;
  const first = series.occurrences[0]!;
  const last = series.occurrences[series.occurrences.length - 1]!;
  const isUtc = series.timeZone === 'UTC';
  const span = [first.startAt - 2 * 86_400_000, last.endAt + 2 * 86_400_000] as const;
  const local = (ms: number) => (isUtc ? `:${utcText(ms)}` : `;TZID=${series.timeZone}:${wallTime(ms, zoneOffsetMs(ms, series.timeZone))}`);
  const rrule = series.occurrences.length > 1 ? rruleOf(series.rule, series.firstDate) : null;
  const text = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Atrium//Atrium//EN',
    ...(isUtc ? [] : vtimezoneLines(series.timeZone, span[0], span[1])),
    'BEGIN:VEVENT',
    `UID:${series.uid}`,
    `DTSTAMP:${utcText(series.stamp)}`,
    `DTSTART${local(first.startAt)}`,
    `DTEND${local(first.endAt)}`,
    ...(rrule ? [`RRULE:${rrule};UNTIL=${utcText(last.startAt)}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
  const calendar = new ICAL.Component(ICAL.parse(text));
  const master = calendar.getFirstSubcomponent('vevent')!;
  master.addPropertyWithValue('summary', series.title);
  if (series.location) master.addPropertyWithValue('location', series.location);
  if (series.organizer) {
    const organizer = master.addPropertyWithValue('organizer', `mailto:${series.organizer.email}`);
    if (series.organizer.name) organizer.setParameter('cn', series.organizer.name);
  }
  master.addPropertyWithValue('status', series.status);
  // What the RRULE makes, by ical.js: reconciled with the engine's occurrences.
  const wanted = new Map(series.occurrences.map((occurrence) => [occurrence.startAt, occurrence]));
  const made = new Set<number>();
  if (rrule) {
    const iterator = new ICAL.Event(master).iterator();
    for (let next = iterator.next(), count = 0; next && count < MAX_OCCURRENCES; next = iterator.next(), count++) made.add(next.toJSDate().getTime());
  } else {
    made.add(first.startAt);
  }
  const addTime = (name: 'exdate' | 'rdate', ms: number) => {
    const property = new ICAL.Property(name, master);
    setTimeAsMaster(property, master, ms);
    master.addProperty(property);
  };
  for (const startAt of made) if (!wanted.has(startAt)) addTime('exdate', startAt);
  for (const occurrence of series.occurrences) {
    if (!made.has(occurrence.startAt)) addTime('rdate', occurrence.startAt);
    if (occurrence.booking === null) addTime('exdate', occurrence.startAt);
  }
  let data = calendar.toString();
  for (const occurrence of booked) {
    const booking = occurrence.booking!;
    if (booking.startAt === occurrence.startAt && booking.endAt === occurrence.endAt && booking.title === series.title && (booking.status ?? 'CONFIRMED') === series.status) continue;
    data = writeOccurrence(data, new Date(occurrence.startAt).toISOString(), booking, series.stamp);
  }
  return data;
}
