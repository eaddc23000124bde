import mqtt, { type IClientPublishOptions, type IPublishPacket, type MqttClient } from 'mqtt';

/** What a subscriber hands each message to. */
export type MqttMessageHandler = (topic: string, payload: Buffer, packet: IPublishPacket) => Promise<void> | void;

export interface MqttSubscriberOptions {
  url: string;
  /** Stable across restarts: with `clean: false` the broker keeps the session (and the QoS 1 messages) under it. */
  clientId: string;
  /** Topic filters, subscribed with QoS 1. */
  filters: string[];
  /**
   * Handles a message. A QoS 1 message is acknowledged (PUBACK) only when the promise resolves, so
   * what the handler committed is never lost; a rejection leaves it unacknowledged (the broker sends
   * it again on the next connection).
   */
  onMessage: MqttMessageHandler;
  /**
   * Told when as many acknowledgements wait as the broker lets through unacknowledged (`isAckWindowFull`
   * turns true): the broker sends nothing more until some are acknowledged, so write soon rather than on a timer.
   */
  onAckWindowFull?: () => void;
  log: { warn(object: unknown, message: string): void; info?(object: unknown, message: string): void };
  /** How long the broker keeps the session while we are away (MQTT 5 session expiry). */
  sessionExpirySeconds?: number;
  /**
   * How many QoS 1 messages the broker may send before we acknowledge any (MQTT 5 Receive Maximum,
   * sent in CONNECT, 1-65,535); Mosquitto uses it instead of its `max_inflight_messages` for MQTT 5 clients.
   */
  ackWindow?: number;
  /** First and longest wait between reconnection attempts; doubled after each failure. */
  reconnectMs?: { first: number; max: number };
}

export interface MqttSubscriber {
  /** Connects and subscribes; resolves once subscribed, rejects on the first connection error (the client keeps trying). */
  start(): Promise<void>;
  /** Publishes with QoS 1 and MQTT 5 properties; resolves on the broker's PUBACK. */
  publish(topic: string, payload: string, options?: Pick<IClientPublishOptions, 'properties' | 'retain'>): Promise<void>;
  /**
   * Adds a topic filter (kept across reconnections). `retainHandling` is MQTT 5's: 0 (the default) sends the
   * retained message when subscribing, 2 never does (a filter that only waits for what comes next).
   */
  subscribe(filter: string, options?: { retainHandling?: 0 | 2 }): Promise<void>;
  /** Drops a topic filter, also from a session the broker kept while we were away. */
  unsubscribe(filter: string): Promise<void>;
  /** Drops the connection as a network failure would (tests); the client reconnects by itself. */
  dropConnection(): void;
  close(): Promise<void>;
  readonly isConnected: boolean;
  /** Whether as many acknowledgements wait as the window allows: a message handled now is one the broker waits on. */
  readonly isAckWindowFull: boolean;
}

/**
 * Unacknowledged QoS 1 messages the broker may send us: twice the recorder's batch, so one batch fills
 * while the one before commits (decision 0020, "Throughput").
 */
export const DEFAULT_ACK_WINDOW = 10_000;

/**
 * PUBACKs we owe for a run of consecutive QoS 1 messages whose handlers answered with the same promise
 * (a batch's commit), or with none: sent once it settles (and every run before it was answered), on the
 * connection the messages came on. One entry and one `then` per run, not per message.
 */
interface OwedAcks {
  messageIds: number[];
  /** What the handlers answered; undefined for handlers that finished at once. */
  handled: Promise<void> | undefined;
  sentOn: number;
  client: MqttClient;
  outcome: 'waiting' | 'handled' | 'failed';
}

/** The handshake the client does not send by itself: the acknowledgement is ours to send, after the commit. */
const HELD = new Error('acknowledged after the handler');

/** An MQTT 5 PUBACK with reason code 0 and no properties, which may be sent in 4 bytes (MQTT 5, 3.4.2.1). */
const PUBACK_BYTES = 4;

/**
 * An MQTT 5 subscriber with a persistent session (clean: false), QoS 1, reconnection with doubling
 * back-off, and acknowledgements sent only after the handler committed a message, in the order the
 * messages came. mqtt.js's `handleMessage` would serialise the handlers (one commit per message); the
 * subscriber instead lets the next message in at once and sends the PUBACKs itself when a run of handlers
 * resolved (and every one before it was answered), so the handler can batch up to the window of
 * unacknowledged messages. A run's PUBACKs go out as one write of pre-encoded packets.
 */
