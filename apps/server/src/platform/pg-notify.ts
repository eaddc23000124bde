import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { DB } from '../db/schema.js';

/** PostgreSQL caps a NOTIFY payload at 8000 bytes. */
const PAYLOAD_MAX = 7900;
const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;

export interface PgNotifyBridgeOptions<T> {
  /** Where a dedicated listening connection goes (the app's DATABASE_URL). */
  connectionString: string;
  /** The pool's query builder, for NOTIFY. */
  kysely: Kysely<DB>;
  channel: string;
  /** A message from another process. */
  onMessage: (message: T) => void;
  /** The listening connection came back after a loss: notifications in between are gone. */
  onReconnect?: () => void;
  log: { warn(object: unknown, message: string): void };
}

export type PgNotifyBridge<T> = Awaited<ReturnType<typeof startPgNotifyBridge<T>>>;

/**
 * Fans messages out to every process on the same PostgreSQL database: each process LISTENs on
 * `channel` with a connection of its own; `publish` NOTIFYs with this process's id so a process
 * skips its own messages. A lost listening connection is opened again, waiting longer each time.
 */
export async function startPgNotifyBridge<T>(options: PgNotifyBridgeOptions<T>) {
  const { connectionString, kysely, channel, onMessage, onReconnect, log } = options;
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name: ${channel}`);
  const processId = randomUUID();
  let client: pg.Client | null = null;
  let closed = false;
  let delay = RECONNECT_MIN_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  let hasConnected = false;

  function handle(notification: pg.Notification) {
    if (notification.channel !== channel || !notification.payload) return;
    try {
      const envelope = JSON.parse(notification.payload) as { from: string; message: T };
      if (envelope.from === processId) return;
      onMessage(envelope.message);
    } catch (error) {
      log.warn({ err: error }, 'unreadable notification');
    }
  }

  function scheduleReconnect() {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect().catch(() => undefined);
    }, delay);
    retryTimer.unref();
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
  }

  async function connect(): Promise<void> {
    if (closed) return;
    const next = new pg.Client({ connectionString, application_name: 'atrium-live' });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (client === next) client = null;
      next.removeAllListeners('notification');
      void next.end().catch(() => undefined);
      if (!closed) {
        log.warn({ err: error }, 'live notification connection lost; reconnecting');
        scheduleReconnect();
      }
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    next.on('notification', handle);
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      onLost(error as Error);
      throw error;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    delay = RECONNECT_MIN_MS;
    if (hasConnected) onReconnect?.();
    hasConnected = true;
  }

  await connect();

  /** The NOTIFY payload of a message, or null when it is too large even without its reservation ids. */
  function payloadOf(message: T & { reservationIds?: number[] }): string | null {
    let payload = JSON.stringify({ from: processId, message });
    // A large series names many meetings; the rooms are what listeners need.
    if (payload.length > PAYLOAD_MAX && Array.isArray(message.reservationIds)) payload = JSON.stringify({ from: processId, message: { ...message, reservationIds: [] } });
    return payload.length > PAYLOAD_MAX ? null : payload;
  }

  return {
    processId,
    channel,
    /**
     * The payload for a NOTIFY sent by a statement of the writer's own transaction (PostgreSQL
     * delivers it at commit, and never for a rollback), saving the statement `publish` costs.
     */
    payloadOf,
    /** Tells the other processes (after the change is committed). */
    async publish(message: T & { reservationIds?: number[] }): Promise<void> {
      const payload = payloadOf(message);
      if (payload === null) throw new Error('notification too large');
      await sql`select pg_notify(${channel}, ${payload})`.execute(kysely);
    },
    /** The backend pid of the listening connection (tests end it to prove the reconnect). */
    async listenerPid(): Promise<number | null> {
      if (!client) return null;
      const result = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      return result.rows[0]?.pid ?? null;
    },
    isListening: () => client !== null,
    async close(): Promise<void> {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const current = client;
      client = null;
      if (current) {
        current.removeAllListeners('notification');
        await current.end().catch(() => undefined);
      }
    },
  };
}
