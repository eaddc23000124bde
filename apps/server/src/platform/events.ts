import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { startPgNotifyBridge } from './pg-notify.js';

/** A listener of an event bus; a thrown error or a rejected promise is logged, never passed on. */
export type EventListener<T> = (event: T) => void | Promise<void>;

export interface EventLog {
  error(object: unknown, message: string): void;
}

/** What tells other server processes of this one's events (the PostgreSQL NOTIFY bridge, platform/pg-notify.ts). */
export interface EventBridge<T> {
  channel: string;
  /** The NOTIFY payload of an event; null when it cannot be sent in a statement of the writer's. */
  payloadOf(event: T): string | null;
  /** Tells the other processes, after the event is committed. */
  publish(event: T): Promise<void>;
}

/** A NOTIFY sent by a statement of the writer's own transaction: PostgreSQL delivers it at commit, never for a rollback. */
export interface TransactionNotice {
  channel: string;
  payload: string;
}

export type EventBus<T extends object> = ReturnType<typeof createEventBus<T>>;

/**
 * Events told after their change is committed. Two kinds of listener:
 * - `onCommitted`: this process's events, at once after the commit;
 * - `onChange`: every event, this process's and, once a bridge delivers them (`deliverRemote`),
 *   other processes' on the same database (live views, door displays).
 * A listener that throws or rejects is logged under `name` and does not keep the others from hearing.
 * With a bridge (`bridgeTo`), `emit` tells the other processes too, unless the writer's transaction
 * already did with the statement `noticeFor` gave it; events from other processes are never sent on.
 */
export function createEventBus<T extends object>({ name, log }: { name: string; log: EventLog }) {
  const committed = new Set<EventListener<T>>();
  const changes = new Set<EventListener<T>>();
  let bridge: EventBridge<T> | null = null;
  // Events whose NOTIFY went out with the writer's transaction.
  const notified = new WeakSet<T>();

  function call(listeners: Set<EventListener<T>>, event: T) {
    const failed = (error: unknown) => log.error({ err: error, event }, `${name} listener failed`);
    for (const listener of listeners) {
      try {
        void Promise.resolve(listener(event)).catch(failed);
      } catch (error) {
        failed(error);
      }
    }
  }

  function subscribe(listeners: Set<EventListener<T>>, listener: EventListener<T>): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  return {
    /**
     * The NOTIFY for the writer to send inside the transaction that makes the change (saving the
     * statement `emit` would cost); undefined without a bridge or when the event is too large, and
     * `emit` then tells the other processes after the commit.
     */
    noticeFor(event: T): TransactionNotice | undefined {
      const payload = bridge?.payloadOf(event) ?? null;
      if (!bridge || payload === null) return undefined;
      notified.add(event);
      return { channel: bridge.channel, payload };
    },
    /** Tells this process's listeners of a committed event, and the other processes unless its transaction did. */
    emit(event: T): void {
      call(committed, event);
      call(changes, event);
      if (bridge && !notified.has(event)) {
        void bridge.publish(event).catch((error: unknown) => log.error({ err: error, event }, `${name} event not told to other processes`));
      }
    },
    /** Delivers an event another process committed (from the bridge): `onChange` listeners only, never sent on. */
    deliverRemote(event: T): void {
      call(changes, event);
    },
    /** Tells other processes of this one's events through `to` (see `bridgeToOtherProcesses`). */
    bridgeTo(to: EventBridge<T>): void {
      bridge = to;
    },
    onCommitted(listener: EventListener<T>): () => void {
      return subscribe(committed, listener);
    },
    onChange(listener: EventListener<T>): () => void {
      return subscribe(changes, listener);
    },
  };
}

export interface BridgeOptions {
  /** Where the listening connection goes (the app's DATABASE_URL). */
  connectionString: string;
  kysely: Kysely<DB>;
  /** The NOTIFY channel, one per bus. */
  channel: string;
  /** The listening connection came back after a loss: events in between are gone. */
  onReconnect?: () => void;
  log: EventLog & { warn(object: unknown, message: string): void };
}

/**
 * Joins a bus to the same bus in every other process on the PostgreSQL database: they hear this
 * one's events and this one theirs (the one place a bus meets platform/pg-notify.ts). Returns
 * what closes the listening connection.
 */
export async function bridgeToOtherProcesses<T extends object>(
  bus: Pick<EventBus<T>, 'bridgeTo' | 'deliverRemote'>,
  { connectionString, kysely, channel, onReconnect, log }: BridgeOptions,
): Promise<() => Promise<void>> {
  const bridge = await startPgNotifyBridge<T>({
    connectionString,
    kysely,
    channel,
    onMessage: (event) => bus.deliverRemote(event),
    ...(onReconnect ? { onReconnect } : {}),
    log,
  });
  bus.bridgeTo(bridge);
  return () => bridge.close();
}
