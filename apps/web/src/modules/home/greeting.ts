import { greetingNameOf, type CurrentUserInfo } from '@atrium/contract';

export type DayPart = 'morning' | 'afternoon' | 'evening';

/** Part of the day for a greeting: morning from 5:00, afternoon from 12:00, evening from 18:00. */
export function dayPart(hour: number): DayPart {
  if (hour >= 5 && hour < 12) return 'morning';
  if (hour >= 12 && hour < 18) return 'afternoon';
  return 'evening';
}

/** The name to greet a user by (the given name, or a whole CJK name; see the contract), else the account. */
export function greetingName(user: Pick<CurrentUserInfo, 'firstName' | 'fullName' | 'userName'>): string {
  return greetingNameOf(user) || user.userName;
}
