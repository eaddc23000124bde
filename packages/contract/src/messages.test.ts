import { describe, expect, it } from 'vitest';
import { formatMessage, MESSAGES, missingParams, placeholdersIn, renderMessage, type MessageKey } from './messages.js';

const KEYS = Object.keys(MESSAGES) as MessageKey[];

describe('message placeholders (issue 16)', () => {
  it('names the same placeholders in en-US and zh-CN of every message', () => {
    for (const key of KEYS) {
      const texts = MESSAGES[key];
      expect(placeholdersIn(texts['zh-CN']).sort(), key).toEqual(placeholdersIn(texts['en-US']).sort());
    }
  });

  it('has no brace that is not a placeholder, so the compiler and the renderer read the same names', () => {
    for (const key of KEYS) {
      for (const text of Object.values(MESSAGES[key])) expect(text.replace(/\{\w+\}/g, ''), key).not.toMatch(/[{}]/);
    }
  });

  it('renders every message whole once each of its placeholders is given, in both languages', () => {
    for (const key of KEYS) {
      const params = Object.fromEntries(missingParams(key).map((name) => [name, 7]));
      expect(missingParams(key, params), key).toEqual([]);
      for (const lang of ['en-US', 'zh-CN'] as const) expect(renderMessage(key, lang, params), key).not.toMatch(/\{\w+\}/);
    }
  });

  it('tells which placeholders a call leaves unfilled', () => {
    expect(missingParams('reservationTooLong', { hours: 24 })).toEqual(['minutes']);
    expect(missingParams('reservationTooLong', { minutes: 1440 })).toEqual([]);
    expect(missingParams('ok')).toEqual([]);
    expect(missingParams('reservationOutsideHours')).toEqual(['start', 'end', 'zone']);
  });

  it('formats a key with its parameters, or a rule problem as it came', () => {
    expect(formatMessage('reservationTooLong', 'en-US', { minutes: 90 })).toBe('A meeting can last at most 90 minutes');
    expect(formatMessage({ key: 'reservationTooLong', params: { minutes: 90 } }, 'zh-CN')).toBe('会议时长最多为 90 分钟');
    expect(formatMessage({ key: 'ok' }, 'en-US')).toBe('Success');
  });
});
