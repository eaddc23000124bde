import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { expandOccurrences, type RepeatRule } from '@atrium/contract';
import { excludeOccurrences, expandOutsideEvent, writeOccurrence, writeSeriesObject } from './calendar-events.js';

/** Every start ical.js expands from an object (rule, RDATEs, EXDATEs, exceptions). */
function startsOf(data: string): number[] {
  return (expandOutsideEvent(data, 0, Date.UTC(2030, 0, 1)) ?? []).map((occurrence) => occurrence.startAt);
}

function masterOf(data: string): ICAL.Component {
  return new ICAL.Component(ICAL.parse(data)).getAllSubcomponents('vevent').find((vevent) => !vevent.hasProperty('recurrence-id'))!;
}

const seriesOf = (firstDate: string, rule: RepeatRule, timeZone: string, book: (date: string, index: number) => 'same' | 'none' | { startAt: number; endAt: number; title: string }) => {
  const pattern = expandOccurrences({ firstDate, startTime: '09:00', endTime: '10:00', timeZone, rule });
  const occurrences = pattern.map((occurrence, index) => {
    const booking = book(occurrence.date, index);
    return { ...occurrence, booking: booking === 'none' ? null : booking === 'same' ? { startAt: occurrence.startAt, endAt: occurrence.endAt, title: 'Review', status: 'CONFIRMED' as const } : booking };
  });
  return { pattern, data: writeSeriesObject({ uid: 'series-1@atrium.test', timeZone, rule, firstDate, occurrences, title: 'Review', status: 'CONFIRMED', location: 'Thames', organizer: { email: 'host@example.test', name: 'Host' }, stamp: Date.UTC(2027, 0, 1) }) };
};

describe('Atrium series written as one iCalendar object', () => {
  it.each<[string, RepeatRule, string]>([
    ['weekly on two days across a daylight-saving change', { frequency: 'weekly', weekdays: [1, 4], until: '2027-04-30' }, 'Europe/London'],
    ['every workday', { frequency: 'workday', until: '2027-04-10' }, 'America/New_York'],
    ['every second week (custom)', { frequency: 'custom', unit: 'week', interval: 2, weekdays: [3], until: '2027-06-30' }, 'Europe/Berlin'],
    ['monthly on the 31st (months without it skipped)', { frequency: 'monthly', until: '2027-08-31' }, 'Asia/Shanghai'],
    ['daily in UTC', { frequency: 'daily', until: '2027-03-20' }, 'UTC'],
  ])('holds exactly the engine\'s occurrences: %s', (_name, rule, zone) => {
    const firstDate = rule.frequency === 'monthly' ? '2027-01-31' : '2027-03-01';
    const { pattern, data } = seriesOf(firstDate, rule, zone, () => 'same');
    expect(startsOf(data!)).toEqual(pattern.map((occurrence) => occurrence.startAt));
    const master = masterOf(data!);
    expect(master.hasProperty('rrule')).toBe(true);
    // The rule matches the engine's: nothing needed adding or excluding.
    expect([master.hasProperty('exdate'), master.hasProperty('rdate')]).toEqual([false, false]);
    if (zone !== 'UTC') expect(master.getFirstProperty('dtstart')!.getParameter('tzid')).toBe(zone);
  });

  it('excludes occurrences not booked and writes moved or renamed ones as exceptions; nothing booked writes nothing', () => {
    const moved = (index: number, startAt: number) => ({ startAt: startAt + 3_600_000, endAt: startAt + 7_200_000, title: `Moved ${index}` });
    const { pattern, data } = seriesOf('2027-03-22', { frequency: 'daily', until: '2027-04-02' }, 'Europe/London', (_date, index) => (index === 2 ? 'none' : 'same'));
    const withMove = seriesOf('2027-03-22', { frequency: 'daily', until: '2027-04-02' }, 'Europe/London', (_date, index) => (index === 2 ? 'none' : index === 8 ? moved(index, pattern[8]!.startAt) : 'same')).data!;
    expect(startsOf(data!)).toEqual(pattern.filter((_, index) => index !== 2).map((occurrence) => occurrence.startAt));
    const expanded = expandOutsideEvent(withMove, 0, Date.UTC(2030, 0, 1))!;
    expect(expanded.find((occurrence) => occurrence.recurrenceId === new Date(pattern[8]!.startAt).toISOString())).toMatchObject({ startAt: pattern[8]!.startAt + 3_600_000, title: 'Moved 8' });
    expect(seriesOf('2027-03-22', { frequency: 'daily', until: '2027-03-25' }, 'UTC', () => 'none').data).toBeNull();
  });

  it("writes an outside object's occurrence as an exception and an EXDATE in the master's time form", () => {
    const object = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Outside//EN',
      'BEGIN:VTIMEZONE',
      'TZID:Plus-Two',
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      'TZOFFSETFROM:+0200',
      'TZOFFSETTO:+0200',
      'END:STANDARD',
      'END:VTIMEZONE',
      'BEGIN:VEVENT',
      'UID:outside',
      'DTSTAMP:20270101T000000Z',
      'DTSTART;TZID=Plus-Two:20270301T100000',
      'DTEND;TZID=Plus-Two:20270301T110000',
      'RRULE:FREQ=DAILY;COUNT=3',
      'SUMMARY:Outside',
      'LOCATION:Room',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    const second = Date.UTC(2027, 2, 2, 8);
    const changed = writeOccurrence(object, new Date(second).toISOString(), { startAt: second + 3_600_000, endAt: second + 7_200_000, title: 'Later' }, Date.UTC(2027, 0, 2));
    const exception = new ICAL.Component(ICAL.parse(changed)).getAllSubcomponents('vevent').find((vevent) => vevent.hasProperty('recurrence-id'))!;
    expect(exception.getFirstProperty('recurrence-id')!.toICALString()).toBe('RECURRENCE-ID;TZID=Plus-Two:20270302T100000');
    expect(exception.getFirstProperty('dtstart')!.toICALString()).toBe('DTSTART;TZID=Plus-Two:20270302T110000');
    expect([exception.getFirstPropertyValue('summary'), exception.getFirstPropertyValue('location')]).toEqual(['Later', 'Room']);
    // Written again: the same exception changed, not a second one.
    const again = writeOccurrence(changed, new Date(second).toISOString(), { startAt: second + 7_200_000, endAt: second + 10_800_000, title: 'Later still' }, Date.UTC(2027, 0, 3));
    expect(new ICAL.Component(ICAL.parse(again)).getAllSubcomponents('vevent')).toHaveLength(2);
    expect(startsOf(again)).toEqual([Date.UTC(2027, 2, 1, 8), second + 7_200_000, Date.UTC(2027, 2, 3, 8)]);
    // Cancelled: an EXDATE in the master's zone, the exception gone.
    const excluded = excludeOccurrences(again, [new Date(second).toISOString()]);
    expect(masterOf(excluded).getFirstProperty('exdate')!.toICALString()).toBe('EXDATE;TZID=Plus-Two:20270302T100000');
    expect(new ICAL.Component(ICAL.parse(excluded)).getAllSubcomponents('vevent')).toHaveLength(1);
    expect(startsOf(excluded)).toEqual([Date.UTC(2027, 2, 1, 8), Date.UTC(2027, 2, 3, 8)]);
  });
});
