import { LICENCE_GRACE_DAYS } from '@atrium/contract';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A licence's day as the CLI wrote it: licences end at the end of a day in UTC, whatever the viewer's zone. */
export const licenceDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The last day a licence in grace still works. */
export const graceEndDay = (validUntil: number) => licenceDay(validUntil + LICENCE_GRACE_DAYS * DAY_MS);

/** Seats used of a licence's seats; a licence without a seat count (the trial) shows the use alone. */
export const seatsText = (t: (key: string, options: { used: number }) => string, seats: number | null, used: number) =>
  seats === null ? t('licence.seatsUnlimited', { used }) : `${used} / ${seats}`;
