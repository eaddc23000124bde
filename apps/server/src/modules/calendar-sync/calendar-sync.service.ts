import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { expandOccurrences, renderMessage, type CalendarConsentError, type CalendarOAuthCallbackQuery, type CalendarAuthBody, type CalendarCollection, type CalendarConnection, type CalendarLink, type CalendarSyncBody, type CreateCalendarConnectionBody, type GraphNotificationBatch, type Lang, type MessageKey, type UpdateCalendarConfigBody } from '@atrium/contract';
import type { Clock } from '../../platform/clock.js';
import { DAY_MS, MINUTE_MS } from '../../platform/clock.js';
import type { BookingPreferencesRepository } from '../booking-preferences/booking-preferences.repository.js';
import { AppError, notFound, refused } from '../../platform/errors.js';
import { writeCalendar } from '../../platform/icalendar.js';
import type { Leases } from '../../platform/leases.js';
import type { Mailer } from '../../platform/mailer.js';
import type { SignedLinks } from '../../platform/signed-links.js';
import type { BookingChange } from '../booking/booking.events.js';
import type { BookingService } from '../booking/engine/booking.service.js';
import { reservationUidMaker } from '../booking/mails/booking-mail-data.js';
import type { Actor, OperationLog, RecordedActor } from '../operation-log/operation-log.service.js';
import { CalendarPeerError, type CalendarAdapter, type OutsideObject } from './calendar-adapter.js';
import { excludeOccurrences, expandOutsideEvent, readOutsideEvent, writeOccurrence, writeSeriesObject, type OccurrenceChange, type OutsideEvent, type OutsideOccurrence, type SeriesOccurrence } from './calendar-events.js';
import type { CalendarSyncRepository, ConnectionRecord, ItemRecord, LinkRecord, ReservationRecord } from './calendar-sync.repository.js';
import { createCalDavAdapter } from './caldav.adapter.js';
import {
  CONSENT_STATE_MS,
  OAUTH_CALLBACK_PATH,
  browserDigest,
  consentSubject,
  consentUrl,
  createAccessTokenCache,
  exchangeCode,
  isOAuthKind,
  oauthServerUrl,
  readConsentSubject,
  type AccessTokenSource,
  type OAuthClient,
} from './calendar-oauth.js';
import { createGoogleAdapter, type GoogleAdapter } from './google.adapter.js';
import { createGraphAdapter } from './graph.adapter.js';

/**
 * The sync core (decision 0023): pulls each linked room's outside calendar from its sync token and
 * turns outside events into bookings through the one engine (an event the engine refuses is
 * declined: removed from the room's calendar and its organiser told); writes the room's bookings
 * out through a queue with back-off, whose given-up writes wait for a manual retry.
 */

/** Waits before each retry of a failed write; after the last, the write is given up (`failed`). */
export const PUSH_RETRY_DELAYS_MS = [1, 5, 30, 120].map((minutes) => minutes * MINUTE_MS);
/** How long a claim holds a queued write, and a link's lease while it is pulled or written. */
const LEASE_MS = 5 * MINUTE_MS;
const PUSH_BATCH = 50;
/** How long a manual sync waits for a link another pass is working on. */
const MANUAL_WAIT_MS = 20_000;
/** Declines shown per link. */
const DECLINES_SHOWN = 20;
/** What a meeting that is not public is called outside (as in the calendar feeds). */
const BUSY = 'Busy / 忙碌';
/** A booking made from an outside event without a title. */
const UNTITLED = 'Meeting / 会议';
/** How long a change-notification subscription is asked for: Graph allows Outlook events under 7 days. */
export const SUBSCRIPTION_MS = 3 * DAY_MS;
/** A subscription is renewed once it has less than this left (the renewal job runs hourly). */
export const SUBSCRIPTION_RENEW_BEFORE_MS = DAY_MS;
/** Where a calendar service sends change and lifecycle notifications, under PUBLIC_URL. */
export const NOTIFICATION_PATH = '/api/third-party/graph/notify';

