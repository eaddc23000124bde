/**
 * A small iCalendar (RFC 5545) writer for what we send: invitations (RFC 5546 iTIP, METHOD
 * REQUEST or CANCEL) and the calendar feeds. Times are UTC. Lines are folded at 75 octets here,
 * counting UTF-8 bytes from the code points (ical-generator encoded every character on its own,
 * a quarter of a booking's CPU before invitations left the request).
 */

export type CalendarEventStatus = 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';

/** Someone an event names: the organiser or an attendee. */
export interface CalendarPerson {
  email: string;
  name?: string | null;
}

export interface CalendarEvent {
  uid: string;
  /** Raised with every round of an invitation, so calendar programs apply updates in order. */
  sequence?: number;
  start: number;
  end: number;
  /** When this copy of the event was written (DTSTAMP). */
  stamp: number;
  summary: string;
  description?: string | null;
  location?: string | null;
  url?: string | null;
  status: CalendarEventStatus;
  organizer?: CalendarPerson | null;
  /** Required participants who are asked to answer (ROLE=REQ-PARTICIPANT, PARTSTAT=NEEDS-ACTION, RSVP). */
  attendees?: readonly CalendarPerson[];
}

export interface Calendar {
  name: string;
  /** iTIP method of a mailed invitation; absent for a published calendar (a feed). */
  method?: 'REQUEST' | 'CANCEL';
  /** How often a subscriber should read a feed again (REFRESH-INTERVAL and X-PUBLISHED-TTL). */
  refreshMinutes?: number;
  events: readonly CalendarEvent[];
}

const PRODID = '-//Atrium//Atrium//EN';
const MAX_OCTETS = 75;

/** TEXT value escaping (RFC 5545 3.3.11). */
export function escapeText(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/[\\;,\n]/g, (c) => (c === '\n' ? '\\n' : `\\${c}`));
}

/** A quoted parameter value; a quote or line break inside is caret-encoded (RFC 6868). */
function quotedParam(value: string): string {
  return `"${value.replace(/\^/g, '^^').replace(/"/g, "^'").replace(/\r\n?|\n/g, '^n')}"`;
}

/** 20261125T100000Z */
function utc(ms: number): string {
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
}

/**
 * Folds a content line into lines of at most 75 octets of UTF-8 (RFC 5545 3.1): each continuation
 * starts with one space, and no character is split.
 */
export function foldLine(line: string): string {
  // Three octets per UTF-16 unit at most (a surrogate pair is four for two units).
  if (line.length * 3 <= MAX_OCTETS) return line;
  let out = '';
  let start = 0;
  let octets = 0;
  for (let i = 0; i < line.length; ) {
    const code = line.codePointAt(i)!;
    const units = code > 0xffff ? 2 : 1;
    const size = code < 0x80 ? 1 : code < 0x800 ? 2 : code <= 0xffff ? 3 : 4;
    if (octets + size > MAX_OCTETS) {
      out += `${line.slice(start, i)}\r\n `;
      start = i;
      // The continuation's leading space counts.
      octets = 1;
    }
    octets += size;
    i += units;
  }
  return out + line.slice(start);
}

function person(property: 'ORGANIZER' | 'ATTENDEE', who: CalendarPerson, params: string): string {
  const name = who.name ? `;CN=${quotedParam(who.name)}` : '';
  return `${property}${params}${name}:mailto:${who.email}`;
}

function eventLines(event: CalendarEvent): string[] {
  const lines = ['BEGIN:VEVENT', `UID:${event.uid}`];
  if (event.sequence !== undefined) lines.push(`SEQUENCE:${event.sequence}`);
  lines.push(`DTSTAMP:${utc(event.stamp)}`, `DTSTART:${utc(event.start)}`, `DTEND:${utc(event.end)}`, `SUMMARY:${escapeText(event.summary)}`);
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.organizer) lines.push(person('ORGANIZER', event.organizer, ''));
  for (const attendee of event.attendees ?? []) lines.push(person('ATTENDEE', attendee, ';ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE'));
  if (event.url) lines.push(`URL;VALUE=URI:${event.url}`);
  lines.push(`STATUS:${event.status}`, 'END:VEVENT');
  return lines;
}

/** The calendar as iCalendar text: CRLF line ends, folded lines. */
export function writeCalendar(calendar: Calendar): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:${PRODID}`];
  if (calendar.method) lines.push(`METHOD:${calendar.method}`);
  lines.push(`NAME:${escapeText(calendar.name)}`, `X-WR-CALNAME:${escapeText(calendar.name)}`);
  if (calendar.refreshMinutes !== undefined) {
    lines.push(`REFRESH-INTERVAL;VALUE=DURATION:PT${calendar.refreshMinutes}M`, `X-PUBLISHED-TTL:PT${calendar.refreshMinutes}M`);
  }
  for (const event of calendar.events) lines.push(...eventLines(event));
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
