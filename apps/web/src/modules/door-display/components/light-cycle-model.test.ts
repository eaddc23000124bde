import { describe, expect, it } from 'vitest';
import { SLIDER_MARKS, stepToTime, timeToStep, weekdayLabel, weekdaysToString } from './light-cycle-model';

describe('light-cycle model', () => {
  it("reads exactly Monday to Friday as 'workday' and all seven days as 'everyday'", () => {
    expect(weekdayLabel('1,2,3,4,5')).toEqual({ kind: 'workday' });
    expect(weekdayLabel('5,4,3,2,1')).toEqual({ kind: 'workday' });
    expect(weekdayLabel('0,1,2,3,4,5,6')).toEqual({ kind: 'everyday' });
    expect(weekdayLabel('6,0,1,2,3,4,5')).toEqual({ kind: 'everyday' });
    expect(weekdayLabel('1,2,3,4')).toEqual({ kind: 'days', days: [1, 2, 3, 4] });
    expect(weekdayLabel('0,1,2,3,4,5')).toEqual({ kind: 'days', days: [0, 1, 2, 3, 4, 5] });
    expect(weekdayLabel('6,0')).toEqual({ kind: 'days', days: [0, 6] });
  });

  it('turns the 96 quarter-hour steps into HH:mm and back', () => {
    expect(stepToTime(0)).toBe('00:00');
    expect(stepToTime(1)).toBe('00:15');
    expect(stepToTime(2)).toBe('00:30');
    expect(stepToTime(32)).toBe('08:00');
    expect(stepToTime(72)).toBe('18:00');
    expect(stepToTime(95)).toBe('23:45');
    expect(stepToTime(96)).toBe('23:59');
    expect(stepToTime(120)).toBe('23:59');
    expect(timeToStep('00:00')).toBe(0);
    expect(timeToStep('08:00')).toBe(32);
    expect(timeToStep('18:00')).toBe(72);
    expect(timeToStep('23:45')).toBe(95);
    expect(timeToStep('23:59')).toBe(96);
    expect(timeToStep('08:07')).toBe(32);
    expect(timeToStep('nonsense')).toBe(0);
    for (let step = 0; step <= 96; step++) expect(timeToStep(stepToTime(step))).toBe(step);
  });

  it('marks 00:00, 08:00, 12:00, 18:00 and 23:59, and writes days sorted and distinct', () => {
    expect(SLIDER_MARKS).toEqual({ 0: '00:00', 32: '08:00', 48: '12:00', 72: '18:00', 96: '23:59' });
    expect(weekdaysToString([5, 1, 3, 1])).toBe('1,3,5');
  });
});
