import { randomUUID } from 'node:crypto';
import type { IPublishPacket } from 'mqtt';
import { HOMIE_STATES, SMART_DEVICE_LIMITS, type HomieState } from '@atrium/contract';
import type { Clock } from '../../platform/clock.js';
import type { Leases } from '../../platform/leases.js';
import { createMqttSubscriber, type MqttSubscriber } from '../../platform/mqtt-subscriber.js';
import { createSmartDeviceRecorder, MalformedValue, type DeviceEvent, type RecorderOptions, type SmartDeviceRecorder } from './smart-device-recorder.js';
import { MalformedPack, readSenmlPack } from './smart-device-senml.js';
import type { CommandResult, HomieDescription, SmartDeviceRef, SmartDeviceRepository } from './smart-device.repository.js';

export interface GatewayOptions {
  url: string;
  /** Stable per process across restarts (the broker keeps its session). */
  clientId: string;
  /** MQTT_TOPIC_PREFIX: a company's root is `<prefix>/<companyId>`. */
  prefix: string;
  devices: SmartDeviceRepository;
  clock: Clock;
  log: { warn(object: unknown, message: string): void };
  /** A command not answered in this time is recorded as timed out. */
  commandTimeoutMs?: number;
  batch?: { maxBatch?: number; flushMs?: number };
  /** Unacknowledged QoS 1 messages the broker may send (MQTT 5 Receive Maximum; the subscriber's default otherwise). */
  ackWindow?: number;
  /** Told each committed batch's readings (the recorder's `onCommitted`). */
  onCommitted?: RecorderOptions['onCommitted'];
  reconnectMs?: { first: number; max: number };
  /**
   * Several processes on one database (decision 0022, "The device gateway's leader"): only the holder of the
   * `smart-device-gateway` lease subscribes to readings and records them. Without it this gateway always leads.
   */
  leadership?: { leases: Pick<Leases, 'hold' | 'release'>; termMs?: number; renewMs?: number };
}

/** The lease whose holder records what devices send. */
export const GATEWAY_LEASE = 'smart-device-gateway';
/** How long a leader's lease lasts without renewal: a killed leader is replaced within this time. */
export const GATEWAY_LEASE_TERM_MS = 30_000;
/** How often each process renews (the leader) or tries to take (the others) the lease. */
export const GATEWAY_LEASE_RENEW_MS = 10_000;

export interface SendCommand {
  companyId: number;
  deviceId: number;
  node: string;
  property: string;
  value: string;
  issuedBy: number | null;
}

/** What the gateway counts (health, tests, the benchmark). */
export interface GatewayCounters {
  messages: number;
  malformed: number;
  unknownDevices: number;
  duplicateAcks: number;
}

const HOMIE_STATE_SET = new Set<string>(HOMIE_STATES);
const NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;
/** Unknown devices are looked up again after this long (a device registered meanwhile joins). */
const UNKNOWN_TTL_MS = 10_000;
/**
 * Known devices are looked up again after this long: an edit or delete in this process forgets its
 * device at once (`forget`), one made by another process is seen within this time.
 */
const KNOWN_TTL_MS = 60_000;
/** At most one warn line per this long about malformed payloads, with the count since the last. */
const MALFORMED_LOG_MS = 10_000;

/** Home Assistant device classes read as the air and presence metrics of Homie nodes. */
const HA_METRICS: Readonly<Record<string, { metric: string; property: string }>> = {
  temperature: { metric: 'air.temperature', property: 'temperature' },
  humidity: { metric: 'air.humidity', property: 'humidity' },
  carbon_dioxide: { metric: 'air.co2', property: 'co2' },
  pm25: { metric: 'air.pm25', property: 'pm25' },
  pm10: { metric: 'air.pm10', property: 'pm10' },
  volatile_organic_compounds: { metric: 'air.tvoc', property: 'tvoc' },
  volatile_organic_compounds_parts: { metric: 'air.tvoc', property: 'tvoc' },
  occupancy: { metric: 'presence.occupancy', property: 'occupancy' },
  presence: { metric: 'presence.occupancy', property: 'occupancy' },
  motion: { metric: 'presence.occupancy', property: 'occupancy' },
};

