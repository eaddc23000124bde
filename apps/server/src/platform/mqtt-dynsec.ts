import { randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';

/** Mosquitto's dynamic security control topic; answers come on `<topic>/response`. */
export const DYNSEC_TOPIC = '$CONTROL/dynamic-security/v1';

/** One dynsec command: `{ command: 'createClient', username, … }` (mosquitto.org/documentation/dynamic-security). */
export interface DynsecCommand {
  command: string;
  [field: string]: unknown;
}

/** The broker's answer to one command: `error` when it refused it, `data` for the reading commands. */
export interface DynsecAnswer {
  command: string;
  error?: string;
  data?: Record<string, unknown>;
}

/** The broker did not take a command: it refused it (`answer.error`), did not answer in time, or is not reachable. */
export class DynsecError extends Error {
  override name = 'DynsecError';
  constructor(
    message: string,
    /** The broker's refusal, when it answered. */
    readonly answer?: DynsecAnswer,
  ) {
    super(message);
  }
}

export interface DynsecClient {
  /**
   * Sends the commands in one message (the plug-in runs them in order, together) and answers the broker's
   * answer to each, in order, refusals included. Rejects with a DynsecError when the broker is not
   * connected within the time-out, does not answer in it, or the connection drops first; the commands
   * may then have run or not.
   */
  send(commands: DynsecCommand[]): Promise<DynsecAnswer[]>;
  close(): Promise<void>;
}

interface Waiting {
  answers: Map<string, DynsecAnswer>;
  ids: string[];
  resolve: (answers: DynsecAnswer[]) => void;
  reject: (error: DynsecError) => void;
  timer: NodeJS.Timeout;
}

/**
 * A client of Mosquitto's dynamic security control API on its own connection (`url` holds a dynsec
 * admin's user and password), made on first use and kept. Each command carries a fresh
 * `correlationData`, by which its answer is found among the answers every admin on the broker receives.
 * Commands are published with QoS 0 and never queued: one sent while the broker was away must not run
 * later, after its caller was told it failed.
 */
export function createDynsecClient({ url, timeoutMs, log }: { url: string; timeoutMs: number; log: { warn(object: unknown, message: string): void } }): DynsecClient {
  let client: MqttClient | null = null;
  const waiting = new Map<string, Waiting>();

  const settleAll = (error: DynsecError) => {
    for (const entry of new Set(waiting.values())) {
      clearTimeout(entry.timer);
      entry.reject(error);
    }
    waiting.clear();
  };

  const onAnswers = (payload: Buffer) => {
    let answers: (DynsecAnswer & { correlationData?: unknown })[];
    try {
      answers = (JSON.parse(payload.toString('utf8')) as { responses?: typeof answers }).responses ?? [];
    } catch {
      return;
    }
    for (const { correlationData, ...answer } of answers) {
      if (typeof correlationData !== 'string') continue;
      const entry = waiting.get(correlationData);
      if (!entry) continue;
      entry.answers.set(correlationData, answer);
      waiting.delete(correlationData);
      if (entry.answers.size === entry.ids.length) {
        clearTimeout(entry.timer);
        entry.resolve(entry.ids.map((id) => entry.answers.get(id)!));
      }
    }
  };

  const connection = () => {
    if (client) return client;
    const current = mqtt.connect(url, { clientId: `atrium-dynsec-${randomUUID()}`, protocolVersion: 5, clean: true, resubscribe: false, reconnectPeriod: 1_000, connectTimeout: timeoutMs, queueQoSZero: false });
    // The URL holds the admin's password: only the reason is logged.
    current.on('error', (error) => log.warn({ err: { message: error.message } }, 'MQTT broker admin connection failed'));
    current.on('connect', () => {
      current.subscribe(`${DYNSEC_TOPIC}/response`, { qos: 1 }, (error) => {
        if (error) log.warn({ err: { message: error.message } }, 'MQTT broker admin cannot read dynsec answers (is its user a dynsec admin?)');
      });
    });
    // Answers to commands sent on a dropped connection never come (changing the admin's own roles drops it, too).
    current.on('close', () => settleAll(new DynsecError('the connection to the MQTT broker dropped before it answered')));
    current.on('message', (topic, payload) => {
      if (topic === `${DYNSEC_TOPIC}/response`) onAnswers(payload);
    });
    client = current;
    return current;
  };

  /** Resolves once connected and subscribed to the answers; rejects after `timeoutMs`. */
  const ready = async (current: MqttClient): Promise<void> => {
    if (current.connected) return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        current.off('connect', onConnect);
        reject(new DynsecError(`the MQTT broker was not reachable within ${timeoutMs} ms`));
      }, timeoutMs);
      const onConnect = () => {
        clearTimeout(timer);
        resolve();
      };
      current.once('connect', onConnect);
    });
  };

  return {
    async send(commands) {
      const current = connection();
      await ready(current);
      const ids = commands.map(() => randomUUID());
      const answered = new Promise<DynsecAnswer[]>((resolve, reject) => {
        const entry: Waiting = {
          answers: new Map(),
          ids,
          resolve,
          reject,
          timer: setTimeout(() => {
            for (const id of ids) waiting.delete(id);
            reject(new DynsecError(`the MQTT broker did not answer ${commands.map((command) => command.command).join(', ')} within ${timeoutMs} ms (is its user a dynsec admin?)`));
          }, timeoutMs),
        };
        for (const id of ids) waiting.set(id, entry);
      });
      const body = JSON.stringify({ commands: commands.map((command, index) => ({ ...command, correlationData: ids[index] })) });
      // The broker handles a connection's packets in order: the answer subscription made on connect is in place first.
      current.publish(DYNSEC_TOPIC, body, { qos: 0 }, (error) => {
        if (!error) return;
        const entry = waiting.get(ids[0]!);
        if (!entry) return;
        for (const id of ids) waiting.delete(id);
        clearTimeout(entry.timer);
        entry.reject(new DynsecError(`the dynsec command was not sent: ${error.message}`));
      });
      return answered;
    },

    async close() {
      const current = client;
      client = null;
      settleAll(new DynsecError('the broker admin connection is closed'));
      if (current) await current.endAsync(true);
    },
  };
}

/**
 * Sends the commands and answers their answers, throwing a DynsecError for the first refusal that
 * `isExpected` does not accept (`Client not found` for a delete of what is already gone, say).
 */
export async function runDynsec(client: DynsecClient, commands: DynsecCommand[], isExpected: (answer: DynsecAnswer) => boolean = () => false): Promise<DynsecAnswer[]> {
  const answers = await client.send(commands);
  const refusal = answers.find((answer) => answer.error !== undefined && !isExpected(answer));
  if (refusal) throw new DynsecError(`the MQTT broker refused ${refusal.command}: ${refusal.error}`, refusal);
  return answers;
}
