import { z } from 'zod';

/**
 * Calendar sync (issue 24, decision 0023): a company's connections to outside calendar services
 * (`/third-party*`, the accounts page `/account`), each room linked to one outside calendar
 * collection, pulled and pushed both ways. The credential is write-only: no answer carries it.
 */

const id = z.coerce.number().int().positive();

/** The services: CalDAV (RFC 4791), Google Calendar and Microsoft Graph (both OAuth). */
export const CALENDAR_KINDS = ['caldav', 'graph', 'google'] as const;
export const CalendarKind = z.enum(CALENDAR_KINDS);
export type CalendarKind = z.infer<typeof CalendarKind>;

/** A link's health: `pending` (never synced yet), `ok`, `failing` (the last pull or push failed). */
export const CALENDAR_LINK_HEALTHS = ['pending', 'ok', 'failing'] as const;
export const CalendarLinkHealth = z.enum(CALENDAR_LINK_HEALTHS);
export type CalendarLinkHealth = z.infer<typeof CalendarLinkHealth>;

/** Longest server address, account and credential accepted. */
const URL_MAX = 500;
const ACCOUNT_MAX = 254;
const CREDENTIAL_MAX = 2000;

const serverUrl = z
  .string()
  .trim()
  .max(URL_MAX)
  .refine((value) => /^https?:\/\/[^\s]+$/i.test(value), { message: 'an http(s) address' });

/**
 * `POST /third-party`: connects a calendar service. CalDAV: the credential (password) is checked by
 * listing the account's calendars. Google and Microsoft 365 (OAuth): `account` is the company's
 * OAuth client id (Microsoft: `<tenant>/<client id>` for one tenant), `credential` its client
 * secret, `serverUrl` the API's base (optional: the provider's real host); nothing is checked until
 * the consent (`GET /third-party/auth-address`).
 */
export const CreateCalendarConnectionBody = z.object({
  kind: CalendarKind,
  name: z.string().trim().min(1).max(100),
  serverUrl: serverUrl.optional(),
  account: z.string().trim().min(1).max(ACCOUNT_MAX),
  credential: z.string().min(1).max(CREDENTIAL_MAX),
});
export type CreateCalendarConnectionBody = z.infer<typeof CreateCalendarConnectionBody>;

/** `DELETE /third-party`: removes a connection and its rooms' links (bookings stay). */
export const CalendarConnectionIdBody = z.object({ id });
export type CalendarConnectionIdBody = z.infer<typeof CalendarConnectionIdBody>;

/** `GET /third-party`: every connection; with `id`, that one with the calendars its account can reach (read from the service). */
export const CalendarConnectionQuery = z.object({ id: id.optional() });
export type CalendarConnectionQuery = z.infer<typeof CalendarConnectionQuery>;

/** `POST /third-party/auth`: a new credential (and account) for a connection, checked before it is kept. */
export const CalendarAuthBody = z.object({
  id,
  account: z.string().trim().min(1).max(ACCOUNT_MAX).optional(),
  credential: z.string().min(1).max(CREDENTIAL_MAX),
});
export type CalendarAuthBody = z.infer<typeof CalendarAuthBody>;

/** `GET /third-party/auth-address`: the provider's consent page for a connection of an OAuth kind. */
export const CalendarAuthAddressQuery = z.object({ id });
export type CalendarAuthAddressQuery = z.infer<typeof CalendarAuthAddressQuery>;
export const CalendarAuthAddress = z.object({ url: z.string() });
export type CalendarAuthAddress = z.infer<typeof CalendarAuthAddress>;

/** One room's link in `POST /third-party/update-config`; `collectionUrl` null unlinks the room. */
export const CalendarLinkInput = z.object({ roomId: id, collectionUrl: z.string().trim().max(URL_MAX).nullable() });
export type CalendarLinkInput = z.infer<typeof CalendarLinkInput>;

/** `POST /third-party/update-config`: the connection's name and which rooms it links to which of its calendars (rooms not named keep theirs). */
export const UpdateCalendarConfigBody = z.object({
  id,
  name: z.string().trim().min(1).max(100).optional(),
  serverUrl: serverUrl.optional(),
  links: z.array(CalendarLinkInput).max(500).default([]),
});
export type UpdateCalendarConfigBody = z.infer<typeof UpdateCalendarConfigBody>;

/** `POST /third-party/sync`: pull now (one room or every room of the connection) and write out what waits; `retryFailed` puts the failed writes back in the queue first. */
export const CalendarSyncBody = z.object({ id, roomId: id.optional(), retryFailed: z.boolean().default(false) });
export type CalendarSyncBody = z.infer<typeof CalendarSyncBody>;

/** A calendar collection the account can reach. */
export const CalendarCollection = z.object({ url: z.string(), name: z.string().nullable() });
export type CalendarCollection = z.infer<typeof CalendarCollection>;

