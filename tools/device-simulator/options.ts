/** The simulator's command line and environment. */
import { parseArgs } from 'node:util';

export interface SimulatorOptions {
  url: string;
  prefix: string;
  companyId: number;
  devicesFile?: string;
  credentialsFile?: string;
  /** Seconds between two rounds of sensor readings. */
  rateSeconds: number;
  isOnce: boolean;
  /** Rooms kept occupied whatever the meeting schedule says. */
  occupiedRooms: string[];
  /** Rooms kept empty whatever the meeting schedule says. */
  emptyRooms: string[];
}

export const USAGE = `Usage: npm run simulate:devices -- [options]
  --url <mqtt url>          broker (env MQTT_URL, default mqtt://127.0.0.1:1883)
  --prefix <prefix>         topic prefix (env MQTT_TOPIC_PREFIX, default atrium)
  --company <id>            company id of the topic root (default 1, the demo company)
  --devices <file.json>     devices to simulate: [{"id":"kew-lights","kind":"light","room":"Kew"}]
                            (default: the demo set)
  --credentials <file.json> per-device broker accounts: {"kew-lights":{"username":"...","password":"..."}}
  --rate <seconds>          sensor publishing interval (default 10)
  --occupied <room>         keep a room occupied (repeatable)
  --empty <room>            keep a room empty, e.g. to see a booking nobody comes to released (repeatable)
  --once                    publish one round and exit, leaving the devices ready`;

/** Reads the options; throws with a message for the user on a bad value. */
export function parseOptions(argv: string[], env: NodeJS.ProcessEnv): SimulatorOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      url: { type: 'string' },
      prefix: { type: 'string' },
      company: { type: 'string' },
      devices: { type: 'string' },
      credentials: { type: 'string' },
      rate: { type: 'string' },
      occupied: { type: 'string', multiple: true },
      empty: { type: 'string', multiple: true },
      once: { type: 'boolean' },
    },
    strict: true,
  });
  const companyId = Number(values.company ?? '1');
  if (!Number.isInteger(companyId) || companyId < 1) throw new Error('--company must be a positive integer');
  const rateSeconds = Number(values.rate ?? '10');
  if (!Number.isFinite(rateSeconds) || rateSeconds < 0.1) throw new Error('--rate must be a number of seconds (0.1 or more)');
  const prefix = values.prefix ?? env.MQTT_TOPIC_PREFIX ?? 'atrium';
  if (!/^[^#+/]+(?:\/[^#+/]+)*$/.test(prefix)) throw new Error('--prefix must be a topic without wildcards or empty levels');
  return {
    url: values.url ?? env.MQTT_URL ?? 'mqtt://127.0.0.1:1883',
    prefix,
    companyId,
    ...(values.devices ? { devicesFile: values.devices } : {}),
    ...(values.credentials ? { credentialsFile: values.credentials } : {}),
    rateSeconds,
    isOnce: values.once ?? false,
    occupiedRooms: values.occupied ?? [],
    emptyRooms: values.empty ?? [],
  };
}
