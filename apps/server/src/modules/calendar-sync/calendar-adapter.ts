import type { CalendarCollection } from '@atrium/contract';

/**
 * What the sync core asks of an outside calendar service (decision 0023). One adapter per kind:
 * CalDAV today (caldav.adapter.ts); Microsoft Graph and Google Calendar implement the same calls.
 */

/** An outside event object as read: where it lives, its version and its iCalendar text. */
export interface OutsideObject {
  href: string;
  etag: string | null;
  data: string;
}

/** What changed in a collection since a sync token. */
export interface PullResult {
  /** The token to ask from next time. */
  token: string | null;
  /** Objects new or changed since the token (with `isFull`, every object of the collection). */
  upserts: OutsideObject[];
  /** Objects removed since the token (hrefs); empty with `isFull`: what was not listed is gone. */
  deletes: string[];
  /** A full listing: no token was given, or the service refused the one given. */
  isFull: boolean;
  /**
   * A windowed listing (Graph's calendarView) sees no object starting at or after this instant: a
   * known object last written to start there is not gone when unlisted or removed from the window.
   */
  horizon?: number;
}

/** A change-notification subscription at the service (Graph's `subscription`). */
export interface CalendarSubscription {
  id: string;
  expiresAt: number;
}

/** Where and how the service is to notify changes of a collection. */
export interface SubscriptionRequest {
  notificationUrl: string;
  lifecycleNotificationUrl: string;
  /** The secret the service sends back with each notification. */
  clientState: string;
  expiresAt: number;
}

export interface CalendarAdapter {
  /** The calendars the account reaches. */
  listCollections(): Promise<CalendarCollection[]>;
  /** Changes since `token` (null: everything); a refused token gives a full listing instead. */
  pull(collectionUrl: string, token: string | null): Promise<PullResult>;
  /** Writes an event object (made or replaced); answers its href and new version when the service tells it. */
  put(collectionUrl: string, href: string | null, uid: string, data: string): Promise<{ href: string; etag: string | null }>;
  /** Removes an event object; one already gone is no error. */
  remove(href: string): Promise<void>;
  /**
   * Whether an Atrium series is written as one repeating object (its rule, EXDATEs and moved occurrences as
   * exceptions): CalDAV. Absent: occurrence by occurrence, each its own event (Graph writes single events; Google's
   * adapter writes a master's exceptions to their instances, but an Atrium series as one event there is not tested yet).
   */
  readonly writesSeries?: boolean;
  /** Services that notify changes (Graph): subscribes to a collection's changes. */
  subscribe?(collectionUrl: string, request: SubscriptionRequest): Promise<CalendarSubscription>;
  /** Moves a subscription's expiry; a subscription the service no longer has is a CalendarPeerError with status 404. */
  renewSubscription?(id: string, expiresAt: number): Promise<CalendarSubscription>;
  /** Ends a subscription; one already gone is no error. */
  unsubscribe?(id: string): Promise<void>;
}

/** A service's refusal or an unreachable service. `isAuth`: the credential was refused. */
export class CalendarPeerError extends Error {
  override name = 'CalendarPeerError';
  constructor(
    message: string,
    readonly status: number | null,
    readonly isAuth = false,
  ) {
    super(message);
  }
}
