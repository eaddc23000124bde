import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { foldLine, writeCalendar } from './icalendar.js';

const START = Date.UTC(2026, 10, 25, 10, 0);

describe('iCalendar writer', () => {
  it('writes an invitation an independent parser reads back, escapes included', () => {
    const title = 'Roadmap review, budget; Q1 \\ Q2 会议室预约 with a title long enough to be folded twice over the 75-octet line limit';
    const text = writeCalendar({
      name: 'Atrium',
      method: 'REQUEST',
      events: [
        {
          uid: 'reservation-7@atrium.example',
          sequence: 3,
          start: START,
          end: START + 3_600_000,
          stamp: START - 86_400_000,
          summary: title,
          description: 'Bring numbers\nand "charts"',
          location: 'Kew (Testland / Test City / Tower A / Floor 3)',
          url: 'https://atrium.example/reserve',
          status: 'CONFIRMED',
          organizer: { name: 'Host Person', email: 'host@x.test' },
          attendees: [
            { name: 'Zoë "Z" Müller', email: 'zoe@x.test' },
            { email: 'guest@partner.test' },
          ],
        },
      ],
    });
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);

    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect([event.uid, event.sequence, event.summary, event.description, event.location]).toEqual([
      'reservation-7@atrium.example',
      3,
      title,
      'Bring numbers\nand "charts"',
      'Kew (Testland / Test City / Tower A / Floor 3)',
    ]);
    expect(event.startDate.toJSDate().getTime()).toBe(START);
    expect(event.endDate.toJSDate().getTime()).toBe(START + 3_600_000);
    expect(event.organizer).toBe('mailto:host@x.test');
    const attendees = event.attendees.map((attendee) => [attendee.getFirstValue(), attendee.getParameter('cn') ?? null, attendee.getParameter('partstat')]);
    expect(attendees).toEqual([
      ['mailto:zoe@x.test', 'Zoë "Z" Müller', 'NEEDS-ACTION'],
      ['mailto:guest@partner.test', null, 'NEEDS-ACTION'],
    ]);
  });

  it('folds by octets without splitting a character', () => {
    const line = `SUMMARY:${'会'.repeat(40)}😀${'a'.repeat(30)}`;
    const folded = foldLine(line);
    const pieces = folded.split('\r\n');
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces) expect(Buffer.byteLength(piece)).toBeLessThanOrEqual(75);
    expect(pieces.map((piece, index) => (index === 0 ? piece : piece.slice(1))).join('')).toBe(line);
    expect(foldLine('SHORT:line')).toBe('SHORT:line');
  });

  it('writes a feed with its refresh interval and tentative events', () => {
    const text = writeCalendar({
      name: 'Kew',
      refreshMinutes: 15,
      events: [{ uid: 'reservation-1@h', start: START, end: START + 1, stamp: START, summary: 'Busy', status: 'TENTATIVE' }],
    });
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue('method')).toBeNull();
    expect(calendar.getFirstPropertyValue('x-published-ttl')).toBe('PT15M');
    expect(calendar.getFirstSubcomponent('vevent')!.getFirstPropertyValue('status')).toBe('TENTATIVE');
  });
});
