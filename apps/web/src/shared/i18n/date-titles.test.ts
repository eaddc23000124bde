import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { calendarDate, dayTitle, monthTitle, rangeTitle, shortDayTitle } from './date-titles';

const d = (text: string) => calendarDate(text);

describe('dates as titles', () => {
  it('names the month as each language writes it', () => {
    expect(monthTitle(d('2026-12-01'), 'en-US')).toBe('December 2026');
    expect(monthTitle(d('2026-12-01'), 'zh-CN')).toBe('2026年12月');
  });

  it('names a day with its weekday', () => {
    expect(dayTitle(d('2026-12-01'), 'en-US')).toBe('Tuesday, December 1, 2026');
    expect(dayTitle(d('2026-12-01'), 'zh-CN')).toBe('2026年12月1日星期二');
    expect(shortDayTitle(d('2026-12-01'), 'en-US')).toBe('Tue, Dec 1');
    expect(shortDayTitle(d('2026-12-01'), 'zh-CN')).toBe('12月1日周二');
  });

  it('names a week within a month, across months and across years', () => {
    expect(rangeTitle(d('2026-12-01'), d('2026-12-07'), 'en-US')).toBe('Dec 1 – 7, 2026');
    expect(rangeTitle(d('2026-11-29'), d('2026-12-05'), 'en-US')).toBe('Nov 29 – Dec 5, 2026');
    expect(rangeTitle(d('2026-12-27'), d('2027-01-02'), 'en-US')).toBe('Dec 27, 2026 – Jan 2, 2027');
    expect(rangeTitle(d('2026-12-01'), d('2026-12-07'), 'zh-CN')).toBe('2026年12月1日–7日');
    expect(rangeTitle(d('2026-11-29'), d('2026-12-05'), 'zh-CN')).toBe('2026年11月29日–12月5日');
    expect(rangeTitle(d('2026-12-27'), d('2027-01-02'), 'zh-CN')).toBe('2026年12月27日–2027年1月2日');
  });

  it('keeps the calendar date whatever the dayjs value', () => {
    expect(calendarDate(dayjs('2026-12-31T23:30:00'))).toEqual({ year: 2026, month: 12, day: 31 });
    expect(calendarDate('2027-01-02')).toEqual({ year: 2027, month: 1, day: 2 });
  });
});