interface HaStateTopic {
  companyId: number;
  homieId: string;
  node: string;
  property: string;
  metric: string;
  unit: string | undefined;
  /** `value_json.<key>`: the value is that key of a JSON payload. */
  jsonKey: string | undefined;
  payloadOn: string;
  payloadOff: string;
  isBinary: boolean;
}

/** A device looked up by its Homie id: the lookup, and once settled what it found (read without waiting). */
interface CachedDevice {
  device: Promise<SmartDeviceRef | undefined>;
  isSettled: boolean;
  found: SmartDeviceRef | undefined;
  until: number;
}

/** A Homie property value topic, `<prefix>/<company>/homie/5/<device>/<node>/<property>`, read once. */
interface ValueRoute {
  companyId: number;
  homieId: string;
  /** The device cache's key. */
  deviceKey: string;
  node: string;
  property: string;
  /** The last time stamped for this property of `stampDeviceId` (shared with every other path to it). */
  stamp: { at: number };
  stampDeviceId: number;
}

/** Topics whose reading is kept; past this many the map starts again (devices choose their topics). */
const MAX_ROUTES = 100_000;

interface PendingCommand {
  id: string;
  companyId: number;
  deviceId: number;
  node: string;
  property: string;
  value: string;
  timer: NodeJS.Timeout;
  settle: (result: CommandResult) => void;
  /** The value topic a process that does not lead listens on for the echo of a device without MQTT 5. */
  echoTopic: string | undefined;
}

/**
 * The device gateway (decision 0020, "The device gateway"; docs/devices-mqtt.md): reads the Homie 5
 * topics, SenML packs, command acknowledgements and Home Assistant discovery of every company under the prefix,
 * records what devices say through the batching recorder (the HTTP device API uses the same one), and
 * sends commands.
 */
