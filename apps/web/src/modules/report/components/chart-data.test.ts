import type { ReportAnalysis } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n';
import { REPORT_CHARTS, chartCsv, chartTable } from './chart-data';

const hours = (value: number) => Array.from({ length: 24 }, (_, hour) => (hour === 9 ? value : 0));

const ANALYSIS: ReportAnalysis = {
  from: Date.UTC(2026, 9, 25),
  to: Date.UTC(2026, 10, 24),
  overview: { bookings: 12, hours: 15.5, rooms: 2, availableHours: 200, utilisation: 0.0775, checkInSettled: 8, noShows: 2, noShowRate: 0.25 },
  peakHours: Array.from({ length: 24 }, (_, hour) => ({ hour, bookings: hour === 9 ? 12 : 0, hours: hour === 9 ? 8 : 0 })),
  peakWeekdays: [1, 2, 3, 4, 5, 6, 0].map((weekday) => ({ weekday, bookings: weekday === 1 ? 12 : 0, hours: weekday === 1 ? 15.5 : 0 })),
  channels: [
    { channel: 'console', bookings: 10 },
    { channel: 'display', bookings: 2 },
    { channel: 'calendar', bookings: 0 },
    { channel: 'api', bookings: 0 },
  ],
  durations: [
    { bucket: 'upTo30', bookings: 4 },
    { bucket: 'upTo60', bookings: 8 },
    { bucket: 'upTo90', bookings: 0 },
    { bucket: 'upTo120', bookings: 0 },
    { bucket: 'upTo240', bookings: 0 },
    { bucket: 'over240', bookings: 0 },
  ],
  recurring: {
    series: 1,
    recurringBookings: 5,
    singleBookings: 7,
    recurringHours: 5,
    singleHours: 10.5,
    topSeries: [{ seriesId: 3, title: '=cmd|"/c calc"!A1', roomName: '+Kew', bookings: 5, hours: 5, noShows: 1 }],
  },
  heatMap: [
    { roomId: 1, roomName: '@Thames', hours: hours(8) },
    { roomId: 2, roomName: 'Kew', hours: hours(0) },
  ],
};

describe('chart data downloads', () => {
  const t = i18n.getFixedT('en-US');

  it('has a table for every chart, labelled in the language', () => {
    for (const chart of REPORT_CHARTS) expect(chartTable(chart, ANALYSIS, t).rows.length).toBeGreaterThan(0);
    expect(chartTable('peakWeekdays', ANALYSIS, t).rows[0]).toEqual(['Monday', 12, 15.5]);
    expect(chartTable('overview', ANALYSIS, t).rows).toContainEqual(['No-show rate', 25]);
    expect(chartTable('heatMap', ANALYSIS, t).header).toHaveLength(25);
    expect(chartTable('channels', ANALYSIS, i18n.getFixedT('zh-CN')).rows[1]).toEqual(['门口屏', 2]);
  });

  it('writes CSV that no spreadsheet runs as a formula', () => {
    const recurring = chartCsv('recurring', ANALYSIS, t);
    expect(recurring.startsWith('\uFEFFKind,Title,Room,Bookings,Hours,No-shows\r\n')).toBe(true);
    expect(recurring).toContain(`Series,"'=cmd|""/c calc""!A1",'+Kew,5,5,1`);
    expect(chartCsv('heatMap', ANALYSIS, t).split('\r\n')[1]!.startsWith("'@Thames,0,")).toBe(true);
  });
});
