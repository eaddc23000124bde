import { describe, expect, it } from 'vitest';
import { padDay, padDayKey, padTime } from './pad-time';

// 23:30 UTC on 26 November 2026: already the 27th in Shanghai, still the 26th in London and New York.
const AT = Date.UTC(2026, 10, 26, 23, 30);

describe('the door display time formatter', () => {
  it("shows times and days in the room's zone, in the display's language", () => {
    expect(padTime(AT, 'Europe/London', 'en-US')).toBe('23:30');
    expect(padTime(AT, 'Asia/Shanghai', 'zh-CN')).toBe('07:30');
    expect(padTime(AT, 'America/New_York', 'en-US')).toBe('18:30');
    expect(padTime(AT, null, 'en-US')).toBe('23:30');
    expect(padDay(AT, 'Europe/London', 'en-US')).toBe('Thu, Nov 26');
    expect(padDay(AT, 'Asia/Shanghai', 'zh-CN')).toBe('11月27日周五');
    expect([padDayKey(AT, 'Europe/London'), padDayKey(AT, 'Asia/Shanghai')]).toEqual(['2026-11-26', '2026-11-27']);
  });
});