export function createMqttSubscriber(options: MqttSubscriberOptions): MqttSubscriber {
  const { first, max } = options.reconnectMs ?? { first: 500, max: 30_000 };
  const ackWindow = options.ackWindow ?? DEFAULT_ACK_WINDOW;
  if (!Number.isInteger(ackWindow) || ackWindow < 1 || ackWindow > 65_535) throw new Error('ackWindow must be an integer from 1 to 65,535');
  let client: MqttClient | null = null;
  // Each connection's acknowledgements are sent on that connection only; a new one gets the messages again.
  let generation = 0;
  let held = 0;
  // Runs of QoS 1 messages whose PUBACKs we owe, in the order they came; acknowledged from the front as they settle.
  let owed: OwedAcks[] = [];
  let owedHead = 0;
  let whenAllAnswered: (() => void)[] = [];
  let lastUnowed: Promise<void> | undefined;
  // Each filter with its retain handling.
  const filters = new Map<string, 0 | 2>(options.filters.map((filter) => [filter, 0]));
  // Filters dropped since the last connection: a session the broker kept may still hold them.
  const dropped = new Set<string>();
  // Whether the filters changed since the broker last acknowledged them: a kept session is then brought up to date.
  let isChanged = false;
  let subscribed: (() => void) | undefined;

  const acknowledgeInOrder = () => {
    let count = 0;
    let end = owedHead;
    while (end < owed.length && owed[end]!.outcome !== 'waiting') {
      const run = owed[end]!;
      held -= run.messageIds.length;
      if (run.outcome === 'handled' && run.sentOn === generation && run.client.connected) count += run.messageIds.length;
      end += 1;
    }
    if (count > 0) {
      // Every run sendable here came on the current connection: one write for all of them.
      const packets = Buffer.allocUnsafe(count * PUBACK_BYTES);
      let at = 0;
      let current: MqttClient | undefined;
      for (let index = owedHead; index < end; index++) {
        const run = owed[index]!;
        if (run.outcome !== 'handled' || run.sentOn !== generation || !run.client.connected) continue;
        current = run.client;
        for (const messageId of run.messageIds) {
          packets[at] = 0x40;
          packets[at + 1] = 2;
          packets.writeUInt16BE(messageId, at + 2);
          at += PUBACK_BYTES;
        }
      }
      current!.stream.write(packets);
    }
    owedHead = end;
    if (owedHead === owed.length) {
      owed = [];
      owedHead = 0;
      const waiters = whenAllAnswered;
      whenAllAnswered = [];
      for (const resolve of waiters) resolve();
    } else if (owedHead >= 1_024) {
      // Under steady load the list never empties: drop its answered front now and then.
      owed = owed.slice(owedHead);
      owedHead = 0;
    }
  };

  /** The run a QoS 1 message joins: the last one if its handler answered the same way and it is still open, else a new one. */
  const owe = (current: MqttClient, messageId: number, handled: Promise<void> | undefined, isFailed: boolean) => {
    const last = owedHead < owed.length ? owed[owed.length - 1] : undefined;
    if (!isFailed && last && last.handled === handled && last.sentOn === generation && (handled === undefined ? last.outcome === 'handled' : last.outcome === 'waiting')) {
      last.messageIds.push(messageId);
      return;
    }
    const run: OwedAcks = { messageIds: [messageId], handled, sentOn: generation, client: current, outcome: isFailed ? 'failed' : handled === undefined ? 'handled' : 'waiting' };
    owed.push(run);
    if (handled === undefined) return;
    handled.then(
      () => {
        run.outcome = 'handled';
        if (owed[owedHead] === run) acknowledgeInOrder();
      },
      (error: unknown) => {
        options.log.warn({ err: { message: (error as Error).message } }, 'MQTT message not handled; the broker sends it again');
        run.outcome = 'failed';
        if (owed[owedHead] === run) acknowledgeInOrder();
      },
    );
  };

  const connect = () => {
    const current = mqtt.connect(options.url, {
      clientId: options.clientId,
      protocolVersion: 5,
      clean: false,
      properties: { sessionExpiryInterval: options.sessionExpirySeconds ?? 3_600, receiveMaximum: ackWindow },
      reconnectPeriod: first,
      connectTimeout: 10_000,
      queueQoSZero: false,
      // Subscriptions are ours to renew: only when the broker did not keep the session.
      resubscribe: false,
      // mqtt.js logs several debug lines per message through \`debug\`, which checks whether each is enabled:
      // a tenth of its cost per message. DEBUG=mqttjs* still turns them on.
      ...(/mqttjs/.test(process.env.DEBUG ?? '') ? {} : { log: () => undefined }),
    });
    current.on('error', (error) => options.log.warn({ err: { message: error.message } }, 'MQTT broker connection failed'));
    current.on('close', () => {
      generation += 1;
      current.options.reconnectPeriod = Math.min(max, (current.options.reconnectPeriod ?? first) * 2);
    });
    current.on('connect', (connack) => {
      current.options.reconnectPeriod = first;
      // PUBACKs are small writes answering the broker's stream: Nagle's algorithm may hold one back until the
      // broker's delayed TCP acknowledgement.
      (current.stream as { setNoDelay?: (noDelay: boolean) => void }).setNoDelay?.(true);
      // A session the broker kept still has its subscriptions (and its queued messages); a new one subscribes, and a
      // kept one whose filters changed meanwhile is brought up to date (retain handling 1 on a kept subscription: the
      // retained messages are not sent again).
      if (connack.sessionPresent && !isChanged) return void subscribed?.();
      const stale = connack.sessionPresent ? [...dropped] : [];
      dropped.clear();
      isChanged = false;
      const wanted = Object.fromEntries([...filters].map(([filter, rh]) => [filter, { qos: 1 as const, rh: connack.sessionPresent && rh === 0 ? 1 : rh }]));
      current.subscribe(wanted, (error) => {
        if (error) options.log.warn({ err: { message: error.message } }, 'MQTT subscription failed');
        else subscribed?.();
      });
      if (stale.length > 0) current.unsubscribe(stale, (error) => error && options.log.warn({ err: { message: error.message } }, 'MQTT unsubscription failed'));
    });
    current.handleMessage = (packet, callback) => {
      const isOwed = packet.qos === 1 && packet.messageId !== undefined;
      let handled: Promise<void> | void = undefined;
      let isFailed = false;
      try {
        handled = options.onMessage(packet.topic, Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload), packet);
      } catch (error) {
        options.log.warn({ err: { message: (error as Error).message } }, isOwed ? 'MQTT message not handled; the broker sends it again' : 'MQTT message not handled');
        isFailed = true;
      }
      if (!isOwed) {
        // QoS 0 messages of one batch answer with its one promise: watched once.
        if (handled && handled !== lastUnowed) {
          lastUnowed = handled;
          handled.catch((error: unknown) => options.log.warn({ err: { message: (error as Error).message } }, 'MQTT message not handled'));
        }
        return callback();
      }
      held += 1;
      owe(current, packet.messageId!, handled ?? undefined, isFailed);
      if (held === ackWindow) options.onAckWindowFull?.();
      // A run settled or failed at once, at the front of the list, is answered now.
      if (owed[owedHead]!.outcome !== 'waiting') acknowledgeInOrder();
      // The client goes on to the next message; a QoS 1 message's PUBACK follows its commit (above).
      callback(HELD);
    };
    return current;
  };

  const live = () => {
    if (!client) throw new Error('The MQTT subscriber is not started');
    return client;
  };

  return {
    async start() {
      client = connect();
      const current = client;
      await new Promise<void>((resolve, reject) => {
        subscribed = resolve;
        current.once('error', reject);
      });
    },
    async publish(topic, payload, publishOptions) {
      await live().publishAsync(topic, payload, { qos: 1, ...publishOptions });
    },
    async subscribe(filter, subscribeOptions) {
      if (filters.has(filter)) return;
      const rh = subscribeOptions?.retainHandling ?? 0;
      filters.set(filter, rh);
      dropped.delete(filter);
      if (!client?.connected) return void (isChanged = true);
      await client.subscribeAsync(filter, { qos: 1, rh });
    },
    async unsubscribe(filter) {
      if (!filters.delete(filter) && dropped.has(filter)) return;
      dropped.add(filter);
      if (!client?.connected) return void (isChanged = true);
      await client.unsubscribeAsync(filter);
      dropped.delete(filter);
    },
    dropConnection() {
      live().stream.destroy();
    },
    async close() {
      const current = client;
      client = null;
      if (!current) return;
      if (owedHead < owed.length) await new Promise<void>((resolve) => whenAllAnswered.push(resolve));
      await current.endAsync();
    },
    get isConnected() {
      return client?.connected ?? false;
    },
    get isAckWindowFull() {
      return held >= ackWindow;
    },
  };
}
