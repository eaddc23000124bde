import type { InferResult, Kysely } from 'kysely';
import { RepeatRule, type CalendarKind, type CalendarLinkHealth } from '@atrium/contract';
import type { DB } from '../../db/schema.js';

/** A connection as stored, credential included: for the service only, never an answer. */
export interface ConnectionRecord {
  id: number;
  companyId: number;
  kind: CalendarKind;
  name: string;
  serverUrl: string;
  account: string;
  credential: string;
  /** OAuth kinds (Google, Graph): the refresh token of the consent, null until then. Write-only like the credential. */
  refreshToken: string | null;
  ownerUserId: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface LinkRecord {
  id: number;
  companyId: number;
  connectionId: number;
  roomId: number;
  roomName: string;
  collectionUrl: string;
  collectionName: string | null;
  syncToken: string | null;
  health: CalendarLinkHealth;
  lastAttemptAt: number | null;
  lastSuccessAt: number | null;
  lastError: string | null;
  /** The last failure was the credential refused (a revoked consent, a changed password). */
  isAuthFailure: boolean;
  /** Google: the push channel watching the calendar (events.watch), when one is open. */
  channel: WatchChannel | null;
  /** The service's change-notification subscription (Graph), if any; the secret is write-only. */
  subscriptionId: string | null;
  subscriptionExpiresAt: number | null;
  subscriptionSecret: string | null;
}

/** A push channel the service opened for a link's calendar. `token` is echoed in each notification (X-Goog-Channel-Token). */
export interface WatchChannel {
  id: string;
  resourceId: string;
  token: string;
  expiresAt: number;
}

export interface ItemRecord {
  id: number;
  href: string;
  uid: string;
  etag: string | null;
  reservationId: number | null;
  origin: 'inbound' | 'outbound';
  fingerprint: string | null;
  /** A repeating object's iCalendar text as last read or written; null for others. */
  data: string | null;
}

export interface PushRecord {
  id: number;
  companyId: number;
  linkId: number;
  reservationId: number;
  attempts: number;
}

/** A company's bookings with their hosts, as a write out reads them (one booking, a series): the caller narrows and orders. */
const reservationsQuery = (db: Kysely<DB>, companyId: number) =>
  db
    .selectFrom('reservations as r')
    .leftJoin('users as u', (join) => join.onRef('u.id', '=', 'r.host_user_id').onRef('u.company_id', '=', 'r.company_id'))
    .select(['r.id', 'r.resource_id', 'r.host_user_id', 'r.title', 'r.start_at', 'r.end_at', 'r.status', 'r.privacy', 'r.series_id', 'r.occurrence_date', 'u.full_name', 'u.email'])
    .where('r.company_id', '=', companyId);
type ReservationRow = InferResult<ReturnType<typeof reservationsQuery>>[number];

/** A booking as a write out needs it. */
function presentReservation(row: ReservationRow) {
  return {
    id: row.id,
    roomId: row.resource_id,
    hostUserId: row.host_user_id,
    title: row.title,
    startAt: Number(row.start_at),
    endAt: Number(row.end_at),
    status: row.status,
    privacy: row.privacy,
    seriesId: row.series_id,
    occurrenceDate: row.occurrence_date,
    hostName: row.full_name,
    hostEmail: row.email,
  };
}
export type ReservationRecord = ReturnType<typeof presentReservation>;

const num = (value: number | string | bigint | null) => (value === null ? null : Number(value));

export type CalendarSyncRepository = ReturnType<typeof createCalendarSyncRepository>;

/** Calendar sync's tables (migration 0077); every read and write names the company. */
export function createCalendarSyncRepository(db: Kysely<DB>) {
  const reservations = (companyId: number) => reservationsQuery(db, companyId);
  const connections = () =>
    db
      .selectFrom('calendar_connections')
      .select(['id', 'company_id', 'kind', 'name', 'server_url', 'account', 'credential', 'refresh_token', 'owner_user_id', 'created_at', 'updated_at']);
  const presentConnection = (row: {
    id: number;
    company_id: number;
    kind: CalendarKind;
    name: string;
    server_url: string;
    account: string;
    credential: string;
    refresh_token: string | null;
    owner_user_id: number | null;
    created_at: number;
    updated_at: number;
  }): ConnectionRecord => ({
    id: row.id,
    companyId: row.company_id,
    kind: row.kind,
    name: row.name,
    serverUrl: row.server_url,
    account: row.account,
    credential: row.credential,
    refreshToken: row.refresh_token,
    ownerUserId: row.owner_user_id,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  });
  const links = () =>
    db
      .selectFrom('calendar_links as l')
      .innerJoin('locations as n', (join) => join.onRef('n.id', '=', 'l.room_id').onRef('n.company_id', '=', 'l.company_id'))
      .select([
        'l.id',
        'l.company_id',
        'l.connection_id',
        'l.room_id',
        'n.name as room_name',
        'l.collection_url',
        'l.collection_name',
        'l.sync_token',
        'l.health',
        'l.last_attempt_at',
        'l.last_success_at',
        'l.last_error',
        'l.is_auth_failure',
        'l.channel_id',
        'l.channel_resource_id',
        'l.channel_token',
        'l.channel_expires_at',
        'l.subscription_id',
        'l.subscription_expires_at',
        'l.subscription_secret',
      ]);
  type LinkRow = Awaited<ReturnType<ReturnType<typeof links>['execute']>>[number];
  const presentLink = (row: LinkRow): LinkRecord => ({
    id: row.id,
    companyId: row.company_id,
    connectionId: row.connection_id,
    roomId: row.room_id,
    roomName: row.room_name,
    collectionUrl: row.collection_url,
    collectionName: row.collection_name,
    syncToken: row.sync_token,
    health: row.health,
    lastAttemptAt: num(row.last_attempt_at),
    lastSuccessAt: num(row.last_success_at),
    lastError: row.last_error,
    isAuthFailure: Number(row.is_auth_failure) === 1,
    channel:
      row.channel_id && row.channel_resource_id && row.channel_token && row.channel_expires_at !== null
        ? { id: row.channel_id, resourceId: row.channel_resource_id, token: row.channel_token, expiresAt: Number(row.channel_expires_at) }
        : null,
    subscriptionId: row.subscription_id,
    subscriptionExpiresAt: num(row.subscription_expires_at),
    subscriptionSecret: row.subscription_secret,
  });

  const itemRows = () => db.selectFrom('calendar_sync_items').select(['id', 'href', 'uid', 'etag', 'reservation_id', 'origin', 'fingerprint', 'data']);
  const presentItem = (row: Awaited<ReturnType<ReturnType<typeof itemRows>['execute']>>[number]): ItemRecord => ({
    id: row.id,
    href: row.href,
    uid: row.uid,
    etag: row.etag,
    reservationId: row.reservation_id,
    origin: row.origin,
    fingerprint: row.fingerprint,
    data: row.data,
  });

  return {
    async listConnections(companyId: number): Promise<ConnectionRecord[]> {
      return (await connections().where('company_id', '=', companyId).orderBy('id').execute()).map(presentConnection);
    },
    async findConnection(companyId: number, id: number): Promise<ConnectionRecord | undefined> {
      const row = await connections().where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
      return row ? presentConnection(row) : undefined;
    },
    async insertConnection(values: { companyId: number; kind: CalendarKind; name: string; serverUrl: string; account: string; credential: string; ownerUserId: number | null }, now: number): Promise<number> {
      const row = await db
        .insertInto('calendar_connections')
        .values({
          company_id: values.companyId,
          kind: values.kind,
          name: values.name,
          server_url: values.serverUrl,
          account: values.account,
          credential: values.credential,
          owner_user_id: values.ownerUserId,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async updateConnection(companyId: number, id: number, values: { name?: string; serverUrl?: string; account?: string; credential?: string; refreshToken?: string | null }, now: number): Promise<void> {
      await db
        .updateTable('calendar_connections')
        .set({
          ...(values.name === undefined ? {} : { name: values.name }),
          ...(values.serverUrl === undefined ? {} : { server_url: values.serverUrl }),
          ...(values.account === undefined ? {} : { account: values.account }),
          ...(values.credential === undefined ? {} : { credential: values.credential }),
          ...(values.refreshToken === undefined ? {} : { refresh_token: values.refreshToken }),
          updated_at: now,
        })
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .execute();
    },
    async deleteConnection(companyId: number, id: number): Promise<boolean> {
      const result = await db.deleteFrom('calendar_connections').where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async linksOf(companyId: number, connectionIds: readonly number[]): Promise<LinkRecord[]> {
      if (connectionIds.length === 0) return [];
      return (await links().where('l.company_id', '=', companyId).where('l.connection_id', 'in', connectionIds).orderBy('l.id').execute()).map(presentLink);
    },
    async linkOfRoom(companyId: number, roomId: number): Promise<LinkRecord | undefined> {
      const row = await links().where('l.company_id', '=', companyId).where('l.room_id', '=', roomId).executeTakeFirst();
      return row ? presentLink(row) : undefined;
    },
    async findLink(companyId: number, id: number): Promise<LinkRecord | undefined> {
      const row = await links().where('l.company_id', '=', companyId).where('l.id', '=', id).executeTakeFirst();
      return row ? presentLink(row) : undefined;
    },
    /** Every link of every company (the scheduled pull). */
    async allLinks(): Promise<LinkRecord[]> {
      return (await links().orderBy('l.id').execute()).map(presentLink);
    },
    /** The links of the rooms booking changes name, across companies, in one statement (the outbox worker's wave). */
    async linksOfRooms(rooms: ReadonlyArray<{ companyId: number; roomId: number }>): Promise<Array<Pick<LinkRecord, 'id' | 'companyId' | 'roomId'>>> {
      if (rooms.length === 0) return [];
      const wanted = new Set(rooms.map((room) => `${room.companyId}:${room.roomId}`));
      const rows = await db
        .selectFrom('calendar_links')
        .select(['id', 'company_id', 'room_id'])
        .where('company_id', 'in', [...new Set(rooms.map((room) => room.companyId))])
        .where('room_id', 'in', [...new Set(rooms.map((room) => room.roomId))])
        .execute();
      return rows
        .filter((row) => wanted.has(`${row.company_id}:${row.room_id}`))
        .map((row) => ({ id: row.id, companyId: row.company_id, roomId: row.room_id }));
    },
    /** The link using a collection of a connection, whatever its room. */
    async linkOfCollection(companyId: number, connectionId: number, collectionUrl: string): Promise<LinkRecord | undefined> {
      const row = await links().where('l.company_id', '=', companyId).where('l.connection_id', '=', connectionId).where('l.collection_url', '=', collectionUrl).executeTakeFirst();
      return row ? presentLink(row) : undefined;
    },
    /** The links a batch of change notifications names by their subscriptions (any company: the service's notifications name none). */
    async linksOfSubscriptions(subscriptionIds: readonly string[]): Promise<LinkRecord[]> {
      if (subscriptionIds.length === 0) return [];
      return (await links().where('l.subscription_id', 'in', [...subscriptionIds]).execute()).map(presentLink);
    },
    /** Keeps (or forgets, with null) a link's subscription. */
    async saveSubscription(companyId: number, id: number, subscription: { id: string; expiresAt: number; secret: string } | null): Promise<void> {
      await db
        .updateTable('calendar_links')
        .set({ subscription_id: subscription?.id ?? null, subscription_expires_at: subscription?.expiresAt ?? null, subscription_secret: subscription?.secret ?? null })
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .execute();
    },
    async insertLink(values: { companyId: number; connectionId: number; roomId: number; collectionUrl: string; collectionName: string | null }, now: number): Promise<number> {
      const row = await db
        .insertInto('calendar_links')
        .values({ company_id: values.companyId, connection_id: values.connectionId, room_id: values.roomId, collection_url: values.collectionUrl, collection_name: values.collectionName, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    /** A link's push channel opened (or renewed), or closed (null). */
    async saveChannel(companyId: number, id: number, channel: WatchChannel | null): Promise<void> {
      await db
        .updateTable('calendar_links')
        .set({ channel_id: channel?.id ?? null, channel_resource_id: channel?.resourceId ?? null, channel_token: channel?.token ?? null, channel_expires_at: channel?.expiresAt ?? null })
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .execute();
    },
    /** The link a push channel watches, across companies (the notification names only the channel). */
    async linkOfChannel(channelId: string): Promise<LinkRecord | undefined> {
      const row = await links().where('l.channel_id', '=', channelId).executeTakeFirst();
      return row ? presentLink(row) : undefined;
    },
    async deleteLink(companyId: number, id: number): Promise<void> {
      await db.deleteFrom('calendar_links').where('company_id', '=', companyId).where('id', '=', id).execute();
    },
    async recordPull(companyId: number, id: number, outcome: { token: string | null; at: number } | { error: string; at: number; isAuth?: boolean }): Promise<void> {
      await db
        .updateTable('calendar_links')
        .set(
          'error' in outcome
            ? { health: 'failing', last_attempt_at: outcome.at, last_error: outcome.error, is_auth_failure: outcome.isAuth ? 1 : 0 }
            : { health: 'ok', sync_token: outcome.token, last_attempt_at: outcome.at, last_success_at: outcome.at, last_error: null, is_auth_failure: 0 },
        )
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .execute();
    },
    /** The next pull lists every object (a full listing, as without a token): what an object's text missing asks for. */
    async forgetSyncToken(companyId: number, id: number): Promise<void> {
      await db.updateTable('calendar_links').set({ sync_token: null }).where('company_id', '=', companyId).where('id', '=', id).execute();
    },
    /** A write out failed: the link is failing until a pull or a write succeeds. */
    async markFailing(companyId: number, id: number, error: string, at: number, isAuth = false): Promise<void> {
      await db.updateTable('calendar_links').set({ health: 'failing', last_attempt_at: at, last_error: error, is_auth_failure: isAuth ? 1 : 0 }).where('company_id', '=', companyId).where('id', '=', id).execute();
    },
    async markHealthy(companyId: number, id: number, at: number): Promise<void> {
      await db.updateTable('calendar_links').set({ health: 'ok', last_attempt_at: at, last_success_at: at, last_error: null, is_auth_failure: 0 }).where('company_id', '=', companyId).where('id', '=', id).execute();
    },

    async items(companyId: number, linkId: number): Promise<ItemRecord[]> {
      const rows = await itemRows().where('company_id', '=', companyId).where('link_id', '=', linkId).execute();
      return rows.map(presentItem);
    },
    /** The known item of one href (a repeating object's own item, with its text). */
    async item(companyId: number, linkId: number, href: string): Promise<ItemRecord | undefined> {
      const row = await itemRows().where('company_id', '=', companyId).where('link_id', '=', linkId).where('href', '=', href).executeTakeFirst();
      return row ? presentItem(row) : undefined;
    },
    /** Every item a booking is on a link: its own object, or an occurrence of a repeating one (`<href>#<recurrence id>`), or (briefly, while a series replaces per-occurrence objects) both. */
    async itemsOfReservation(companyId: number, linkId: number, reservationId: number): Promise<ItemRecord[]> {
      const rows = await itemRows().where('company_id', '=', companyId).where('link_id', '=', linkId).where('reservation_id', '=', reservationId).orderBy('id').execute();
      return rows.map(presentItem);
    },
    /** The items of the given bookings on a link (what a series object replaces). */
    async itemsOfReservations(companyId: number, linkId: number, reservationIds: readonly number[]): Promise<ItemRecord[]> {
      if (reservationIds.length === 0) return [];
      const rows = await itemRows().where('company_id', '=', companyId).where('link_id', '=', linkId).where('reservation_id', 'in', reservationIds).orderBy('id').execute();
      return rows.map(presentItem);
    },
    /** The occurrence items of a repeating object (`<href>#...`); filtered here, LIKE's escaping differs between the engines. */
    async occurrenceItems(companyId: number, linkId: number, objectHref: string): Promise<ItemRecord[]> {
      const rows = await itemRows().where('company_id', '=', companyId).where('link_id', '=', linkId).orderBy('id').execute();
      return rows.map(presentItem).filter((item) => item.href.startsWith(`${objectHref}#`));
    },
    async saveItem(
      companyId: number,
      linkId: number,
      item: { href: string; uid: string; etag: string | null; reservationId: number | null; origin: 'inbound' | 'outbound'; fingerprint: string | null; data?: string | null },
      now: number,
    ): Promise<void> {
      // `data` left out keeps the text known (only repeating objects keep one).
      const values = { etag: item.etag, uid: item.uid, reservation_id: item.reservationId, origin: item.origin, fingerprint: item.fingerprint, ...(item.data === undefined ? {} : { data: item.data }), updated_at: now };
      await db
        .insertInto('calendar_sync_items')
        .values({ company_id: companyId, link_id: linkId, href: item.href, ...values })
        .onConflict((oc) => oc.columns(['link_id', 'href']).doUpdateSet(values))
        .execute();
    },
    async deleteItem(companyId: number, linkId: number, href: string): Promise<void> {
      await db.deleteFrom('calendar_sync_items').where('company_id', '=', companyId).where('link_id', '=', linkId).where('href', '=', href).execute();
    },

    /** Queues a write out of a booking to a link (one row per pair: a newer change rides on the waiting one); due at `availableAt` (default now). */
    async enqueuePush(companyId: number, linkId: number, reservationIds: readonly number[], now: number, availableAt = now): Promise<void> {
      if (reservationIds.length === 0) return;
      await db
        .insertInto('calendar_sync_pushes')
        .values(reservationIds.map((reservationId) => ({ company_id: companyId, link_id: linkId, reservation_id: reservationId, available_at: availableAt, created_at: now, updated_at: now })))
        .onConflict((oc) => oc.columns(['link_id', 'reservation_id']).doUpdateSet({ state: 'pending', attempts: 0, available_at: availableAt, lease_token: null, leased_until: null, updated_at: now }))
        .execute();
    },
    /** Claims due writes for `leaseMs` (one holder at a time across processes). */
    async claimPushes(now: number, leaseMs: number, token: string, limit: number, linkIds?: readonly number[]): Promise<PushRecord[]> {
      let due = db
        .selectFrom('calendar_sync_pushes')
        .select('id')
        .where('state', '=', 'pending')
        .where('available_at', '<=', now)
        .where((eb) => eb.or([eb('leased_until', 'is', null), eb('leased_until', '<=', now)]));
      if (linkIds) due = due.where('link_id', 'in', linkIds.length ? linkIds : [0]);
      const ids = (await due.orderBy('id').limit(limit).execute()).map((row) => row.id);
      if (ids.length === 0) return [];
      await db
        .updateTable('calendar_sync_pushes')
        .set({ lease_token: token, leased_until: now + leaseMs })
        .where('id', 'in', ids)
        .where((eb) => eb.or([eb('leased_until', 'is', null), eb('leased_until', '<=', now)]))
        .execute();
      const rows = await db
        .selectFrom('calendar_sync_pushes')
        .select(['id', 'company_id', 'link_id', 'reservation_id', 'attempts'])
        .where('lease_token', '=', token)
        .where('id', 'in', ids)
        .execute();
      return rows.map((row) => ({ id: row.id, companyId: row.company_id, linkId: row.link_id, reservationId: row.reservation_id, attempts: row.attempts }));
    },
    /** Done: gone from the queue, unless a newer change re-queued it while it was held (its lease was cleared then). */
    async completePush(id: number, token: string): Promise<void> {
      await db.deleteFrom('calendar_sync_pushes').where('id', '=', id).where('lease_token', '=', token).execute();
    },
    /** Failed: tried again at `availableAt`, or given up (`failed`) when null. */
    async postponePush(id: number, token: string, attempts: number, availableAt: number | null, error: string, now: number): Promise<void> {
      await db
        .updateTable('calendar_sync_pushes')
        .set({ attempts, state: availableAt === null ? 'failed' : 'pending', available_at: availableAt ?? now, last_error: error, lease_token: null, leased_until: null, updated_at: now })
        .where('id', '=', id)
        .where('lease_token', '=', token)
        .execute();
    },
    /** The manual retry: failed writes of the links back in the queue, due now. */
    async retryFailed(companyId: number, linkIds: readonly number[], now: number): Promise<number> {
      if (linkIds.length === 0) return 0;
      const result = await db
        .updateTable('calendar_sync_pushes')
        .set({ state: 'pending', attempts: 0, available_at: now, updated_at: now })
        .where('company_id', '=', companyId)
        .where('link_id', 'in', linkIds)
        .where('state', '=', 'failed')
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    /** Writes waiting for their next attempt (after a failure's back-off) made due now: a manual sync does everything now. */
    async bringPushesForward(companyId: number, linkIds: readonly number[], now: number): Promise<number> {
      if (linkIds.length === 0) return 0;
      const result = await db
        .updateTable('calendar_sync_pushes')
        .set({ available_at: now, updated_at: now })
        .where('company_id', '=', companyId)
        .where('link_id', 'in', linkIds)
        .where('state', '=', 'pending')
        .where('available_at', '>', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    async pushesOf(companyId: number, linkIds: readonly number[]) {
      if (linkIds.length === 0) return [];
      const rows = await db
        .selectFrom('calendar_sync_pushes')
        .select(['link_id', 'reservation_id', 'state', 'attempts', 'last_error', 'updated_at'])
        .where('company_id', '=', companyId)
        .where('link_id', 'in', linkIds)
        .orderBy('id')
        .execute();
      return rows.map((row) => ({ linkId: row.link_id, reservationId: row.reservation_id, state: row.state, attempts: row.attempts, lastError: row.last_error, updatedAt: Number(row.updated_at) }));
    },

    async recordDecline(
      companyId: number,
      linkId: number,
      decline: { uid: string; title: string | null; organiserEmail: string | null; startAt: number; endAt: number; reason: string },
      now: number,
    ): Promise<void> {
      await db
        .insertInto('calendar_sync_declines')
        .values({
          company_id: companyId,
          link_id: linkId,
          uid: decline.uid,
          title: decline.title,
          organiser_email: decline.organiserEmail,
          start_at: decline.startAt,
          end_at: decline.endAt,
          reason: decline.reason,
          declined_at: now,
        })
        .execute();
    },
    async declinesOf(companyId: number, linkId: number, limit: number) {
      const rows = await db
        .selectFrom('calendar_sync_declines')
        .select(['uid', 'title', 'organiser_email', 'start_at', 'end_at', 'reason', 'declined_at'])
        .where('company_id', '=', companyId)
        .where('link_id', '=', linkId)
        .orderBy('declined_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ uid: row.uid, title: row.title, organiserEmail: row.organiser_email, startAt: Number(row.start_at), endAt: Number(row.end_at), reason: row.reason, declinedAt: Number(row.declined_at) }));
    },

    /** An active colleague of the company by e-mail (an outside organiser). */
    async userByEmail(companyId: number, email: string): Promise<number | undefined> {
      const row = await db.selectFrom('users').select('id').where('company_id', '=', companyId).where('email_lower', '=', email.toLowerCase()).where('is_active', '=', 1).executeTakeFirst();
      return row?.id;
    },
    async userEmail(companyId: number, userId: number): Promise<string | null> {
      const row = await db.selectFrom('users').select('email').where('company_id', '=', companyId).where('id', '=', userId).executeTakeFirst();
      return row?.email ?? null;
    },
    /** What a write out needs of a booking. */
    async reservation(companyId: number, id: number) {
      const row = await reservations(companyId).where('r.id', '=', id).executeTakeFirst();
      return row ? presentReservation(row) : undefined;
    },
    /** A series made in Atrium (modules/booking, reservation_series): its rule and the wall-clock pattern in its zone. */
    async series(companyId: number, id: number) {
      const row = await db
        .selectFrom('reservation_series')
        .select(['id', 'rule', 'first_date', 'start_time', 'end_time', 'time_zone'])
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? { id: row.id, rule: RepeatRule.parse(JSON.parse(row.rule)), firstDate: row.first_date, startTime: row.start_time, endTime: row.end_time, timeZone: row.time_zone } : undefined;
    },
    /** Every booking of a series, whatever its status or room, by date. */
    async seriesReservations(companyId: number, seriesId: number) {
      const rows = await reservations(companyId)
        .where('r.series_id', '=', seriesId)
        .orderBy('r.start_at')
        .orderBy('r.id')
        .execute();
      return rows.map(presentReservation);
    },
    /** A room's active bookings ending after `from` (what a new link writes out). */
    async activeReservationIds(companyId: number, roomId: number, from: number): Promise<number[]> {
      const rows = await db
        .selectFrom('reservations')
        .select('id')
        .where('company_id', '=', companyId)
        .where('resource_id', '=', roomId)
        .where('status', 'in', ['pending', 'confirmed'])
        .where('end_at', '>', from)
        .execute();
      return rows.map((row) => row.id);
    },
    async isActiveUser(companyId: number, userId: number): Promise<boolean> {
      return (await db.selectFrom('users').select('id').where('company_id', '=', companyId).where('id', '=', userId).where('is_active', '=', 1).executeTakeFirst()) !== undefined;
    },
    async roomExists(companyId: number, roomId: number): Promise<boolean> {
      return (await db.selectFrom('rooms').select('id').where('company_id', '=', companyId).where('id', '=', roomId).executeTakeFirst()) !== undefined;
    },
  };
}
