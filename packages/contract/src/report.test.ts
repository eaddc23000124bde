import { describe, expect, it } from 'vitest';
import { durationBucketOf, reportWindow } from './report.js';
import { csvField, neutraliseFormula, toCsv } from './spreadsheet-safety.js';

const DAY = 86_400_000;

describe('report windows', () => {
  it('ends a fixed range now and takes a custom one as given, within 366 days', () => {
    expect(reportWindow({ range: 'last90' }, 100 * DAY)).toEqual({ from: 10 * DAY, to: 100 * DAY });
    expect(reportWindow({ range: 'custom', from: 5, to: 9 }, 0)).toEqual({ from: 5, to: 9 });
    expect(reportWindow({ range: 'custom', from: 9, to: 9 }, 0)).toBeNull();
    expect(reportWindow({ range: 'custom', from: 9 }, 0)).toBeNull();
    expect(reportWindow({ range: 'custom', from: 0, to: 367 * DAY }, 0)).toBeNull();
  });

  it('puts a length in its duration bucket, bounds inclusive', () => {
    expect([15, 30, 31, 60, 90, 120, 121, 240, 241].map((minutes) => durationBucketOf(minutes * 60_000))).toEqual([
      'upTo30', 'upTo30', 'upTo60', 'upTo60', 'upTo90', 'upTo120', 'upTo240', 'upTo240', 'over240',
    ]);
  });
});

describe('spreadsheet safety', () => {
  it('neutralises text a spreadsheet would run as a formula', () => {
    expect(['=1+1', '+1', '-2', '@x', '\tx', '\rx', 'plain', ''].map(neutraliseFormula)).toEqual(["'=1+1", "'+1", "'-2", "'@x", "'\tx", "'\rx", 'plain', '']);
  });

  it('writes CSV with a byte-order mark, quoting and neutralised text, numbers as they are', () => {
    expect(csvField(-3)).toBe('-3');
    expect(csvField('-3')).toBe("'-3");
    expect(csvField('=SUM(A1,A2)')).toBe(`"'=SUM(A1,A2)"`);
    expect(toCsv([['hour', 'bookings'], ['say "hi"', 2], [null, 0]])).toBe('\uFEFFhour,bookings\r\n"say ""hi""",2\r\n,0\r\n');
  });
});