const isSameSecret = (given: string, kept: string) => {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(kept, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
};

export interface CalendarSyncDeps {
  repository: CalendarSyncRepository;
  bookings: Pick<BookingService, 'create' | 'update' | 'cancel'>;
  /** The company's booking window: how far ahead a repeating outside event is taken. */
  preferences: Pick<BookingPreferencesRepository, 'get'>;
  leases: Leases;
  clock: Clock;
  mailer: Pick<Mailer, 'send'>;
  operationLog: OperationLog;
  /** PUBLIC_URL (the local address when it is not set): the consent's redirect address, the UIDs written out, the webhooks' addresses. */
  publicUrl: string;
  /**
   * Whether PUBLIC_URL is set, so calendar services can reach our webhooks: only then are Google push
   * channels opened and Graph subscriptions made. Without it, the scheduled pull alone.
   */
  isPublicUrlSet: boolean;
  /** The consent's signed `state` (purpose `calendarConsent`). */
  signedLinks: Pick<SignedLinks, 'sign' | 'verify'>;
  log: { error(object: unknown, message: string): void; warn(object: unknown, message: string): void; info?(object: unknown, message: string): void };
  /** The adapter of a connection's kind. */
  adapterFor?: (connection: ConnectionRecord) => CalendarAdapter;
}

/** How long a Google push channel is asked to live (Google may answer a shorter expiry), and how early it is renewed. */
const CHANNEL_TTL_MS = 7 * DAY_MS;
const CHANNEL_RENEW_BEFORE_MS = 2 * DAY_MS;
/** A notification (Google push, Graph change) pulls its link after this: several in a burst make one pull. */
const NOTIFY_PULL_DELAY_MS = 1_000;
/** The webhook Google's push channels call. */
export const GOOGLE_NOTIFY_PATH = '/api/third-party/google/notify';

/** A refusal as kept with a decline: the catalogue key and its parameters, shown in the reader's language. */
interface Reason {
  key: MessageKey;
  params: Record<string, string | number>;
}

function reasonOf(error: unknown): Reason {
  if (error instanceof AppError) return { key: error.messageKey, params: { ...error.params } };
  return { key: 'calendarSyncFailed', params: {} };
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/** What the outside object holds, as last written on either side: equal means nothing to carry over. */
const fingerprintOf = (startAt: number, endAt: number, title: string) => `${startAt}|${endAt}|${title}`;
/** A repeating object's occurrence is known as `<href>#<recurrence id in UTC>`: the object's href. */
const objectOf = (href: string) => href.split('#')[0]!;
/** Written out to the room's calendar: held there (pending or confirmed) in that room. */
const isActiveIn = (booking: Pick<ReservationRecord, 'status' | 'roomId'>, link: LinkRecord) => (booking.status === 'pending' || booking.status === 'confirmed') && booking.roomId === link.roomId;
/** What a booking is called outside: a meeting that is not public is "Busy" (as in the feeds). */
const titleOf = (booking: Pick<ReservationRecord, 'privacy' | 'title'>) => (booking.privacy === 'public' ? booking.title : BUSY);

export type CalendarSyncService = ReturnType<typeof createCalendarSyncService>;

export function createCalendarSyncService(deps: CalendarSyncDeps) {
  const { repository, bookings, preferences, leases, clock, mailer, operationLog, log } = deps;
  const uidOf = reservationUidMaker(deps.publicUrl);
  const publicBase = deps.publicUrl.replace(/\/+$/, '');
  const redirectUri = `${publicBase}${OAUTH_CALLBACK_PATH}`;
  // Access tokens expire by the provider's clock, not the app's (a test's fake clock): real time.
  const accessTokens = createAccessTokenCache({ now: () => Date.now() });
  const clientOf = (connection: Pick<ConnectionRecord, 'kind' | 'serverUrl' | 'account' | 'credential'>): OAuthClient => ({
    kind: connection.kind === 'graph' ? 'graph' : 'google',
    serverUrl: connection.serverUrl,
    account: connection.account,
    clientSecret: connection.credential,
  });
  /** A connection's access tokens (OAuth kinds): refreshed from its refresh token; a rotated refresh token is kept. */
  const tokenSourceOf = (connection: ConnectionRecord): AccessTokenSource =>
    accessTokens.sourceFor(connection.id, clientOf(connection), connection.refreshToken, (refreshToken) => repository.updateConnection(connection.companyId, connection.id, { refreshToken }, clock.now()));
  const googleAdapterOf = (connection: ConnectionRecord): GoogleAdapter => createGoogleAdapter({ baseUrl: connection.serverUrl, accessToken: tokenSourceOf(connection), now: () => clock.now() });
  /** The UID of an Atrium series written as one object (beside the bookings' `reservation-<id>@<host>`). */
  const seriesDomain = new URL(deps.publicUrl).hostname || 'atrium.local';
  const seriesUidOf = (seriesId: number) => `series-${seriesId}@${seriesDomain}`;
  const seriesIdOf = (uid: string) => {
    const match = /^series-(\d+)@(.*)$/.exec(uid);
    return match && match[2] === seriesDomain ? Number(match[1]) : null;
  };
  const adapterFor =
    deps.adapterFor ??
    ((connection: ConnectionRecord): CalendarAdapter => {
      switch (connection.kind) {
        case 'caldav':
          return createCalDavAdapter({ serverUrl: connection.serverUrl, account: connection.account, credential: connection.credential });
        case 'google':
          return googleAdapterOf(connection);
        case 'graph':
          return createGraphAdapter({ baseUrl: connection.serverUrl, accessToken: tokenSourceOf(connection), now: () => clock.now() });
      }
    });
  const linkLease = (linkId: number) => `calendar-link:${linkId}`;
  /**
   * Work on a link under its lease, so a pull and a write of the same link never run at once in any
   * process. `waitMs`: how long to keep asking while another holder has it (a manual sync waits;
   * the scheduled passes leave the link to the next pass).
   */
  async function withLinkLease(linkId: number, waitMs: number, work: () => Promise<void>): Promise<boolean> {
    const until = Date.now() + waitMs;
    for (;;) {
      if ((await leases.withLease(linkLease(linkId), LEASE_MS, work)).ran) return true;
      if (Date.now() >= until) return false;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function getConnection(companyId: number, id: number): Promise<ConnectionRecord> {
    const connection = await repository.findConnection(companyId, id);
    if (!connection) throw notFound('calendarConnectionNotFound');
    return connection;
  }

  /** The calendars a credential reaches; a refused credential is "token invalid", anything else "failed to obtain third-party resources". */
  async function collectionsWith(connection: Pick<ConnectionRecord, 'kind' | 'serverUrl' | 'account' | 'credential'> & Partial<ConnectionRecord>): Promise<CalendarCollection[]> {
    if (isOAuthKind(connection.kind) && !connection.refreshToken) throw refused('calendarNotAuthorised');
    // The kinds served are adapterFor's (it refuses the others with calendarKindNotAvailable).
    try {
      return await adapterFor(connection as ConnectionRecord).listCollections();
    } catch (error) {
      if (error instanceof CalendarPeerError && error.isAuth) throw refused('calendarTokenInvalid');
      if (error instanceof AppError) throw error;
      log.warn({ err: error }, 'calendar service unreachable');
      throw refused('calendarResourcesUnavailable');
    }
  }

  async function present(companyId: number, connections: readonly ConnectionRecord[], lang: Lang): Promise<CalendarConnection[]> {
    const links = await repository.linksOf(
      companyId,
      connections.map((connection) => connection.id),
    );
    const pushes = await repository.pushesOf(
      companyId,
      links.map((link) => link.id),
    );
    const linkAnswers = new Map<number, CalendarLink[]>();
    const oauthConnections = new Set(connections.filter((connection) => isOAuthKind(connection.kind)).map((connection) => connection.id));
    const oauthLinks = new Set(links.filter((link) => oauthConnections.has(link.connectionId)).map((link) => link.id));
    for (const link of links) {
      const own = pushes.filter((push) => push.linkId === link.id);
      const declines = await repository.declinesOf(companyId, link.id, DECLINES_SHOWN);
      const answer: CalendarLink = {
        roomId: link.roomId,
        roomName: link.roomName,
        collectionUrl: link.collectionUrl,
        collectionName: link.collectionName,
        health: link.health,
        // An OAuth consent refused (revoked, expired) says so, "token invalid": authorise again. Anything else, the sync failed.
        healthMessage: link.health !== 'failing' ? null : link.isAuthFailure && oauthLinks.has(link.id) ? `${renderMessage('calendarSyncFailed', lang)}: ${renderMessage('calendarTokenInvalid', lang)}` : renderMessage('calendarSyncFailed', lang),
        lastError: link.lastError,
        lastAttemptAt: link.lastAttemptAt,
        lastSuccessAt: link.lastSuccessAt,
        pendingPushes: own.filter((push) => push.state === 'pending').length,
        failedPushes: own.filter((push) => push.state === 'failed').map(({ reservationId, attempts, lastError, updatedAt }) => ({ reservationId, attempts, lastError, updatedAt })),
        declines: declines.map((decline) => {
          const reason = JSON.parse(decline.reason) as Reason;
          return { ...decline, reason: renderMessage(reason.key, lang, reason.params) };
        }),
      };
      linkAnswers.set(link.connectionId, [...(linkAnswers.get(link.connectionId) ?? []), answer]);
    }
    return connections.map((connection) => ({
      id: connection.id,
      kind: connection.kind,
      name: connection.name,
      serverUrl: connection.serverUrl,
      account: connection.account,
      hasCredential: connection.credential.length > 0,
      isAuthorised: !isOAuthKind(connection.kind) || connection.refreshToken !== null,
      ownerUserId: connection.ownerUserId,
      createdAt: connection.createdAt,
      updatedAt: connection.updatedAt,
      links: linkAnswers.get(connection.id) ?? [],
    }));
  }

  // ---- Inbound: outside events to bookings ----

  /** Tells an organiser their event was declined (when the event names one). */
  async function mailDecline(link: LinkRecord, event: OutsideEvent, reason: Reason): Promise<void> {
    if (!event.organiserEmail) return;
    const when = `${new Date(event.startAt).toISOString()} – ${new Date(event.endAt).toISOString()}`;
    const title = event.title ?? UNTITLED;
    await mailer.send({
      companyId: link.companyId,
      event: 'other',
      to: event.organiserEmail,
      subject: `Declined: ${title} (${link.roomName}) / 未能预订：${title}（${link.roomName}）`,
      text: [
        `${link.roomName} declined "${title}" (${when}): ${renderMessage(reason.key, 'en-US', reason.params)}. The event was removed from the room's calendar; please choose another time or room.`,
        '',
        `会议室 ${link.roomName} 无法接受“${title}”（${when}）：${renderMessage(reason.key, 'zh-CN', reason.params)}。该日程已从会议室日历中移除，请另选时间或会议室。`,
      ].join('\n'),
    });
  }

  /** An outside event the engine refused: removed from the room's calendar, kept for the health panel, its organiser told. */
  async function decline(adapter: CalendarAdapter, link: LinkRecord, object: OutsideObject, event: OutsideEvent, reason: Reason): Promise<void> {
    await adapter.remove(object.href);
    await repository.deleteItem(link.companyId, link.id, object.href);
    await repository.recordDecline(link.companyId, link.id, { uid: event.uid, title: event.title, organiserEmail: event.organiserEmail, startAt: event.startAt, endAt: event.endAt, reason: JSON.stringify(reason) }, clock.now());
    await mailDecline(link, event, reason).catch((error: unknown) => log.error({ err: error, linkId: link.id }, 'calendar decline mail failed'));
  }

  async function hostFor(connection: ConnectionRecord, event: OutsideEvent): Promise<number | null> {
    const colleague = event.organiserEmail ? await repository.userByEmail(connection.companyId, event.organiserEmail) : undefined;
    return colleague ?? connection.ownerUserId;
  }

  /** One changed outside object. */
  async function takeObject(adapter: CalendarAdapter, connection: ConnectionRecord, link: LinkRecord, items: ReadonlyMap<string, ItemRecord>, object: OutsideObject): Promise<void> {
    const known = items.get(object.href);
    // Our own write coming back, or nothing new: the version we know.
    // A repeating object known without its text (before migration 0083) is read again to keep it.
    const lacksText = known !== undefined && known.reservationId === null && known.data === null && [...items.keys()].some((href) => href.startsWith(`${object.href}#`));
    if (known && known.etag !== null && known.etag === object.etag && !lacksText) return;
    const event = readOutsideEvent(object.data);
    const now = clock.now();
    const save = (reservationId: number | null, fingerprint: string | null) =>
      repository.saveItem(link.companyId, link.id, { href: object.href, uid: event?.uid ?? known?.uid ?? object.href, etag: object.etag, reservationId, origin: known?.origin ?? 'inbound', fingerprint }, now);
    if (!event) return save(known?.reservationId ?? null, null);
    const fingerprint = fingerprintOf(event.startAt, event.endAt, event.title ?? UNTITLED);
    if (known?.reservationId) {
      if (event.isCancelled) return removeBooking(link, known, object.href);
      // The same times and title as last written (our own write with a new ETag): nothing to carry over.
      if (known.fingerprint === fingerprint) return save(known.reservationId, fingerprint);
      const booking = await repository.reservation(link.companyId, known.reservationId);
      if (!booking?.hostUserId || (booking.status !== 'pending' && booking.status !== 'confirmed')) return save(known.reservationId, fingerprint);
      // Kept first: the write out this change brings sees it as already written.
      await save(known.reservationId, fingerprint);
      try {
        await bookings.update(
          { companyId: link.companyId, userId: booking.hostUserId, channel: 'api' },
          { id: booking.id, startAt: event.startAt, endAt: event.endAt, ...(known.origin === 'inbound' ? { title: (event.title ?? UNTITLED).slice(0, 100) } : {}), scope: 'one' },
        );
      } catch (error) {
        // Declined: the booking stays as it was and is written back over the outside change.
        const reason = reasonOf(error);
        await save(known.reservationId, null);
        await repository.enqueuePush(link.companyId, link.id, [known.reservationId], now);
        await repository.recordDecline(link.companyId, link.id, { uid: event.uid, title: event.title, organiserEmail: event.organiserEmail, startAt: event.startAt, endAt: event.endAt, reason: JSON.stringify(reason) }, now);
        await mailDecline(link, event, reason).catch((mailError: unknown) => log.error({ err: mailError, linkId: link.id }, 'calendar decline mail failed'));
      }
      return;
    }
    if (event.isRepeating && !event.isCancelled) return takeRepeating(adapter, connection, link, items, object, event);
    // Not taken (kept so the next pull skips it): cancelled, over or under way, all-day.
    if (event.isCancelled || event.startAt <= now || event.endAt <= event.startAt || event.isAllDay) return save(null, fingerprint);
    const host = await hostFor(connection, event);
    if (host === null) return save(null, fingerprint);
    // Kept before the booking, under the link's lease: the write out its creation brings finds it written.
    await save(null, fingerprint);
    try {
      const made = await bookings.create(
        { companyId: link.companyId, userId: host, channel: 'api' },
        { roomId: link.roomId, title: (event.title ?? UNTITLED).slice(0, 100), startAt: event.startAt, endAt: event.endAt, privacy: 'public', participants: [], bookFreeOnly: false },
      );
      await save(made.reservation.id, fingerprint);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await decline(adapter, link, object, event, reasonOf(error));
    }
  }

  /**
   * A repeating outside event: each occurrence in the booking window is its own booking, known as
   * `<href>#<recurrence id>`. Occurrences the engine refuses are declined by excluding them from
   * the rule outside (EXDATE), written back once; occurrences gone from the rule cancel theirs.
   */
  async function takeRepeating(adapter: CalendarAdapter, connection: ConnectionRecord, link: LinkRecord, items: ReadonlyMap<string, ItemRecord>, object: OutsideObject, event: OutsideEvent): Promise<void> {
    const now = clock.now();
    const { bookAheadDays } = await preferences.get(link.companyId);
    const prefix = `${object.href}#`;
    const own = [...items.values()].filter((item) => item.href.startsWith(prefix));
    // Made in Atrium (a series written as one object): its title is Atrium's, not taken back from outside.
    const isInbound = (items.get(object.href)?.origin ?? 'inbound') === 'inbound';
    const horizon = now + bookAheadDays * DAY_MS;
    // From a day back: an occurrence under way is still part of the rule, not gone from it. As far as the
    // occurrences known reach (a series written out runs past the booking window), so none is taken as gone.
    const knownUntil = Math.max(horizon, ...own.map((item) => Date.parse(item.href.slice(prefix.length)) + DAY_MS).filter((ms) => Number.isFinite(ms)));
    const occurrences = expandOutsideEvent(object.data, now - DAY_MS, knownUntil) ?? [];
    const byHref = new Map(own.map((item) => [item.href, item]));
    const host = await hostFor(connection, event);
    const declined: Array<{ occurrence: OutsideOccurrence; reason: Reason }> = [];
    const seen = new Set<string>();
    for (const occurrence of occurrences) {
      const href = `${prefix}${occurrence.recurrenceId}`;
      seen.add(href);
      const known = byHref.get(href);
      const title = occurrence.title ?? event.title ?? UNTITLED;
      const fingerprint = fingerprintOf(occurrence.startAt, occurrence.endAt, title);
      if (occurrence.isCancelled) {
        if (known) await removeBooking(link, known, href);
        continue;
      }
      if (known?.fingerprint === fingerprint) continue;
      const save = (reservationId: number | null) => repository.saveItem(link.companyId, link.id, { href, uid: event.uid, etag: null, reservationId, origin: known?.origin ?? 'inbound', fingerprint }, now);
      if (known?.reservationId) {
        const booking = await repository.reservation(link.companyId, known.reservationId);
        await save(known.reservationId);
        if (!booking?.hostUserId || (booking.status !== 'pending' && booking.status !== 'confirmed')) continue;
        try {
          await bookings.update(
            { companyId: link.companyId, userId: booking.hostUserId, channel: 'api' },
            { id: booking.id, startAt: occurrence.startAt, endAt: occurrence.endAt, ...(isInbound ? { title: title.slice(0, 100) } : {}), scope: 'one' },
          );
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          declined.push({ occurrence, reason: reasonOf(error) });
          // Refused: the booking stays where it was, and is written back into the object as its exception (the queue).
          await repository.saveItem(link.companyId, link.id, { href, uid: event.uid, etag: null, reservationId: known.reservationId, origin: known.origin, fingerprint: null }, now);
          await repository.enqueuePush(link.companyId, link.id, [known.reservationId], now);
        }
        continue;
      }
      // Beyond the booking window: taken when the window reaches it.
      if (occurrence.startAt >= horizon) continue;
      if (occurrence.startAt <= now || occurrence.isAllDay || occurrence.endAt <= occurrence.startAt || host === null) {
        await save(null);
        continue;
      }
      await save(null);
      try {
        const made = await bookings.create(
          { companyId: link.companyId, userId: host, channel: 'api' },
          { roomId: link.roomId, title: title.slice(0, 100), startAt: occurrence.startAt, endAt: occurrence.endAt, privacy: 'public', participants: [], bookFreeOnly: false },
        );
        await save(made.reservation.id);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        await repository.deleteItem(link.companyId, link.id, href);
        declined.push({ occurrence, reason: reasonOf(error) });
      }
    }
    for (const item of own) if (!seen.has(item.href)) await removeBooking(link, item, item.href);
    let etag = object.etag;
    let data = object.data;
    // A refused move of an occurrence already booked keeps its booking (written back as its exception, above): only new occurrences are excluded outside.
    const excluded = declined.filter(({ occurrence }) => !byHref.get(`${prefix}${occurrence.recurrenceId}`)?.reservationId);
    if (excluded.length > 0) {
      data = excludeOccurrences(object.data, excluded.map(({ occurrence }) => occurrence.recurrenceId));
      etag = (await adapter.put(link.collectionUrl, object.href, event.uid, data)).etag;
    }
    // Its text kept: Atrium's changes to an occurrence are written into it. No fingerprint: the next write out writes it whole.
    await repository.saveItem(link.companyId, link.id, { href: object.href, uid: event.uid, etag, reservationId: null, origin: items.get(object.href)?.origin ?? 'inbound', fingerprint: null, data }, now);
    for (const { occurrence, reason } of declined) {
      const declinedEvent = { ...event, title: occurrence.title ?? event.title, startAt: occurrence.startAt, endAt: occurrence.endAt };
      await repository.recordDecline(link.companyId, link.id, { uid: event.uid, title: declinedEvent.title, organiserEmail: event.organiserEmail, startAt: occurrence.startAt, endAt: occurrence.endAt, reason: JSON.stringify(reason) }, now);
      await mailDecline(link, declinedEvent, reason).catch((error: unknown) => log.error({ err: error, linkId: link.id }, 'calendar decline mail failed'));
    }
  }

  /** An outside object gone: its booking is cancelled (by its host, through the engine). */
  async function removeBooking(link: LinkRecord, known: ItemRecord, href: string): Promise<void> {
    await repository.deleteItem(link.companyId, link.id, href);
    if (!known.reservationId) return;
    const booking = await repository.reservation(link.companyId, known.reservationId);
    if (!booking?.hostUserId || (booking.status !== 'pending' && booking.status !== 'confirmed') || booking.endAt <= clock.now()) return;
    await bookings.cancel({ companyId: link.companyId, userId: booking.hostUserId, channel: 'api' }, booking.id).catch((error: unknown) => {
      if (!(error instanceof AppError)) throw error;
    });
  }

  /** Pulls one link under its lease; the outcome is its health. */
  async function pullLink(known: LinkRecord, waitMs = 0): Promise<void> {
    await withLinkLease(known.id, waitMs, async () => {
      // Read again under the lease: another process may have pulled it (a newer token) or removed it meanwhile.
      const link = await repository.findLink(known.companyId, known.id);
      const connection = link ? await repository.findConnection(link.companyId, link.connectionId) : undefined;
      if (!link || !connection) return;
      const at = clock.now();
      try {
        const adapter = adapterFor(connection);
        const pulled = await adapter.pull(link.collectionUrl, link.syncToken);
        const items = new Map((await repository.items(link.companyId, link.id)).map((item) => [item.href, item]));
        for (const object of pulled.upserts) await takeObject(adapter, connection, link, items, object);
        const listed = new Set(pulled.upserts.map((object) => object.href));
        // An occurrence of a repeating event is known as `<href>#<recurrence id>`: it goes with its object.
        const goneObjects = new Set(pulled.isFull ? [...items.keys()].map(objectOf).filter((href) => !listed.has(href)) : pulled.deletes);
        // A windowed listing (Graph) does not see past its horizon: an object last written to start there left the window, not the calendar.
        const isPastHorizon = (item: ItemRecord) => pulled.horizon !== undefined && item.fingerprint !== null && Number(item.fingerprint.split('|')[0]) >= pulled.horizon;
        for (const [href, known] of items) if (goneObjects.has(objectOf(href)) && !isPastHorizon(known)) await removeBooking(link, known, href);
        await repository.recordPull(link.companyId, link.id, { token: pulled.token, at });
      } catch (error) {
        log.warn({ err: error, linkId: link.id }, 'calendar pull failed');
        const isAuth = error instanceof CalendarPeerError && error.isAuth;
        // An access token the service refused is not asked with again: the next call refreshes.
        if (isAuth) accessTokens.forget(connection.id);
        await repository.recordPull(link.companyId, link.id, { error: describe(error), at, isAuth });
      }
    });
  }

  // ---- Outbound: bookings to the outside calendar ----

  /** Writes one booking out; answers whether the service was asked (a write with nothing to do asks nothing). */
  async function pushOne(adapter: CalendarAdapter, link: LinkRecord, reservationId: number): Promise<boolean> {
    const booking = await repository.reservation(link.companyId, reservationId);
    const items = await repository.itemsOfReservation(link.companyId, link.id, reservationId);
    const isActive = booking !== undefined && isActiveIn(booking, link);
    let wasAsked = false;
    // The Atrium series it is in, written as one object; and the repeating objects it is an occurrence of.
    const seriesIds = new Set<number>();
    const writtenSeriesId = isActive && adapter.writesSeries === true ? booking.seriesId : null;
    if (writtenSeriesId !== null) seriesIds.add(writtenSeriesId);
    for (const item of items.filter((one) => one.href.includes('#'))) {
      const object = await repository.item(link.companyId, link.id, objectOf(item.href));
      const seriesId = object?.origin === 'outbound' ? seriesIdOf(object.uid) : null;
      if (seriesId !== null) seriesIds.add(seriesId);
      else if (await writeOccurrenceOut(adapter, link, booking, item, object)) wasAsked = true;
    }
    for (const seriesId of seriesIds) if (await writeSeries(adapter, link, seriesId)) wasAsked = true;
    // Its own object: a single booking's, or one written for an occurrence before series were written as one object.
    const own = items.find((item) => !item.href.includes('#'));
    if (writtenSeriesId !== null) return wasAsked;
    if (!isActive) {
      if (!own) return wasAsked;
      await adapter.remove(own.href);
      await repository.deleteItem(link.companyId, link.id, own.href);
      return true;
    }
    const title = titleOf(booking);
    const fingerprint = fingerprintOf(booking.startAt, booking.endAt, title);
    if (own?.fingerprint === fingerprint) return wasAsked;
    const uid = own?.uid ?? uidOf(booking.id);
    const data = writeCalendar({
      name: link.roomName,
      events: [
        {
          uid,
          start: booking.startAt,
          end: booking.endAt,
          stamp: clock.now(),
          summary: title,
          location: link.roomName,
          status: booking.status === 'pending' ? 'TENTATIVE' : 'CONFIRMED',
          ...(booking.privacy === 'public' && booking.hostEmail ? { organizer: { email: booking.hostEmail, name: booking.hostName } } : {}),
        },
      ],
    });
    const written = await adapter.put(link.collectionUrl, own?.href ?? null, uid, data);
    await repository.saveItem(link.companyId, link.id, { href: written.href, uid, etag: written.etag, reservationId, origin: own?.origin ?? 'outbound', fingerprint }, clock.now());
    return true;
  }

  /**
   * A booking that is an occurrence of an outside repeating object, changed in Atrium: moved or
   * renamed, an exception VEVENT is written into the object; cancelled (or moved to another room,
   * or gone), an EXDATE, its exception removed. Into the object's text as last read or written.
   */
  async function writeOccurrenceOut(adapter: CalendarAdapter, link: LinkRecord, booking: ReservationRecord | undefined, item: ItemRecord, object: ItemRecord | undefined): Promise<boolean> {
    const recurrenceId = item.href.slice(objectOf(item.href).length + 1);
    const now = clock.now();
    // The object gone: nothing to write into.
    if (!object) {
      await repository.deleteItem(link.companyId, link.id, item.href);
      return false;
    }
    // Known before the object's text was kept (migration 0083): the next pull lists every object and keeps its text;
    // this write waits for it (tried again in a minute, not counted as a failure).
    if (object.data === null) {
      await repository.forgetSyncToken(link.companyId, link.id);
      await repository.enqueuePush(link.companyId, link.id, [item.reservationId ?? booking?.id ?? 0].filter((id) => id > 0), now, now + MINUTE_MS);
      return false;
    }
    if (booking && isActiveIn(booking, link)) {
      const title = titleOf(booking);
      const fingerprint = fingerprintOf(booking.startAt, booking.endAt, title);
      if (item.fingerprint === fingerprint) return false;
      const data = writeOccurrence(object.data, recurrenceId, { startAt: booking.startAt, endAt: booking.endAt, title, ...(booking.status === 'pending' ? { status: 'TENTATIVE' as const } : {}) }, now);
      const written = await adapter.put(link.collectionUrl, object.href, object.uid, data);
      await repository.saveItem(link.companyId, link.id, { ...object, etag: written.etag, data }, now);
      await repository.saveItem(link.companyId, link.id, { ...item, fingerprint }, now);
      return true;
    }
    // An occurrence over (ended, released) stays in the object as it was.
    if (booking && booking.endAt <= now && booking.status !== 'cancelled' && booking.status !== 'rejected') {
      await repository.deleteItem(link.companyId, link.id, item.href);
      return false;
    }
    const data = excludeOccurrences(object.data, [recurrenceId]);
    const written = await adapter.put(link.collectionUrl, object.href, object.uid, data);
    await repository.saveItem(link.companyId, link.id, { ...object, etag: written.etag, data }, now);
    await repository.deleteItem(link.companyId, link.id, item.href);
    return true;
  }

  /**
   * An Atrium series written as one object in a linked room (decision 0023, "Recurrence"): its rule,
   * EXDATEs for the occurrences not booked there, exceptions for those moved or renamed. Its
   * occurrences are known as `<href>#<recurrence id>` (as an outside repeating event's), so changes
   * made outside come back through the same path. Objects written per occurrence before are removed.
   * Not written again when it would hold the same; removed when no occurrence is booked in the room.
   */
  async function writeSeries(adapter: CalendarAdapter, link: LinkRecord, seriesId: number): Promise<boolean> {
    const now = clock.now();
    const uid = seriesUidOf(seriesId);
    const series = await repository.series(link.companyId, seriesId);
    const members = await repository.seriesReservations(link.companyId, seriesId);
    const known = (await repository.items(link.companyId, link.id)).find((item) => item.uid === uid && !item.href.includes('#'));
    const active = members.filter((member) => isActiveIn(member, link));
    const pattern = series ? expandOccurrences({ firstDate: series.firstDate, startTime: series.startTime, endTime: series.endTime, timeZone: series.timeZone, rule: series.rule }) : [];
    const byDate = new Map(active.map((member) => [member.occurrenceDate ?? '', member]));
    const inPattern = new Set(pattern.map((occurrence) => occurrence.date));
    const asChange = (member: ReservationRecord): OccurrenceChange => ({ startAt: member.startAt, endAt: member.endAt, title: titleOf(member), status: member.status === 'pending' ? 'TENTATIVE' : 'CONFIRMED' });
    const occurrences: SeriesOccurrence[] = [
      ...pattern.map((occurrence) => {
        const member = byDate.get(occurrence.date);
        return { ...occurrence, booking: member ? asChange(member) : null };
      }),
      // Booked on a date the rule no longer makes: added to the object as an RDATE of its own time.
      ...active.filter((member) => !inPattern.has(member.occurrenceDate ?? '')).map((member) => ({ date: member.occurrenceDate ?? '', startAt: member.startAt, endAt: member.endAt, booking: asChange(member) })),
    ].sort((a, b) => a.startAt - b.startAt);
    const mode = <T>(values: T[]) => [...values.reduce((counts, value) => counts.set(value, (counts.get(value) ?? 0) + 1), new Map<T, number>())].sort((a, b) => b[1] - a[1])[0]?.[0];
    const host = active.find((member) => member.privacy === 'public' && member.hostEmail);
    const data =
      series && active.length > 0
        ? writeSeriesObject({
            uid,
            timeZone: series.timeZone,
            rule: series.rule,
            firstDate: series.firstDate,
            occurrences,
            title: mode(active.map(titleOf))!,
            status: mode(active.map((member) => (member.status === 'pending' ? 'TENTATIVE' : 'CONFIRMED')))!,
            location: link.roomName,
            organizer: host?.hostEmail ? { email: host.hostEmail, name: host.hostName } : null,
            stamp: now,
          })
        : null;
    let wasAsked = false;
    const occurrenceItems = known ? await repository.occurrenceItems(link.companyId, link.id, known.href) : [];
    if (data === null) {
      if (known) {
        await adapter.remove(known.href);
        await repository.deleteItem(link.companyId, link.id, known.href);
        for (const item of occurrenceItems) await repository.deleteItem(link.companyId, link.id, item.href);
        wasAsked = true;
      }
    } else {
      // The object's fingerprint: its text without the moment it was written.
      const fingerprint = `series:${createHash('sha256').update(data.replace(/^DTSTAMP:.*\r\n/gm, '')).digest('hex')}`;
      if (known?.fingerprint !== fingerprint) {
        const written = await adapter.put(link.collectionUrl, known?.href ?? null, uid, data);
        await repository.saveItem(link.companyId, link.id, { href: written.href, uid, etag: written.etag, reservationId: null, origin: 'outbound', fingerprint, data }, now);
        const wanted = new Map<string, { reservationId: number; fingerprint: string }>();
        for (const occurrence of occurrences) {
          const member = occurrence.booking ? byDate.get(occurrence.date) : undefined;
          if (member && occurrence.booking) wanted.set(`${written.href}#${new Date(occurrence.startAt).toISOString()}`, { reservationId: member.id, fingerprint: fingerprintOf(member.startAt, member.endAt, occurrence.booking.title) });
        }
        for (const item of occurrenceItems) if (!wanted.has(item.href)) await repository.deleteItem(link.companyId, link.id, item.href);
        for (const [href, item] of wanted) await repository.saveItem(link.companyId, link.id, { href, uid, etag: null, reservationId: item.reservationId, origin: 'outbound', fingerprint: item.fingerprint }, now);
        wasAsked = true;
      }
    }
    // Written per occurrence before series were written as one object: replaced by it (or gone with it).
    const replaced = await repository.itemsOfReservations(
      link.companyId,
      link.id,
      members.map((member) => member.id),
    );
    for (const item of replaced) {
      if (item.href.includes('#') || item.uid === uid) continue;
      await adapter.remove(item.href);
      await repository.deleteItem(link.companyId, link.id, item.href);
      wasAsked = true;
    }
    return wasAsked;
  }

  /** Does the due writes (of `linkIds`, or all); a link being pulled elsewhere is left for the next pass. */
  async function pushDue(linkIds?: readonly number[], waitMs = 0): Promise<number> {
    let done = 0;
    for (;;) {
      const token = randomUUID();
      const claimed = await repository.claimPushes(clock.now(), LEASE_MS, token, PUSH_BATCH, linkIds);
      if (claimed.length === 0) return done;
      const byLink = new Map<number, typeof claimed>();
      for (const push of claimed) byLink.set(push.linkId, [...(byLink.get(push.linkId) ?? []), push]);
      let isBlocked = false;
      for (const [linkId, pushes] of byLink) {
        const companyId = pushes[0]!.companyId;
        const ran = await withLinkLease(linkId, waitMs, async () => {
          const link = await repository.findLink(companyId, linkId);
          const connection = link ? await repository.findConnection(companyId, link.connectionId) : undefined;
          let health = link?.health;
          for (const push of pushes) {
            const now = clock.now();
            try {
              const wasAsked = link && connection ? await pushOne(adapterFor(connection), link, push.reservationId) : false;
              await repository.completePush(push.id, token);
              // The service took a write: it is reachable with this credential again.
              if (wasAsked && health === 'failing') {
                await repository.markHealthy(companyId, linkId, now);
                health = 'ok';
              }
              done++;
            } catch (error) {
              const attempts = push.attempts + 1;
              const delay = PUSH_RETRY_DELAYS_MS[attempts - 1];
              log.warn({ err: error, linkId, reservationId: push.reservationId, attempts }, 'calendar write failed');
              await repository.postponePush(push.id, token, attempts, delay === undefined ? null : now + delay, describe(error), now);
              const isAuth = error instanceof CalendarPeerError && error.isAuth;
              if (isAuth && connection) accessTokens.forget(connection.id);
              if (link) await repository.markFailing(companyId, linkId, describe(error), now, isAuth);
              health = 'failing';
            }
          }
        });
        if (!ran) {
          // Pulled or written elsewhere right now: released, tried on the next pass.
          isBlocked = true;
          for (const push of pushes) await repository.postponePush(push.id, token, push.attempts, clock.now(), 'busy', clock.now());
        }
      }
      if (isBlocked || claimed.length < PUSH_BATCH) return done;
    }
  }

  let running: Promise<void> | null = null;
  let wokenAgain = false;
  let closed = false;
  function wake(): void {
    if (closed) return;
    if (running) {
      wokenAgain = true;
      return;
    }
    running = (async () => {
      do {
        wokenAgain = false;
        await pushDue();
      } while (wokenAgain && !closed);
    })()
      .catch((error: unknown) => log.error({ err: error }, 'calendar write worker failed'))
      .finally(() => {
        running = null;
      });
  }

  // ---- Pulls asked for by notifications (Google's push channels, Graph's subscriptions) ----

  /**
   * A link's pull asked for by a notification: waiting out its delay (`timer`), then running; `again`
   * is set when another notification comes while it runs (its change may postdate the token the pull
   * read), so one more pull follows.
   */
  interface NotifiedPull {
    timer: ReturnType<typeof setTimeout> | null;
    start: () => void;
    again: boolean;
    done: Promise<void>;
  }
  const notifiedPulls = new Map<number, NotifiedPull>();
  /**
   * Pulls a link soon, after the answer to its notification, then writes out what waits for it.
   * Notifications for the same link while its pull waits are one pull; while it runs, one more pull.
   * A failure is logged once, with the link; the scheduled pull is the fallback either way.
   */
  function pullSoon(link: LinkRecord): void {
    if (closed) return;
    const held = notifiedPulls.get(link.id);
    if (held) {
      if (held.timer === null) held.again = true;
      return;
    }
    let start = () => {};
    const started = new Promise<void>((resolve) => {
      start = resolve;
    });
    const pull: NotifiedPull = { timer: setTimeout(start, NOTIFY_PULL_DELAY_MS), start, again: false, done: started };
    notifiedPulls.set(link.id, pull);
    pull.done = started
      .then(async () => {
        pull.timer = null;
        do {
          pull.again = false;
          if (closed) return;
          await pullLink(link, MANUAL_WAIT_MS);
          await pushDue([link.id]);
        } while (pull.again);
      })
      .catch((error: unknown) => log.error({ err: error, linkId: link.id }, 'calendar pull on notification failed'))
      .finally(() => notifiedPulls.delete(link.id));
  }
  /** Starts the notified pulls still waiting out their delay (drain: at once; close: they end without pulling) and waits for all. */
  async function settleNotifiedPulls(): Promise<void> {
    while (notifiedPulls.size > 0) {
      for (const pull of notifiedPulls.values()) {
        if (pull.timer === null) continue;
        clearTimeout(pull.timer);
        pull.start();
      }
      await Promise.all([...notifiedPulls.values()].map((pull) => pull.done));
    }
  }

  // ---- Google push channels ----

  /**
   * Opens (or renews, before it expires) the push channel of a Google link, so a change at Google
   * pulls at once instead of at the next scheduled pull. Without PUBLIC_URL Google cannot reach us:
   * no channel, the link is polled. A failure leaves the link polled and is tried at the next renewal.
   */
  async function ensureChannel(link: LinkRecord, connection: ConnectionRecord): Promise<void> {
    if (connection.kind !== 'google' || !deps.isPublicUrlSet || !connection.refreshToken) return;
    const now = clock.now();
    if (link.channel && link.channel.expiresAt - CHANNEL_RENEW_BEFORE_MS > now) return;
    const adapter = googleAdapterOf(connection);
    try {
      const channel = await adapter.watch(link.collectionUrl, `${publicBase}${GOOGLE_NOTIFY_PATH}`, randomBytes(24).toString('base64url'), now + CHANNEL_TTL_MS);
      await repository.saveChannel(link.companyId, link.id, channel);
      // The old channel is stopped once the new one is open, so no change is missed in between.
      if (link.channel) await adapter.stopWatch(link.channel).catch((error: unknown) => log.warn({ err: error, linkId: link.id }, 'calendar channel stop failed'));
    } catch (error) {
      log.warn({ err: error, linkId: link.id }, 'calendar channel not opened: the link is polled');
    }
  }

  /** Stops a link's push channel (unlinked, disconnected); the service not answering only leaves a channel that expires by itself. */
  async function stopChannel(link: LinkRecord, connection: ConnectionRecord): Promise<void> {
    if (!link.channel || connection.kind !== 'google') return;
    await googleAdapterOf(connection)
      .stopWatch(link.channel)
      .catch((error: unknown) => log.warn({ err: error, linkId: link.id }, 'calendar channel stop failed'));
    await repository.saveChannel(link.companyId, link.id, null);
  }


  // ---- Change notifications (Graph subscriptions) ----

  /** Work started by a request or a notification that runs after its answer (tests and close wait for it). */
  const background = new Set<Promise<void>>();
  function later(what: string, work: () => Promise<void>): void {
    if (closed) return;
    const running = work()
      .catch((error: unknown) => log.warn({ err: error }, what))
      .finally(() => background.delete(running));
    background.add(running);
  }
  /**
   * Makes sure a link has a live subscription when its service notifies changes and PUBLIC_URL is
   * set: made when missing, renewed (PATCH of its expiry) when less than a day is left or `renew`,
   * made anew when the service no longer has it or `recreate`. Under the link's lease, so the job
   * and a new link's request never make two.
   */
  async function ensureSubscription(known: LinkRecord, { renew = false, recreate = false } = {}): Promise<void> {
    if (!deps.isPublicUrlSet) return;
    await withLinkLease(known.id, MANUAL_WAIT_MS, async () => {
      const link = await repository.findLink(known.companyId, known.id);
      const connection = link ? await repository.findConnection(link.companyId, link.connectionId) : undefined;
      if (!link || !connection) return;
      const adapter = adapterFor(connection);
      if (!adapter.subscribe) return;
      const now = clock.now();
      const expiresAt = now + SUBSCRIPTION_MS;
      if (link.subscriptionId && link.subscriptionSecret && !recreate) {
        if (!renew && (link.subscriptionExpiresAt ?? 0) - now > SUBSCRIPTION_RENEW_BEFORE_MS) return;
        try {
          const renewed = await adapter.renewSubscription!(link.subscriptionId, expiresAt);
          await repository.saveSubscription(link.companyId, link.id, { id: link.subscriptionId, expiresAt: renewed.expiresAt, secret: link.subscriptionSecret });
          return;
        } catch (error) {
          // Gone at the service (expired, removed): made anew below; anything else is tried at the next run.
          if (!(error instanceof CalendarPeerError && error.status === 404)) throw error;
        }
      }
      const secret = randomBytes(32).toString('base64url');
      const notificationUrl = `${publicBase}${NOTIFICATION_PATH}`;
      const made = await adapter.subscribe(link.collectionUrl, { notificationUrl, lifecycleNotificationUrl: notificationUrl, clientState: secret, expiresAt });
      await repository.saveSubscription(link.companyId, link.id, { id: made.id, expiresAt: made.expiresAt, secret });
      // Changes made while there was none were not notified.
      if (link.subscriptionId) pullSoon(link);
    });
  }

  /** Ends the subscriptions of links about to go (best effort: an orphan expires within days and its notifications name no link). */
  function endSubscriptions(connection: ConnectionRecord, links: readonly LinkRecord[]): void {
    const ids = links.map((link) => link.subscriptionId).filter((id): id is string => id !== null);
    if (ids.length === 0) return;
    later('calendar unsubscribe failed', async () => {
      const adapter = adapterFor(connection);
      for (const id of ids) await adapter.unsubscribe?.(id);
    });
  }

  return {
    /**
     * A Google push notification (headers X-Goog-Channel-ID, X-Goog-Channel-Token,
     * X-Goog-Resource-State): a channel of ours whose token matches pulls its link soon; anything
     * else is ignored (the answer says nothing either way).
     */
    async notifyGoogle(headers: { channelId?: string; token?: string; resourceState?: string }): Promise<void> {
      if (!headers.channelId || !headers.token) return;
      const link = await repository.linkOfChannel(headers.channelId.slice(0, 200));
      if (!link?.channel || !isSameSecret(link.channel.token, headers.token)) return;
      // `sync` only says the channel is open.
      if (headers.resourceState === 'sync') return;
      pullSoon(link);
    },

    /** The scheduled renewal of Google push channels (those missing, or expiring within two days). */
    async renewChannels(): Promise<void> {
      if (!deps.isPublicUrlSet) return;
      const connections = new Map<string, ConnectionRecord | undefined>();
      for (const link of await repository.allLinks()) {
        const key = `${link.companyId}:${link.connectionId}`;
        if (!connections.has(key)) connections.set(key, await repository.findConnection(link.companyId, link.connectionId));
        const connection = connections.get(key);
        if (connection) await ensureChannel(link, connection);
      }
    },

    /**
     * The provider's redirect after the consent (public; the signed `state` is the proof): the code
     * exchanged at the token endpoint, the refresh token kept write-only, the connection's rooms
     * pulled. Answers where the console goes: /account?linked=1 or ?error=<code>.
     */
    async finishConsent(query: CalendarOAuthCallbackQuery, browser: string | undefined, ip: string | null): Promise<string> {
      const fail = (error: CalendarConsentError) => `/account?error=${error}`;
      const verified = query.state ? await deps.signedLinks.verify('calendarConsent', query.state, clock.now()) : null;
      const subject = verified && !verified.isExpired ? readConsentSubject(verified.subject) : null;
      if (!verified || !subject) return fail('stateInvalid');
      // Another browser than the one that asked for the consent page (its address passed on): refused.
      if (browser === undefined || !isSameSecret(browserDigest(browser).slice(0, subject.browserDigest.length), subject.browserDigest)) return fail('stateInvalid');
      const connection = await repository.findConnection(verified.companyId, subject.connectionId);
      if (!connection || !isOAuthKind(connection.kind)) return fail('connectionNotFound');
      if (!(await repository.isActiveUser(verified.companyId, subject.userId))) return fail('stateInvalid');
      if (query.error || !query.code) return fail('consentRefused');
      let refreshToken: string | null;
      try {
        refreshToken = (await exchangeCode(clientOf(connection), query.code, redirectUri, () => Date.now())).refreshToken;
      } catch (error) {
        log.warn({ err: error, connectionId: connection.id }, 'calendar consent: the code was refused');
        return fail('tokenRefused');
      }
      if (!refreshToken) return fail('noRefreshToken');
      const actor: RecordedActor = { companyId: connection.companyId, userId: subject.userId, ip };
      await operationLog.track(actor, { action: 'calendarSync.auth', targetType: 'calendarConnection', targetId: connection.id, targetName: connection.name }, () =>
        repository.updateConnection(connection.companyId, connection.id, { refreshToken }, clock.now()),
      );
      accessTokens.forget(connection.id);
      // A consent given again mends failing rooms: pulled now, their channels opened.
      const authorised = { ...connection, refreshToken };
      for (const link of await repository.linksOf(connection.companyId, [connection.id])) {
        await ensureChannel(link, authorised);
        pullSoon(link);
      }
      return `/account?linked=1&connection=${connection.id}`;
    },

    async list(companyId: number, lang: Lang, id?: number): Promise<CalendarConnection[]> {
      if (id === undefined) return present(companyId, await repository.listConnections(companyId), lang);
      const connection = await getConnection(companyId, id);
      const [answer] = await present(companyId, [connection], lang);
      return [{ ...answer!, collections: await collectionsWith(connection) }];
    },

    async create(actor: Actor, body: CreateCalendarConnectionBody, lang: Lang): Promise<CalendarConnection> {
      let serverUrl: string;
      if (isOAuthKind(body.kind)) {
        // The OAuth client is kept as given: nothing can be checked before the consent gives a token.
        serverUrl = oauthServerUrl(body.kind, body.serverUrl);
      } else {
        if (!body.serverUrl) throw refused('calendarServerAddressInvalid');
        serverUrl = body.serverUrl;
        await collectionsWith({ ...body, serverUrl });
      }
      const id = await operationLog.track(actor, { action: 'calendarSync.connect', targetType: 'calendarConnection', targetName: body.name }, () =>
        repository.insertConnection({ companyId: actor.companyId, kind: body.kind, name: body.name, serverUrl, account: body.account, credential: body.credential, ownerUserId: actor.userId }, clock.now()),
      );
      return (await present(actor.companyId, [await getConnection(actor.companyId, id)], lang))[0]!;
    },

    async remove(actor: Actor, id: number): Promise<void> {
      const connection = await getConnection(actor.companyId, id);
      const links = await repository.linksOf(actor.companyId, [connection.id]);
      for (const link of links) await stopChannel(link, connection);
      endSubscriptions(connection, links);
      await operationLog.track(actor, { action: 'calendarSync.disconnect', targetType: 'calendarConnection', targetId: id, targetName: connection.name }, () => repository.deleteConnection(actor.companyId, id));
    },

    async auth(actor: Actor, body: CalendarAuthBody, lang: Lang): Promise<CalendarConnection> {
      const connection = await getConnection(actor.companyId, body.id);
      const account = body.account ?? connection.account;
      // OAuth kinds: a new client secret (and client id) is kept unchecked; another client id makes the consent void (its refresh token is the old client's).
      if (!isOAuthKind(connection.kind)) await collectionsWith({ ...connection, account, credential: body.credential });
      const isOtherClient = isOAuthKind(connection.kind) && account !== connection.account;
      await operationLog.track(actor, { action: 'calendarSync.auth', targetType: 'calendarConnection', targetId: connection.id, targetName: connection.name }, () =>
        repository.updateConnection(actor.companyId, connection.id, { account, credential: body.credential, ...(isOtherClient ? { refreshToken: null } : {}) }, clock.now()),
      );
      accessTokens.forget(connection.id);
      return (await present(actor.companyId, [await getConnection(actor.companyId, connection.id)], lang))[0]!;
    },

    /** The provider's consent page, with a `state` signed for the company, the connection and the caller, valid 15 minutes. */
    /** `browser`: the consent cookie of the caller's browser (CONSENT_BROWSER_COOKIE), bound into the state. */
    async authAddress(actor: Pick<Actor, 'companyId' | 'userId'>, id: number, browser: string): Promise<{ url: string }> {
      const connection = await getConnection(actor.companyId, id);
      if (!isOAuthKind(connection.kind)) throw refused('calendarAuthAddressNotNeeded');
      const now = clock.now();
      const state = await deps.signedLinks.sign('calendarConsent', { companyId: actor.companyId, subject: consentSubject(connection.id, actor.userId, browser), expiresAt: now + CONSENT_STATE_MS }, now);
      return { url: consentUrl(clientOf(connection), redirectUri, state) };
    },

    /**
     * Name, address and the rooms' links. A new link writes the room's coming bookings out; a
     * collection must be one the account reaches, and linked to one room only.
     */
    async updateConfig(actor: Actor, body: UpdateCalendarConfigBody, lang: Lang): Promise<CalendarConnection> {
      const connection = await getConnection(actor.companyId, body.id);
      const serverUrl = body.serverUrl === undefined ? undefined : isOAuthKind(connection.kind) ? oauthServerUrl(connection.kind, body.serverUrl) : body.serverUrl;
      const changed = { ...connection, ...(serverUrl === undefined ? {} : { serverUrl }) };
      const wanted = body.links.filter((link) => link.collectionUrl !== null);
      // The rooms first: another company's room is not found before the service is asked anything.
      for (const link of body.links) if (!(await repository.roomExists(actor.companyId, link.roomId))) throw notFound('roomNotFound');
      const collections = wanted.length > 0 || serverUrl !== undefined ? await collectionsWith(changed) : [];
      const byUrl = new Map(collections.map((collection) => [collection.url, collection]));
      for (const link of body.links) {
        if (link.collectionUrl === null) continue;
        if (!byUrl.has(link.collectionUrl)) throw refused('calendarCollectionUnknown');
        const holder = await repository.linkOfCollection(actor.companyId, connection.id, link.collectionUrl);
        const isOtherRoom = holder !== undefined && holder.roomId !== link.roomId;
        const isNamedTwice = wanted.filter((other) => other.collectionUrl === link.collectionUrl).length > 1;
        if ((isOtherRoom && !body.links.some((other) => other.roomId === holder.roomId)) || isNamedTwice) throw refused('calendarCollectionTaken');
      }
      const gone: Array<{ link: LinkRecord; holder: ConnectionRecord }> = [];
      const made: number[] = [];
      await operationLog.track(actor, { action: 'calendarSync.configure', targetType: 'calendarConnection', targetId: connection.id, targetName: body.name ?? connection.name }, async () => {
        const now = clock.now();
        await repository.updateConnection(actor.companyId, connection.id, { ...(body.name === undefined ? {} : { name: body.name }), ...(serverUrl === undefined ? {} : { serverUrl }) }, now);
        for (const link of body.links) {
          const existing = await repository.linkOfRoom(actor.companyId, link.roomId);
          if (existing && existing.connectionId === connection.id && existing.collectionUrl === link.collectionUrl) continue;
          if (!existing) continue;
          const holder = existing.connectionId === connection.id ? connection : await repository.findConnection(actor.companyId, existing.connectionId);
          if (holder) await stopChannel(existing, holder);
          await repository.deleteLink(actor.companyId, existing.id);
          if (holder) gone.push({ link: existing, holder });
        }
        for (const link of body.links) {
          if (link.collectionUrl === null || (await repository.linkOfRoom(actor.companyId, link.roomId))) continue;
          const linkId = await repository.insertLink({ companyId: actor.companyId, connectionId: connection.id, roomId: link.roomId, collectionUrl: link.collectionUrl, collectionName: byUrl.get(link.collectionUrl)?.name ?? null }, now);
          await repository.enqueuePush(actor.companyId, linkId, await repository.activeReservationIds(actor.companyId, link.roomId, now), now);
          made.push(linkId);
        }
      });
      const updated = await getConnection(actor.companyId, connection.id);
      for (const link of await repository.linksOf(actor.companyId, [connection.id])) await ensureChannel(link, updated);
      wake();
      for (const { link, holder } of gone) endSubscriptions(holder, [link]);
      // Subscribed after the answer: the service's validation request comes back to this server meanwhile.
      for (const linkId of made) {
        later('calendar subscribe failed', async () => {
          const link = await repository.findLink(actor.companyId, linkId);
          if (link) await ensureSubscription(link);
        });
      }
      return (await present(actor.companyId, [await getConnection(actor.companyId, connection.id)], lang))[0]!;
    },

    /**
     * Pulls now (the connection's rooms, or one) and writes out what waits, also the writes waiting out a back-off;
     * `retryFailed` requeues the given-up writes first.
     */
    async sync(companyId: number, body: CalendarSyncBody, lang: Lang): Promise<CalendarConnection> {
      const connection = await getConnection(companyId, body.id);
      const links = (await repository.linksOf(companyId, [connection.id])).filter((link) => body.roomId === undefined || link.roomId === body.roomId);
      if (body.roomId !== undefined && links.length === 0) throw notFound('roomNotFound');
      const linkIds = links.map((link) => link.id);
      if (body.retryFailed) await repository.retryFailed(companyId, linkIds, clock.now());
      // Asked to sync now, the writes waiting out a failure's back-off go now too (the person has just mended it).
      await repository.bringPushesForward(companyId, linkIds, clock.now());
      for (const link of links) await pullLink(link, MANUAL_WAIT_MS);
      await pushDue(linkIds, MANUAL_WAIT_MS);
      return (await present(companyId, [connection], lang))[0]!;
    },

    /** Committed booking changes (the outbox worker's wave): their rooms' links get the bookings written out. One read when no room is linked. */
    async onBookingChanges(changes: readonly BookingChange[]): Promise<void> {
      const links = await repository.linksOfRooms(changes.flatMap((change) => change.roomIds.map((roomId) => ({ companyId: change.companyId, roomId }))));
      for (const link of links) {
        const reservationIds = changes.filter((change) => change.companyId === link.companyId && change.roomIds.includes(link.roomId)).flatMap((change) => change.reservationIds);
        await repository.enqueuePush(link.companyId, link.id, [...new Set(reservationIds)], clock.now());
      }
      if (links.length > 0) wake();
    },

    /** The scheduled pull of every link (one process per period, through the scheduler's lease). */
    async pullAll(): Promise<void> {
      for (const link of await repository.allLinks()) await pullLink(link);
    },
    /** The scheduled pass of the write queue: retries that came due, and writes a stopped process left. */
    pushDue: () => pushDue(),

    /** The scheduled subscription pass: every link of a notifying service subscribed, and renewed before it expires. */
    async renewSubscriptions(): Promise<void> {
      if (!deps.isPublicUrlSet) return;
      for (const link of await repository.allLinks()) {
        await ensureSubscription(link).catch((error: unknown) => log.warn({ err: error, linkId: link.id }, 'calendar subscription renewal failed'));
      }
    },

    /**
     * Change and lifecycle notifications (Graph's webhook): each must name a link's subscription with
     * its secret (`clientState`), else it is ignored. A change or `missed` pulls the link soon (after
     * the answer); `reauthorizationRequired` renews the subscription, `subscriptionRemoved` makes a
     * new one and pulls. The batch's subscriptions are read in one query.
     * Answers how many were taken.
     */
    async receiveNotifications(batch: GraphNotificationBatch): Promise<number> {
      // One read for the batch's subscriptions, however many notifications name them.
      const named = await repository.linksOfSubscriptions([...new Set(batch.value.map((notification) => notification.subscriptionId))]);
      const links = new Map(named.map((link) => [link.subscriptionId, link]));
      let taken = 0;
      for (const notification of batch.value) {
        const link = links.get(notification.subscriptionId);
        if (!link?.subscriptionSecret || !notification.clientState || !isSameSecret(notification.clientState, link.subscriptionSecret)) {
          log.warn({ subscriptionId: notification.subscriptionId }, 'calendar notification ignored: unknown subscription or wrong clientState');
          continue;
        }
        taken++;
        if (notification.lifecycleEvent === 'reauthorizationRequired') later('calendar subscription renewal failed', () => ensureSubscription(link, { renew: true }));
        // Made anew, the link is pulled (ensureSubscription: changes while there was none were not notified).
        else if (notification.lifecycleEvent === 'subscriptionRemoved') later('calendar subscription failed', () => ensureSubscription(link, { recreate: true }));
        else pullSoon(link);
      }
      return taken;
    },

    /** Waits for the write worker and the work after answers of this process (tests, close). */
    async drain(): Promise<void> {
      // Work after an answer may ask for a pull (a subscription made anew): until nothing is left.
      do {
        await settleNotifiedPulls();
        wake();
        while (running || background.size > 0) {
          await running;
          await Promise.all([...background]);
        }
      } while (notifiedPulls.size > 0);
    },
    async close(): Promise<void> {
      closed = true;
      await settleNotifiedPulls();
      await running;
      await Promise.all([...background]);
    },
  };
}

