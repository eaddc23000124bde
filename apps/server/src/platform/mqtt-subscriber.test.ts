import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { createMqttSubscriber, type MqttSubscriber } from './mqtt-subscriber.js';

/** The local Mosquitto (DECISIONS.md: tests use the real broker). */
const BROKER = process.env.ATRIUM_TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';

async function until(isDone: () => boolean, timeoutMs = 8_000): Promise<void> {
  const started = Date.now();
  while (!isDone() && Date.now() - started < timeoutMs) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('MQTT subscriber: acknowledgements', () => {
  const prefix = `atrium-test-${randomBytes(6).toString('hex')}`;
  const clientId = `${prefix}-subscriber`;
  let subscriber: MqttSubscriber | undefined;

  afterAll(async () => {
    await subscriber?.close();
    const sweeper = await mqtt.connectAsync(BROKER, { clientId, protocolVersion: 5, clean: true });
    await sweeper.endAsync();
  });

  it('acknowledges in the order messages came: one handled at once waits behind one still being handled, and the broker sends both again', async () => {
    const received: string[] = [];
    let release!: () => void;
    const firstHandled = new Promise<void>((resolve) => (release = resolve));
    subscriber = createMqttSubscriber({
      url: BROKER,
      clientId,
      filters: [`${prefix}/#`],
      log: { warn: () => undefined },
      reconnectMs: { first: 100, max: 1_000 },
      onMessage: (topic) => {
        received.push(topic.slice(prefix.length + 1));
        // The first delivery of `a` is handled only when released; everything else at once.
        return received.length === 1 ? firstHandled : undefined;
      },
    });
    await subscriber.start();
    const device = await mqtt.connectAsync(BROKER, { clientId: `${prefix}-device`, protocolVersion: 5 });
    try {
      await device.publishAsync(`${prefix}/a`, '1', { qos: 1 });
      await device.publishAsync(`${prefix}/b`, '2', { qos: 1 });
      await until(() => received.length >= 2);
      expect(received).toEqual(['a', 'b']);
      // `b` was handled at once but owes its acknowledgement to `a`'s: neither went out, so the broker sends both again.
      subscriber.dropConnection();
      await until(() => received.length >= 4);
      expect(received).toEqual(['a', 'b', 'a', 'b']);
      release();
      // Now every one is acknowledged (the first connection's on that connection only, which is gone): a new
      // connection receives nothing again, and a new message comes through.
      await new Promise((resolve) => setTimeout(resolve, 300));
      subscriber.dropConnection();
      await device.publishAsync(`${prefix}/c`, '3', { qos: 1 });
      await until(() => received.length >= 5);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(received).toEqual(['a', 'b', 'a', 'b', 'c']);
    } finally {
      await device.endAsync();
    }
  });
});
