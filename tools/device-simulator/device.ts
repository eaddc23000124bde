/**
 * One simulated device on the broker: its own MQTT 5 client with a last will of `lost`, the Homie
 * life cycle (init, description, values, ready; disconnected on a clean stop), and the commands on its
 * settable properties, answered on the command's response topic and executed once per command id.
 */
import mqtt, { type IClientOptions, type IPublishPacket, type MqttClient } from 'mqtt';
import { applyToRoom, initialValues, readValues, type Values } from './behaviour.js';
import { checkValue, describeDevice, listProperties, type DeviceConfig, type HomieDescription, type PropertySpec } from './model.js';
import type { Room } from './room.js';

export interface Credentials {
  username: string;
  password: string;
}

export interface DeviceOptions {
  url: string;
  /** The company root, `<prefix>/<companyId>`. */
  root: string;
  config: DeviceConfig;
  room: Room;
  credentials?: Credentials;
  log: (line: string) => void;
  /** How long a restart stays in `init` before `ready` (ms). */
  restartMs?: number;
}

export interface SimulatedDevice {
  readonly id: string;
  /** Resolves once the device has announced itself and is `ready`. */
  readonly started: Promise<void>;
  /** Publishes the sensor readings of one round. */
  publishReadings(): Promise<void>;
  /** Publishes `disconnected` and ends the connection cleanly (no last will). */
  stop(): Promise<void>;
  /** Ends the connection cleanly without `disconnected`: the retained `ready` stays (`--once`). */
  close(): Promise<void>;
}

type State = 'init' | 'ready' | 'disconnected' | 'lost';
interface Ack {
  ok: boolean;
  value?: string;
  error?: string;
}

/** How often a device with nothing to measure publishes its `$state` again: well inside Atrium's 10-minute heartbeat window. */
const HEARTBEAT_MS = 60_000;

/** How many command ids a device remembers to answer a duplicate delivery without executing it. */
const REMEMBERED_COMMANDS = 1_000;

