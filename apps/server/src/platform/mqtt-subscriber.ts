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
  /** Adds a topic filter (kept across reconnections). */
  subscribe(filter: string): Promise<void>;
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

/** A PUBACK we owe: sent once the message's handler resolved, on the connection the message came on. */
interface OwedAck {
  messageId: number;
  sentOn: number;
  client: MqttClient;
  outcome: 'waiting' | 'handled' | 'failed';
}

/** The handshake the client does not send by itself: the acknowledgement is ours to send, after the commit. */
const HELD = new Error('acknowledged after the handler');

/**
 * An MQTT 5 subscriber with a persistent session (clean: false), QoS 1, reconnection with doubling
 * back-off, and acknowledgements sent only after the handler committed a message, in the order the
 * messages came. mqtt.js's `handleMessage` would serialise the handlers (one commit per message); the
 * subscriber instead lets the next message in at once and sends each PUBACK itself when its handler
 * resolved (and every one before it was answered), so the handler can batch up to the window of
 * unacknowledged messages.
 */
export function createMqttSubscriber(options: MqttSubscriberOptions): MqttSubscriber {
  const { first, max } = options.reconnectMs ?? { first: 500, max: 30_000 };
  const ackWindow = options.ackWindow ?? DEFAULT_ACK_WINDOW;
  if (!Number.isInteger(ackWindow) || ackWindow < 1 || ackWindow > 65_535) throw new Error('ackWindow must be an integer from 1 to 65,535');
  let client: MqttClient | null = null;
  // Each connection's acknowledgements are sent on that connection only; a new one gets the messages again.
  let generation = 0;
  let held = 0;
  // QoS 1 messages whose PUBACK we owe, in the order they came; acknowledged from the front as their handlers finish.
  let owed: OwedAck[] = [];
  let owedHead = 0;
  let whenAllAnswered: (() => void)[] = [];
  const filters = new Set(options.filters);
  let subscribed: (() => void) | undefined;

  const sendAck = (current: MqttClient, messageId: number) =>
    (current as unknown as { _sendPacket(packet: object): void })._sendPacket({ cmd: 'puback', messageId, reasonCode: 0 });

  const acknowledgeInOrder = () => {
    while (owedHead < owed.length && owed[owedHead]!.outcome !== 'waiting') {
      const entry = owed[owedHead]!;
      owedHead += 1;
      held -= 1;
      if (entry.outcome === 'handled' && entry.sentOn === generation && entry.client.connected) sendAck(entry.client, entry.messageId);
    }
    if (owedHead === owed.length) {
      owed = [];
      owedHead = 0;
      const waiters = whenAllAnswered;
      whenAllAnswered = [];
      for (const resolve of waiters) resolve();
    } else if (owedHead >= 4_096) {
      // Under steady load the list never empties: drop its answered front now and then.
      owed = owed.slice(owedHead);
      owedHead = 0;
    }
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
      // A session the broker kept still has its subscriptions (and its queued messages); a new one subscribes.
      if (connack.sessionPresent) return void subscribed?.();
      current.subscribe([...filters], { qos: 1 }, (error) => {
        if (error) options.log.warn({ err: { message: error.message } }, 'MQTT subscription failed');
        else subscribed?.();
      });
    });
    current.handleMessage = (packet, callback) => {
      let entry: OwedAck | undefined;
      if (packet.qos === 1 && packet.messageId !== undefined) {
        entry = { messageId: packet.messageId, sentOn: generation, client: current, outcome: 'waiting' };
        owed.push(entry);
        held += 1;
        if (held === ackWindow) options.onAckWindowFull?.();
      }
      let handled: Promise<void> | void;
      try {
        handled = options.onMessage(packet.topic, Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload), packet);
      } catch (error) {
        handled = Promise.reject(error as Error);
      }
      void Promise.resolve(handled).then(
        () => {
          if (!entry) return;
          entry.outcome = 'handled';
          acknowledgeInOrder();
        },
        (error: unknown) => {
          options.log.warn({ err: { message: (error as Error).message } }, entry ? 'MQTT message not handled; the broker sends it again' : 'MQTT message not handled');
          if (!entry) return;
          entry.outcome = 'failed';
          acknowledgeInOrder();
        },
      );
      // The client goes on to the next message; a QoS 1 message's PUBACK follows its commit (above).
      if (entry) callback(HELD);
      else callback();
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
    async subscribe(filter) {
      if (filters.has(filter)) return;
      filters.add(filter);
      await live().subscribeAsync(filter, { qos: 1 });
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