/** A write to the outside calendar that gave up after its retries, waiting for a manual retry. */
export const CalendarFailedPush = z.object({ reservationId: z.number().int(), attempts: z.number().int(), lastError: z.string().nullable(), updatedAt: z.number().int() });
export type CalendarFailedPush = z.infer<typeof CalendarFailedPush>;

/** An outside event declined because it would have double-booked the room (or broken another booking rule). */
export const CalendarDecline = z.object({
  uid: z.string(),
  title: z.string().nullable(),
  organiserEmail: z.string().nullable(),
  startAt: z.number().int(),
  endAt: z.number().int(),
  /** The engine's refusal, in the caller's language. */
  reason: z.string(),
  declinedAt: z.number().int(),
});
export type CalendarDecline = z.infer<typeof CalendarDecline>;

/** A room's link: its calendar and its sync health (the health panel). */
export const CalendarLink = z.object({
  roomId: z.number().int(),
  roomName: z.string(),
  collectionUrl: z.string(),
  collectionName: z.string().nullable(),
  health: CalendarLinkHealth,
  /** The catalogue's "calendar resource invalid or failed to sync" when failing, in the caller's language; else null. */
  healthMessage: z.string().nullable(),
  /** What went wrong last (the service's answer or the network's error). */
  lastError: z.string().nullable(),
  lastAttemptAt: z.number().int().nullable(),
  lastSuccessAt: z.number().int().nullable(),
  /** Writes waiting in the outbound queue (retrying with back-off). */
  pendingPushes: z.number().int(),
  failedPushes: z.array(CalendarFailedPush),
  /** The latest declined outside events (at most 20). */
  declines: z.array(CalendarDecline),
});
export type CalendarLink = z.infer<typeof CalendarLink>;

/** A connection as answered: never its credential (`hasCredential` instead). */
export const CalendarConnection = z.object({
  id: z.number().int(),
  kind: CalendarKind,
  name: z.string(),
  serverUrl: z.string(),
  account: z.string(),
  hasCredential: z.boolean(),
  /** OAuth kinds: whether the provider's consent was given (a refresh token is kept); CalDAV: always true. */
  isAuthorised: z.boolean(),
  ownerUserId: z.number().int().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  links: z.array(CalendarLink),
  /** With `GET /third-party?id=`: the calendars the account reaches. */
  collections: z.array(CalendarCollection).optional(),
});
export type CalendarConnection = z.infer<typeof CalendarConnection>;
export const CalendarConnectionList = z.array(CalendarConnection);
export type CalendarConnectionList = z.infer<typeof CalendarConnectionList>;

/** `GET /third-party/oauth/callback`: where Google or Microsoft sends the browser back after the consent (OAuth 2.0, RFC 6749 4.1.2). */
export const CalendarOAuthCallbackQuery = z.object({
  state: z.string().max(200).optional(),
  code: z.string().max(4000).optional(),
  error: z.string().max(200).optional(),
});
export type CalendarOAuthCallbackQuery = z.infer<typeof CalendarOAuthCallbackQuery>;

/**
 * Most notifications `POST /third-party/graph/notify` takes in one request. Graph documents no
 * maximum and batches a few at a time; each is checked and may start a pull, so a longer batch is refused
 * (400) unread. Were Graph ever to send one, the scheduled pull (every 5 minutes) still takes its changes.
 */
export const GRAPH_NOTIFICATION_BATCH_MAX = 100;

/** One change or lifecycle notification as Microsoft Graph sends it: the fields read (others are dropped). */
export const GraphNotification = z.object({
  subscriptionId: z.string().max(200),
  /** The subscription's secret as we gave it (Graph allows 128 characters). */
  clientState: z.string().max(200).nullish(),
  /** A change: created, updated or deleted. */
  changeType: z.string().max(100).optional(),
  /** A lifecycle event: reauthorizationRequired, subscriptionRemoved or missed. */
  lifecycleEvent: z.string().max(100).optional(),
});
export type GraphNotification = z.infer<typeof GraphNotification>;

/** `POST /third-party/graph/notify`: Graph's batch of change and lifecycle notifications. */
export const GraphNotificationBatch = z.object({ value: z.array(GraphNotification).max(GRAPH_NOTIFICATION_BATCH_MAX) });
export type GraphNotificationBatch = z.infer<typeof GraphNotificationBatch>;

/** Why the console's /account is reached with `?error=` after a consent. */
export const CALENDAR_CONSENT_ERRORS = ['stateInvalid', 'consentRefused', 'tokenRefused', 'noRefreshToken', 'connectionNotFound'] as const;
export type CalendarConsentError = (typeof CALENDAR_CONSENT_ERRORS)[number];