export function startDevice(options: DeviceOptions): SimulatedDevice {
  const { config, room, log } = options;
  const base = `${options.root}/homie/5/${config.id}`;
  const description: HomieDescription = describeDevice(config);
  const specs = new Map<string, PropertySpec>(listProperties(description).map(({ path, spec }) => [path, spec]));
  const values: Values = initialValues(config, room);
  // The answer per command id, kept from the moment it arrives, so a duplicate that lands while the first
  // delivery is still executing waits for that answer instead of executing again.
  const answered = new Map<string, Promise<Ack>>();
  let state: State | undefined;
  /** When the device last published anything (readings or a heartbeat). */
  let lastHeard = Date.now();
  let isStopping = false;

  const clientOptions: IClientOptions = {
    protocolVersion: 5,
    clientId: `atrium-sim-${config.id}-${Math.random().toString(16).slice(2, 10)}`,
    reconnectPeriod: 2_000,
    will: { topic: `${base}/$state`, payload: Buffer.from('lost'), retain: true, qos: 1 },
    ...(options.credentials ?? {}),
  };
  const client: MqttClient = mqtt.connect(options.url, clientOptions);
  // The URL and credentials are never logged, only the reason.
  client.on('error', (error) => log(`${config.id}: connection failed (${error.message})`));

  const publishState = async (next: State) => {
    await client.publishAsync(`${base}/$state`, next, { qos: 1, retain: true });
    if (next !== state) log(`${config.id}: ${next}`);
    state = next;
  };
  const publishValue = async (path: string, value: string) => {
    const isRetained = specs.get(path)?.retained !== false;
    await client.publishAsync(`${base}/${path}`, value, { qos: isRetained ? 1 : 0, retain: isRetained });
  };
  const publishValues = async (changed: Values) => {
    // Only retained values are state to publish again on the next announcement; a command echo is not.
    for (const [path, value] of Object.entries(changed)) if (specs.get(path)?.retained !== false) values[path] = value;
    await Promise.all(Object.entries(changed).map(([path, value]) => publishValue(path, value)));
  };

  /** The Homie start-up sequence, on the first connection and again after a reconnection or restart. */
  const announce = async () => {
    if (state !== 'init') await publishState('init');
    await client.publishAsync(`${base}/$description`, JSON.stringify(description), { qos: 1, retain: true });
    await publishValues({ ...values, ...readValues(config, room) });
    await client.subscribeAsync(`${base}/+/+/set`, { qos: 1 });
    await publishState('ready');
  };

  const restart = () => {
    void (async () => {
      await publishState('init');
      await new Promise((resolve) => setTimeout(resolve, options.restartMs ?? 1_000));
      if (!isStopping) await announce();
    })().catch((error: Error) => log(`${config.id}: restart failed (${error.message})`));
  };

  /** Checks and applies one command; the answer the sender gets. */
  const execute = async (path: string, raw: string): Promise<Ack> => {
    const spec = specs.get(path);
    if (!spec) return { ok: false, error: `unknown property ${path}` };
    if (!spec.settable) return { ok: false, error: `${path} is not settable` };
    const checked = checkValue(spec, raw);
    if (!checked.ok) return { ok: false, error: checked.error };
    applyToRoom(config, room, path, checked.value);
    await publishValues({ [path]: checked.value });
    if (path === 'system/restart' && checked.value === 'true') restart();
    return { ok: true, value: checked.value };
  };

  const onCommand = async (topic: string, payload: Buffer, packet: IPublishPacket) => {
    const path = topic.slice(base.length + 1, -'/set'.length);
    const correlation = packet.properties?.correlationData;
    const responseTopic = packet.properties?.responseTopic;
    const commandId = correlation ? correlation.toString('utf8') : undefined;
    const remembered = commandId ? answered.get(commandId) : undefined;
    const pending = remembered ?? execute(path, payload.toString('utf8'));
    if (commandId && !remembered) {
      answered.set(commandId, pending);
      if (answered.size > REMEMBERED_COMMANDS) answered.delete(answered.keys().next().value as string);
    }
    // A command that failed half-way (the broker went away) is executed again when redelivered.
    const ack = await pending.catch((error: unknown) => {
      if (commandId) answered.delete(commandId);
      throw error;
    });
    const outcome = ack.ok ? `ok ${ack.value}` : `refused: ${ack.error}`;
    log(`${config.id}: ${path} set ${JSON.stringify(payload.toString('utf8'))} -> ${outcome}${remembered ? ' (duplicate, not executed)' : ''}${commandId ? ` [${commandId}]` : ''}`);
    // A controller without MQTT 5 sends no response topic: the property's echo is its acknowledgement.
    if (responseTopic) {
      await client.publishAsync(responseTopic, JSON.stringify(ack), { qos: 1, properties: correlation ? { correlationData: correlation } : {} });
    }
  };

  client.on('message', (topic, payload, packet) => {
    if (!topic.startsWith(`${base}/`) || !topic.endsWith('/set')) return;
    onCommand(topic, payload, packet).catch((error: Error) => log(`${config.id}: command failed (${error.message})`));
  });

  let firstConnection: () => void = () => {};
  const started = new Promise<void>((resolve) => (firstConnection = resolve));
  client.on('connect', () => {
    announce()
      .then(firstConnection)
      .catch((error: Error) => log(`${config.id}: announcing failed (${error.message})`));
  });
  client.on('offline', () => {
    if (!isStopping && state !== undefined) log(`${config.id}: broker unreachable, retrying`);
  });

  return {
    id: config.id,
    started,
    async publishReadings() {
      if (state !== 'ready') return;
      const values = readValues(config, room);
      if (Object.keys(values).length > 0) {
        await publishValues(values);
        lastHeard = Date.now();
      } else if (Date.now() - lastHeard >= HEARTBEAT_MS) {
        // A device that only answers commands says it is still there (docs/devices-mqtt.md, "Heartbeat").
        await publishState('ready');
        lastHeard = Date.now();
      }
    },
    async stop() {
      isStopping = true;
      // Not connected: nothing to say; end the retries without waiting (mqtt.js's end callback never comes then).
      if (!client.connected) {
        client.end(true);
        return;
      }
      await publishState('disconnected');
      await client.endAsync();
    },
    async close() {
      isStopping = true;
      await client.endAsync();
    },
  };
}
