import { createHash, randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { TEST_DIALECT } from '../../test/database.js';
import type { TestUser } from '../../test/factories.js';
import { createSignedLinks } from '../../platform/signed-links.js';
import { LOCATION_LEVEL } from '../location/location.repository.js';
import type { DoorGrant, DoorRevocation } from './visitor-door-access.js';

const HOUR = 3_600_000;
/** The local Mosquitto (DECISIONS.md: tests use the real broker). */
const BROKER = process.env.ATRIUM_TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';

interface Received {
  topic: string;
  body: DoorGrant | DoorRevocation;
}

describe(`visitors: door access over MQTT (${TEST_DIALECT})`, () => {
  // A prefix of this run's own: other runs on the broker publish elsewhere.
  const prefix = `atrium-test-${randomBytes(6).toString('hex')}`;
  let t: TestApp;
  let door: MqttClient;
  const received: Received[] = [];
  let receptionToken: string;
  let host: TestUser;
  let companyId: number;
  let lobby: number;
  let reasonId: number;

  beforeAll(async () => {
    door = await mqtt.connectAsync(BROKER, { clientId: `${prefix}-door` });
    await door.subscribeAsync(`${prefix}/#`, { qos: 1 });
    door.on('message', (topic, payload) => received.push({ topic, body: JSON.parse(payload.toString()) as DoorGrant | DoorRevocation }));
    t = await createTestApp({ config: { mqttUrl: BROKER, mqttTopicPrefix: prefix, sessionIdleMinutes: 1_000_000 } });
    const a = await t.factories.companyWithAdmin('Door Co');
    companyId = a.company.id;
    receptionToken = await t.factories.session(await t.factories.user(companyId, { permissions: ['visitorDisplay:edit', 'records:view', 'events:view'] }));
    host = await t.factories.user(companyId, { permissions: ['events:view'] });
    lobby = await t.factories.location({ companyId, level: LOCATION_LEVEL.building, name: 'Door House', timeZone: 'Europe/London' });
    reasonId = (await call<{ id: number }>(t.app, { method: 'POST', url: '/api/visitor/reason/add', headers: { token: receptionToken }, payload: { name: 'Meeting' } })).body.result.id;
  });
  afterAll(async () => {
    await t.cleanup();
    await door.endAsync();
  });

  const post = (url: string, payload: Record<string, unknown>) => call<{ id: number }>(t.app, { method: 'POST', url: `/api/visitor/${url}`, headers: { token: receptionToken }, payload });
  const invite = async (name: string, visitAt: number, expectedEndAt: number) =>
    (await post('invite', { visitor: { name, email: `${name.split(' ')[0]!.toLowerCase()}@guest.test` }, reasonId, hostId: host.id, locationId: lobby, visitAt, expectedEndAt })).body.result.id;
  /** Lets the outbox worker and the broker finish, then answers what the doors got for a visit. */
  const doorsGot = async (visitId: number, count: number) => {
    await t.app.bookingInvitations.drain();
    const started = Date.now();
    while (received.filter((message) => message.body.visitId === visitId).length < count && Date.now() - started < 5000) await new Promise((resolve) => setTimeout(resolve, 20));
    // A moment more, so a message that should not come has had its chance.
    await new Promise((resolve) => setTimeout(resolve, 200));
    return received.filter((message) => message.body.visitId === visitId);
  };

  it('grants a checked-in visitor the doors until the end of the visit, once, and revokes it at check-out', async () => {
    const visitAt = t.clock.now() + 90 * 60_000;
    const id = await invite('Greta Grant', visitAt, visitAt + 2 * HOUR);
    expect((await post('check-in', { id })).status).toBe(200);
    const [granted, ...more] = await doorsGot(id, 1);
    expect(more).toEqual([]);
    expect(granted!.topic).toBe(`${prefix}/${companyId}/access/${lobby}/grant`);
    const grant = granted!.body as DoorGrant;
    // Checked in 90 minutes early: the doors open from the unlock threshold, an hour before the visit.
    expect(grant).toMatchObject({ companyId, visitId: id, locationId: lobby, visitorName: 'Greta Grant', validFrom: visitAt - HOUR, validUntil: visitAt + 2 * HOUR });
    // The credential is the pass code's hash: what a reader computes from the scanned QR code.
    const passCode = await createSignedLinks(t.db.kysely).sign('visitPass', { companyId, subject: id.toString(36), expiresAt: visitAt + 2 * HOUR + 30 * 24 * HOUR }, t.clock.now());
    expect(grant.credential).toBe(createHash('sha256').update(passCode).digest('hex'));

    expect((await post('check-out', { id })).status).toBe(200);
    const messages = await doorsGot(id, 2);
    expect(messages.map((message) => [message.topic.split('/').at(-1), message.body.grantId])).toEqual([
      ['grant', grant.grantId],
      ['revoke', grant.grantId],
    ]);
  });

  it('grants nothing to a visit that cannot be checked in, and revokes a grant that ran out', async () => {
    const late = await invite('Larry Late', t.clock.now() + HOUR, t.clock.now() + 2 * HOUR);
    const cancelled = await invite('Cara Cancelled', t.clock.now() + HOUR, t.clock.now() + 2 * HOUR);
    expect((await post('cancel', { id: cancelled })).status).toBe(200);
    expect((await post('check-in', { id: cancelled })).status).toBe(422);
    // Past the visit's end: the check-in is refused and no grant goes out.
    t.clock.advance(2 * HOUR + 1);
    expect((await post('check-in', { id: late })).status).toBe(422);
    expect(await doorsGot(late, 0)).toEqual([]);
    expect(await doorsGot(cancelled, 0)).toEqual([]);

    const short = await invite('Sam Short', t.clock.now() + 10 * 60_000, t.clock.now() + 40 * 60_000);
    expect((await post('check-in', { id: short })).status).toBe(200);
    const [granted] = await doorsGot(short, 1);
    // Nobody checked Sam out: once the visit is over, the job takes the doors back.
    await t.app.scheduler.tick();
    expect(await doorsGot(short, 1)).toHaveLength(1);
    t.clock.advance(41 * 60_000);
    await t.app.scheduler.tick();
    const messages = await doorsGot(short, 2);
    expect(messages.map((message) => [message.topic.split('/').at(-1), message.body.grantId])).toEqual([
      ['grant', granted!.body.grantId],
      ['revoke', granted!.body.grantId],
    ]);
    // Revoked once: the next run publishes nothing more.
    await t.app.scheduler.tick();
    expect(await doorsGot(short, 2)).toHaveLength(2);
  });
});
