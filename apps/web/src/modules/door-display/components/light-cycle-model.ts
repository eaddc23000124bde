import { LIGHT_CYCLE, parseWeekdays } from '@atrium/contract';

/** How a weekday string reads: 'workday' for exactly Monday to Friday, 'everyday' for all seven, else the days. */
export type WeekdayLabel = { kind: 'workday' } | { kind: 'everyday' } | { kind: 'days'; days: number[] };

export function weekdayLabel(weekday: string): WeekdayLabel {
  const days = [...new Set(parseWeekdays(weekday))];
  const joined = days.join(',');
  if (joined === LIGHT_CYCLE.workday) return { kind: 'workday' };
  if (joined === LIGHT_CYCLE.everyday) return { kind: 'everyday' };
  return { kind: 'days', days };
}

/** The HH:mm of a slider step (0-96, a quarter hour each); step 96 is the end of the day, 23:59. */
export function stepToTime(step: number): string {
  const clamped = Math.min(LIGHT_CYCLE.steps, Math.max(0, Math.round(step)));
  if (clamped === LIGHT_CYCLE.steps) return LIGHT_CYCLE.endOfDay;
  const minutes = clamped * LIGHT_CYCLE.stepMinutes;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The slider step of an HH:mm time (23:59 is step 96); other minutes round to the nearest quarter. */
export function timeToStep(time: string): number {
  if (time === LIGHT_CYCLE.endOfDay) return LIGHT_CYCLE.steps;
  const match = /^(\d{1,2}):(\d{2})$/.exec(time);
  if (!match) return 0;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return Math.min(LIGHT_CYCLE.steps, Math.max(0, Math.round(minutes / LIGHT_CYCLE.stepMinutes)));
}

/** Days as the contract writes them: distinct, sorted, comma-separated. */
export const weekdaysToString = (days: readonly number[]) => [...new Set(days)].sort((a, b) => a - b).join(',');

/** Slider marks (spec 001 section 5): 00:00, 08:00, 12:00, 18:00, 23:59. */
export const SLIDER_MARKS: Record<number, string> = Object.fromEntries(LIGHT_CYCLE.marks.map((step) => [step, stepToTime(step)]));
