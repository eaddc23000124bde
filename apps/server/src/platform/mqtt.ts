import mqtt, { type MqttClient } from 'mqtt';

/** Publishes to the MQTT broker devices listen on (DECISIONS.md, Devices). */
export interface MqttPublisher {
  /**
   * Publishes `payload` as JSON with QoS 1: resolves once the broker acknowledged it (PUBACK), so a
   * caller that records "sent" after it has the broker's word. Rejects when the broker cannot be
   * reached in time; the caller's work is then tried again (the outbox, the next job run).
   */
  publish(topic: string, payload: unknown): Promise<void>;
  close(): Promise<void>;
}

/** How long a publish waits for the broker before it fails (the caller retries later). */
const PUBLISH_TIMEOUT_MS = 10_000;

/**
 * A publisher on `url` that connects on first use and reconnects by itself; a publish while the
 * broker is away waits in the client's queue until the time-out. The client id is unique per
 * process, so several Atrium processes on one broker do not take each other's session.
 */
export function createMqttPublisher({ url, clientId, log }: { url: string; clientId: string; log: { warn(object: unknown, message: string): void } }): MqttPublisher {
  let client: MqttClient | null = null;
  const connection = () => {
    if (!client) {
      client = mqtt.connect(url, { clientId, reconnectPeriod: 2_000, connectTimeout: PUBLISH_TIMEOUT_MS, queueQoSZero: false });
      // A refused connection is reported and retried; the URL (which may hold a password) is not logged.
      client.on('error', (error) => log.warn({ err: { message: error.message } }, 'MQTT broker connection failed'));
    }
    return client;
  };

  return {
    async publish(topic, payload) {
      const body = JSON.stringify(payload);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`MQTT broker did not acknowledge ${topic} within ${PUBLISH_TIMEOUT_MS} ms`)), PUBLISH_TIMEOUT_MS);
      });
      try {
        await Promise.race([connection().publishAsync(topic, body, { qos: 1 }), timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      if (client) await client.endAsync();
      client = null;
    },
  };
}
