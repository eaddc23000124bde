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