export function createSmartDeviceGateway(options: GatewayOptions) {
  const { prefix, devices, clock, log } = options;
  const commandTimeoutMs = options.commandTimeoutMs ?? 10_000;
  const counters: GatewayCounters = { messages: 0, malformed: 0, unknownDevices: 0, duplicateAcks: 0 };
  const recorder: SmartDeviceRecorder = createSmartDeviceRecorder({ devices, clock, ...options.batch, onCommitted: options.onCommitted });
  const cache = new Map<string, CachedDevice>();
  // A topic's reading: null for any other topic (read by the general path, level by level).
  const routes = new Map<string, ValueRoute | null>();
  const haTopics = new Map<string, HaStateTopic>();
  const pending = new Map<string, PendingCommand>();
  // The last time stamped per device property: MQTT values carry no time of their own, and a backlog
  // the broker redelivers after a reconnection arrives within a millisecond; each keeps its own time.
  const lastStamp = new Map<string, { at: number }>();
  const stampCell = (deviceId: number, node: string, property: string) => {
    const key = `${deviceId}/${node}/${property}`;
    let cell = lastStamp.get(key);
    if (!cell) lastStamp.set(key, (cell = { at: 0 }));
    return cell;
  };
  const stampOn = (cell: { at: number }) => (cell.at = Math.max(clock.now(), cell.at + 1));
  const stamp = (deviceId: number, node: string, property: string) => stampOn(stampCell(deviceId, node, property));
  let malformedSinceLog = 0;
  let lastMalformedLog = 0;
  const ackFilter = `${prefix}/+/atrium/ack/#`;
  const readingFilters = [`${prefix}/+/homie/5/#`, `${prefix}/+/senml/+`, `${prefix}/+/homeassistant/#`];
  const leadership = options.leadership;
  const termMs = leadership?.termMs ?? GATEWAY_LEASE_TERM_MS;
  const renewMs = leadership?.renewMs ?? GATEWAY_LEASE_RENEW_MS;
  // Whether this process records what devices send; without a lease to share it always does.
  let isLeading = !leadership;
  let lastHeldAt = 0;
  let leaseTimer: NodeJS.Timeout | undefined;
  let checking: Promise<boolean> | undefined;
  let isClosed = false;
  // Value topics listened on while not leading, for the echo of commands sent from here, with how many wait on each.
  const echoTopics = new Map<string, number>();

  const deviceOf = (companyId: number, homieId: string, key = `${companyId}/${homieId}`): Promise<SmartDeviceRef | undefined> => {
    const hit = cache.get(key);
    if (hit && hit.until > Date.now()) return hit.device;
    const device = devices.findByHomieId(companyId, homieId);
    const entry: CachedDevice = { device, isSettled: false, found: undefined, until: Date.now() + KNOWN_TTL_MS };
    cache.set(key, entry);
    void device.then(
      (found) => {
        entry.isSettled = true;
        entry.found = found;
        if (!found) entry.until = Date.now() + UNKNOWN_TTL_MS;
      },
      () => {
        if (cache.get(key) === entry) cache.delete(key);
      },
    );
    return device;
  };

  const malformed = (topic: string, reason: string) => {
    counters.malformed += 1;
    malformedSinceLog += 1;
    const now = Date.now();
    if (now - lastMalformedLog >= MALFORMED_LOG_MS) {
      // The topic and the reason only: a payload may carry anything.
      log.warn({ topic, reason, droppedSinceLastLine: malformedSinceLog }, 'Malformed device message dropped');
      lastMalformedLog = now;
      malformedSinceLog = 0;
    }
  };

  /** Resolves once the events are committed; throws MalformedValue (nothing recorded) for a value that does not fit its datatype. */
  const record = (device: SmartDeviceRef, events: DeviceEvent[]): Promise<void> => {
    for (const event of events) {
      if (event.type === 'description') device.description = event.description;
      if (event.type === 'value' && pending.size > 0) echo(device, event.node, event.property, event.value);
    }
    const committed = recorder.record(device, events);
    // While the broker waits on our acknowledgements, a value that arrives late (after its device was looked up)
    // is written at once, not on the timer: nothing else is coming until this batch commits.
    if (subscriber?.isAckWindowFull) recorder.flushSoon();
    return committed;
  };

  const settle = async (command: PendingCommand, result: Exclude<CommandResult, 'pending'>, error: string | null): Promise<boolean> => {
    const answered = await devices.answerCommand({ id: command.id, companyId: command.companyId, deviceId: command.deviceId, result, error, at: clock.now() });
    if (pending.get(command.id) === command) {
      clearTimeout(command.timer);
      pending.delete(command.id);
      command.settle(result);
      if (command.echoTopic) void stopEcho(command.echoTopic);
    }
    return answered;
  };

  /** A device without MQTT 5 acknowledges a command by publishing the commanded value. */
  const echo = (device: SmartDeviceRef, node: string, property: string, value: string) => {
    for (const command of pending.values()) {
      if (command.deviceId === device.id && command.node === node && command.property === property && command.value === value) void settle(command, 'acked', null);
    }
  };

  const onHomie = async (companyId: number, topic: string, levels: string[], payload: Buffer) => {
    const [homieId, ...rest] = levels;
    if (!homieId || !NAME.test(homieId) || rest.length === 0) return malformed(topic, 'not a Homie device topic');
    // Our own commands and other attributes come back on the wildcard; an empty payload clears a retained value.
    if (rest.at(-1) === 'set' || rest.at(-1) === '$target' || payload.length === 0) return;
    const device = await deviceOf(companyId, homieId);
    if (!device) {
      counters.unknownDevices += 1;
      return;
    }
    const at = clock.now();
    const text = payload.toString('utf8');
    if (rest.length === 1 && rest[0] === '$state') {
      if (!HOMIE_STATE_SET.has(text)) return malformed(topic, 'unknown $state');
      return record(device, [{ type: 'state', state: text as HomieState, at }]);
    }
    if (rest.length === 1 && rest[0] === '$description') {
      let description: HomieDescription;
      try {
        description = JSON.parse(text) as HomieDescription;
      } catch {
        return malformed(topic, '$description is not JSON');
      }
      if (typeof description !== 'object' || description === null || (description.nodes !== undefined && typeof description.nodes !== 'object')) return malformed(topic, '$description is not an object');
      return record(device, [{ type: 'description', description, at }]);
    }
    if (rest.length === 2 && NAME.test(rest[0]!) && NAME.test(rest[1]!)) {
      try {
        return await record(device, [{ type: 'value', node: rest[0]!, property: rest[1]!, value: text, at: stamp(device.id, rest[0]!, rest[1]!) }]);
      } catch (error) {
        if (error instanceof MalformedValue) return malformed(topic, error.message);
        throw error;
      }
    }
    // Other `$` attributes and deeper levels are not read.
  };

  /**
   * A SenML pack on `<root>/senml/<homieId>` (docs/devices-mqtt.md, "Many readings in one message"): every record is
   * recorded, in one call, or the pack is dropped; its acknowledgement waits for the batch as a Homie value's does.
   */
  const onSenml = async (companyId: number, topic: string, levels: string[], payload: Buffer) => {
    const [homieId] = levels;
    if (!homieId || levels.length !== 1 || !NAME.test(homieId)) return malformed(topic, 'not a SenML device topic');
    // An empty payload clears a retained message.
    if (payload.length === 0) return;
    if (payload.length > SMART_DEVICE_LIMITS.senmlPackBytes) return malformed(topic, 'SenML pack too large');
    const device = await deviceOf(companyId, homieId);
    if (!device) {
      counters.unknownDevices += 1;
      return;
    }
    try {
      const events = readSenmlPack(payload.toString('utf8'), { homieId, description: device.description, receivedAt: clock.now(), stamp: (node, property) => stamp(device.id, node, property) });
      return await record(device, events);
    } catch (error) {
      if (error instanceof MalformedPack || error instanceof MalformedValue) return malformed(topic, error.message);
      throw error;
    }
  };

  const onAck = async (companyId: number, topic: string, levels: string[], payload: Buffer, packet: IPublishPacket) => {
    const [homieId] = levels;
    const correlation = packet.properties?.correlationData;
    if (!homieId || levels.length !== 1 || !correlation) return malformed(topic, 'ack without a device or correlation data');
    let answer: { ok?: unknown; error?: unknown };
    try {
      answer = JSON.parse(payload.toString('utf8')) as typeof answer;
    } catch {
      return malformed(topic, 'ack is not JSON');
    }
    if (typeof answer !== 'object' || answer === null || typeof answer.ok !== 'boolean') return malformed(topic, 'ack without ok');
    const device = await deviceOf(companyId, homieId);
    if (!device) {
      counters.unknownDevices += 1;
      return;
    }
    const id = Buffer.from(correlation).toString('utf8');
    const error = answer.ok ? null : String(answer.error ?? 'failed').slice(0, 500);
    const command = pending.get(id);
    const answered = command && command.deviceId === device.id
      ? await settle(command, answer.ok ? 'acked' : 'failed', error)
      : await devices.answerCommand({ id, companyId, deviceId: device.id, result: answer.ok ? 'acked' : 'failed', error, at: clock.now() });
    if (!answered) counters.duplicateAcks += 1;
  };

  const onDiscovery = async (companyId: number, topic: string, levels: string[], payload: Buffer) => {
    // <component>/[<nodeId>/]<objectId>/config
    if (levels.at(-1) !== 'config' || levels.length < 3 || levels.length > 4) return;
    if (payload.length === 0) return;
    const [component] = levels;
    const objectId = levels.at(-2)!;
    let config: Record<string, unknown>;
    try {
      config = JSON.parse(payload.toString('utf8')) as Record<string, unknown>;
    } catch {
      return malformed(topic, 'discovery config is not JSON');
    }
    if (typeof config !== 'object' || config === null) return malformed(topic, 'discovery config is not an object');
    const base = typeof config['~'] === 'string' ? config['~'] : '';
    const rawState = config.state_topic ?? config.stat_t;
    const stateTopic = typeof rawState === 'string' ? rawState.replace(/^~/, base).replace(/~$/, base) : undefined;
    const deviceInfo = (config.device ?? config.dev) as Record<string, unknown> | undefined;
    const rawIds = deviceInfo?.identifiers ?? deviceInfo?.ids;
    const identifiers = (Array.isArray(rawIds) ? rawIds : [rawIds]).filter((id): id is string => typeof id === 'string').map((id) => id.toLowerCase());
    if (!stateTopic || identifiers.length === 0) return malformed(topic, 'discovery config without state_topic or device identifiers');
    // Tenancy: a company's sensors report under the company's own root, nowhere else.
    if (!stateTopic.startsWith(`${prefix}/${companyId}/`) || /[#+]/.test(stateTopic)) return malformed(topic, 'state_topic outside the company root');
    // The device is the one the topic names after the component (where a broker with device accounts lets a device
    // publish), and it must be among the config's identifiers: one device cannot announce sensors as another.
    const homieId = levels[1]!.toLowerCase();
    if (!identifiers.includes(homieId)) return malformed(topic, 'discovery config whose identifiers do not name the device of its topic');
    if (!NAME.test(homieId) || !(await deviceOf(companyId, homieId))) {
      counters.unknownDevices += 1;
      return;
    }
    const deviceClass = String(config.device_class ?? config.dev_cla ?? '');
    const known = HA_METRICS[deviceClass];
    const property = known?.property ?? objectId.toLowerCase().replace(/[^a-z0-9-]/g, '-').replace(/^-+/, '').slice(0, 64);
    const template = String(config.value_template ?? config.val_tpl ?? '');
    const jsonKey = /^\{\{\s*value_json\.([A-Za-z0-9_]+)\s*\}\}$/.exec(template)?.[1];
    const unit = config.unit_of_measurement ?? config.unit_of_meas;
    haTopics.set(stateTopic, {
      companyId,
      homieId,
      node: `ha-${component}`.slice(0, 64),
      property: property || 'state',
      metric: known?.metric ?? `ha.${property || 'state'}`,
      unit: typeof unit === 'string' ? (deviceClass === 'volatile_organic_compounds_parts' ? 'ppb' : unit) : undefined,
      jsonKey,
      payloadOn: String(config.payload_on ?? config.pl_on ?? 'ON'),
      payloadOff: String(config.payload_off ?? config.pl_off ?? 'OFF'),
      isBinary: component === 'binary_sensor',
    });
    await subscriber?.subscribe(stateTopic);
  };

  const onHaState = async (mapping: HaStateTopic, topic: string, payload: Buffer) => {
    const device = await deviceOf(mapping.companyId, mapping.homieId);
    if (!device) return;
    let value = payload.toString('utf8').trim();
    if (mapping.jsonKey) {
      try {
        const parsed = (JSON.parse(value) as Record<string, unknown>)[mapping.jsonKey];
        value = typeof parsed === 'string' ? parsed : JSON.stringify(parsed);
      } catch {
        return malformed(topic, 'state is not JSON');
      }
    }
    if (mapping.isBinary) {
      if (value !== mapping.payloadOn && value !== mapping.payloadOff) return malformed(topic, 'binary state neither on nor off');
      value = value === mapping.payloadOn ? 'true' : 'false';
    }
    try {
      await record(device, [{ type: 'value', node: mapping.node, property: mapping.property, value, at: stamp(device.id, mapping.node, mapping.property), metric: mapping.metric, unit: mapping.unit }]);
    } catch (error) {
      if (error instanceof MalformedValue) return malformed(topic, error.message);
      throw error;
    }
  };

  /**
   * A Homie property value of a device already looked up: recorded without a promise, a closure or a topic
   * split of its own; the handler answers with the batch's one promise.
   */
  const recordValue = (route: ValueRoute, device: SmartDeviceRef, topic: string, payload: Buffer): Promise<void> | undefined => {
    if (route.stampDeviceId !== device.id) {
      route.stamp = stampCell(device.id, route.node, route.property);
      route.stampDeviceId = device.id;
    }
    try {
      return record(device, [{ type: 'value', node: route.node, property: route.property, value: payload.toString('utf8'), at: stampOn(route.stamp) }]);
    } catch (error) {
      if (error instanceof MalformedValue) return void malformed(topic, error.message);
      throw error;
    }
  };

  /** What a topic is, read once per topic string (devices publish on the same few topics again and again). */
  const routeOf = (topic: string): ValueRoute | null => {
    let route = routes.get(topic);
    if (route !== undefined) return route;
    route = null;
    const levels = topic.startsWith(`${prefix}/`) ? topic.slice(prefix.length + 1).split('/') : [];
    // <company>/homie/5/<device>/<node>/<property>, the names valid and not our own `set`: the rest take the general path.
    const [company, area, version, homieId, node, property] = levels;
    if (levels.length === 6 && /^[1-9]\d{0,9}$/.test(company!) && area === 'homie' && version === '5' && property !== 'set' && NAME.test(homieId!) && NAME.test(node!) && NAME.test(property!)) {
      const companyId = Number(company);
      route = { companyId, homieId: homieId!, deviceKey: `${companyId}/${homieId!}`, node: node!, property: property!, stamp: { at: 0 }, stampDeviceId: 0 };
    }
    // Topics are chosen by devices: the map is emptied rather than left to grow without bound.
    if (routes.size >= MAX_ROUTES) routes.clear();
    routes.set(topic, route);
    return route;
  };

  const onMessage = (topic: string, payload: Buffer, packet: IPublishPacket): Promise<void> | undefined => {
    counters.messages += 1;
    if (!isLeading) return onFollowerMessage(topic, payload, packet);
    const ha = haTopics.get(topic);
    if (ha) return onHaState(ha, topic, payload);
    const route = routeOf(topic);
    if (route === null) return onOtherMessage(topic, payload, packet);
    // An empty payload clears a retained value.
    if (payload.length === 0) return undefined;
    const hit = cache.get(route.deviceKey);
    if (hit?.isSettled && hit.until > Date.now()) {
      if (hit.found) return recordValue(route, hit.found, topic, payload);
      counters.unknownDevices += 1;
      return undefined;
    }
    return deviceOf(route.companyId, route.homieId, route.deviceKey).then((device) => {
      if (device) return recordValue(route, device, topic, payload);
      counters.unknownDevices += 1;
    });
  };

  const onOtherMessage = async (topic: string, payload: Buffer, packet: IPublishPacket) => {
    if (!topic.startsWith(`${prefix}/`)) return;
    const [company, area, ...levels] = topic.slice(prefix.length + 1).split('/');
    const companyId = Number(company);
    if (!/^[1-9]\d{0,9}$/.test(company ?? '')) return malformed(topic, 'no company id');
    if (area === 'homie' && levels[0] === '5') return onHomie(companyId, topic, levels.slice(1), payload);
    if (area === 'senml') return onSenml(companyId, topic, levels, payload);
    if (area === 'atrium' && levels[0] === 'ack') return onAck(companyId, topic, levels.slice(1), payload, packet);
    if (area === 'homeassistant') return onDiscovery(companyId, topic, levels, payload);
  };

  /**
   * What a process that does not lead reads: the acknowledgements and echoes of its own commands only. Readings
   * still queued in its session (it led before) are the leader's to record.
   */
  const onFollowerMessage = async (topic: string, payload: Buffer, packet: IPublishPacket) => {
    if (!topic.startsWith(`${prefix}/`) || pending.size === 0) return;
    const [company, area, ...levels] = topic.slice(prefix.length + 1).split('/');
    if (!/^[1-9]\d{0,9}$/.test(company ?? '')) return;
    const companyId = Number(company);
    if (area === 'atrium' && levels[0] === 'ack') {
      const correlation = packet.properties?.correlationData;
      if (correlation && pending.has(Buffer.from(correlation).toString('utf8'))) await onAck(companyId, topic, levels.slice(1), payload, packet);
      return;
    }
    const [version, homieId, node, property] = levels;
    if (area === 'homie' && version === '5' && levels.length === 4 && payload.length > 0 && NAME.test(homieId!)) {
      const device = await deviceOf(companyId, homieId!);
      if (device) echo(device, node!, property!, payload.toString('utf8'));
    }
  };

  const startEcho = async (topic: string) => {
    const waiting = echoTopics.get(topic) ?? 0;
    echoTopics.set(topic, waiting + 1);
    // Only what the device says next: a retained value equal to the command would read as its echo.
    if (waiting === 0) await subscriber?.subscribe(topic, { retainHandling: 2 });
  };

  const stopEcho = async (topic: string) => {
    const waiting = echoTopics.get(topic);
    if (!waiting) return;
    if (waiting > 1) return void echoTopics.set(topic, waiting - 1);
    echoTopics.delete(topic);
    await subscriber?.unsubscribe(topic).catch((error: Error) => log.warn({ err: { message: error.message } }, 'MQTT unsubscription failed'));
  };

  /** Subscribes to every company's readings (elected) or drops them (deposed); the acknowledgements stay. */
  const lead = async (isElected: boolean) => {
    isLeading = isElected;
    if (!subscriber) return;
    const current = subscriber;
    try {
      if (isElected) {
        // The wildcard covers the echo topics now: two subscriptions would bring each value twice.
        for (const topic of echoTopics.keys()) await current.unsubscribe(topic);
        echoTopics.clear();
        for (const filter of readingFilters) await current.subscribe(filter);
      } else {
        for (const filter of [...readingFilters, ...haTopics.keys()]) await current.unsubscribe(filter);
        haTopics.clear();
        // Commands sent while leading still wait for their echo: listen for it as a follower does.
        for (const command of pending.values()) {
          if (command.echoTopic) continue;
          const device = await devices.findDevice(command.companyId, command.deviceId);
          if (!device || pending.get(command.id) !== command) continue;
          command.echoTopic = `${prefix}/${command.companyId}/homie/5/${device.homieId}/${command.node}/${command.property}`;
          await startEcho(command.echoTopic);
        }
      }
    } catch (error) {
      log.warn({ err: { message: (error as Error).message } }, isElected ? 'Device gateway readings not subscribed' : 'Device gateway readings not unsubscribed');
    }
  };

  /**
   * Renews the lease (the leader) or tries to take it (the others), and subscribes or unsubscribes accordingly.
   * A leader that cannot reach the database steps down before its term could have lapsed for the others.
   */
  const checkLeadership = (): Promise<boolean> => {
    if (!leadership || isClosed) return Promise.resolve(isLeading);
    checking ??= (async () => {
      let holds: boolean;
      try {
        holds = await leadership.leases.hold(GATEWAY_LEASE, termMs);
        if (holds) lastHeldAt = clock.now();
      } catch (error) {
        log.warn({ err: { message: (error as Error).message } }, 'Device gateway lease not renewed');
        holds = isLeading && clock.now() - lastHeldAt < termMs - renewMs;
      }
      if (holds !== isLeading) await lead(holds);
      return isLeading;
    })().finally(() => (checking = undefined));
    return checking;
  };

  let subscriber: MqttSubscriber | null = null;

  return {
    counters,
    recorder,

    /**
     * Connects and subscribes to the command acknowledgements; the leader (the only process when there is no
     * lease to share) also to every company's readings, and records them.
     */
    async start() {
      if (leadership) {
        await checkLeadership();
        leaseTimer = setInterval(() => void checkLeadership(), renewMs);
        leaseTimer.unref();
      }
      subscriber = createMqttSubscriber({
        url: options.url,
        clientId: options.clientId,
        filters: isLeading ? [...readingFilters, ackFilter] : [ackFilter],
        onMessage,
        onAckWindowFull: () => recorder.flushSoon(),
        log,
        ackWindow: options.ackWindow,
        reconnectMs: options.reconnectMs,
      });
      // A session the broker kept from when this process led still holds the readings' filters.
      if (!isLeading) for (const filter of readingFilters) await subscriber.unsubscribe(filter);
      await subscriber.start();
    },

    /** Renews or takes the leader's lease now (the timer does so every `renewMs`); answers whether this process leads. */
    checkLeadership,

    /** Whether this process records what devices send over MQTT. */
    get isLeading() {
      return isLeading;
    },

    /** Records what a device sent over HTTP, through the same batches as MQTT; resolves once committed. */
    recordFromHttp: record,

    /**
     * Sends a command (QoS 1, the command id as MQTT 5 correlation data, the ack topic as response
     * topic) and records it pending; `result` resolves when it is acknowledged, fails or times out.
     * Undefined when the company has no such device.
     */
    async sendCommand(command: SendCommand): Promise<{ id: string; result: Promise<CommandResult> } | undefined> {
      const device = await devices.findDevice(command.companyId, command.deviceId);
      if (!device) return undefined;
      const id = randomUUID();
      await devices.insertCommand({ ...command, id, issuedAt: clock.now() });
      let resolveResult!: (result: CommandResult) => void;
      const result = new Promise<CommandResult>((resolve) => (resolveResult = resolve));
      const entry: PendingCommand = {
        id,
        companyId: command.companyId,
        deviceId: command.deviceId,
        node: command.node,
        property: command.property,
        value: command.value,
        settle: resolveResult,
        timer: setTimeout(() => void settle(entry, 'timeout', null), commandTimeoutMs),
        echoTopic: undefined,
      };
      pending.set(id, entry);
      const root = `${prefix}/${command.companyId}`;
      try {
        if (!subscriber) throw new Error('The device gateway is not started');
        if (!isLeading) {
          // The leader's wildcard does not bring values here: listen for this one's echo while the command waits.
          entry.echoTopic = `${root}/homie/5/${device.homieId}/${command.node}/${command.property}`;
          await startEcho(entry.echoTopic);
        }
        await subscriber.publish(`${root}/homie/5/${device.homieId}/${command.node}/${command.property}/set`, command.value, {
          properties: { correlationData: Buffer.from(id, 'utf8'), responseTopic: `${root}/atrium/ack/${device.homieId}` },
        });
      } catch (error) {
        await settle(entry, 'failed', `not published: ${(error as Error).message}`.slice(0, 500));
      }
      return { id, result };
    },

    /**
     * Forgets what it cached of a company's devices, after the devices page renamed (new Homie id),
     * rebound or deleted one: the next message of each id is looked up again.
     */
    forget(companyId: number, homieIds: readonly string[]) {
      for (const homieId of homieIds) cache.delete(`${companyId}/${homieId}`);
    },

    /** Drops the broker connection as a network failure would (tests). */
    dropConnection: () => subscriber?.dropConnection(),

    get isConnected() {
      return subscriber?.isConnected ?? false;
    },

    /**
     * Stops: the lease is given back so another process leads at once. `isLeaseKept` stops as a killed process
     * would (tests): the lease lapses at the end of its term.
     */
    async close({ isLeaseKept = false }: { isLeaseKept?: boolean } = {}) {
      isClosed = true;
      clearInterval(leaseTimer);
      leaseTimer = undefined;
      for (const command of pending.values()) clearTimeout(command.timer);
      pending.clear();
      await subscriber?.close();
      subscriber = null;
      await recorder.close();
      await checking;
      if (leadership && !isLeaseKept) {
        isLeading = false;
        await leadership.leases.release(GATEWAY_LEASE).catch((error: Error) => log.warn({ err: { message: error.message } }, 'Device gateway lease not released'));
      }
    },
  };
}

export type SmartDeviceGateway = ReturnType<typeof createSmartDeviceGateway>;
