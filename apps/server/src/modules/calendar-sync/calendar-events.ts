import ICAL from 'ical.js';

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
