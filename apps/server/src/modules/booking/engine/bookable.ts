import type { PresentRoom } from '../booking.presenter.js';

/**
 * What the engine asks of a bookable thing when booking it: a room today (booking-rooms.ts), a
 * desk, parking space or asset when their module lands, each supplying these answers from its own
 * tables (decision 0015, "The engine's shape"). The overlap guarantee, rules, approvals, privacy,
 * idempotency and events stay the engine's.
 */
export interface Bookable {
  /** Its resource id (resources.id; a room's is its location node's id, decision 0019). */
  id: number;
  /** Whether it may be booked at all now (switched off for use answers false). */
  isAvailable: boolean;
  /** Whether a booking waits for an approver's decision. */
  needsApproval: boolean;
  /** The zone its days and hours are judged in (a room's building's). */
  zone: string | null;
  /** How answers show where a meeting is. */
  present: PresentRoom;
}

/** A bookable thing as read at a layout version; `bookable` null when the company has no such thing then. */
export interface VersionedBookable<T extends Bookable = Bookable> {
  version: number;
  bookable: T | null;
}

/**
 * Where the engine finds the things of one kind, kept per layout version: what this process knows
 * (no statement), what the database has now, and a fresh read inside the booking's transaction when
 * the version it confirms moved.
 */
export interface BookableSource<Repos, T extends Bookable = Bookable> {
  known(companyId: number, id: number): VersionedBookable<T> | undefined;
  load(companyId: number, id: number): Promise<VersionedBookable<T>>;
  loadIn(repos: Repos, companyId: number, id: number, version: number): Promise<VersionedBookable<T>>;
  /** The version the things stand at now, read through a transaction's repositories (a change confirms what it kept). */
  versionIn(repos: Repos, companyId: number): Promise<number>;
}
