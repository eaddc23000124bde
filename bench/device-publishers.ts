import net from 'node:net';

// The devices of bench/device-ingest.bench.ts, lean: each publisher is one raw TCP connection that writes
// PUBLISH packets encoded before the clock starts and reads the broker's PUBACKs with a minimal parser.
// Real devices run on machines of their own; here they share the gateway's cores, so the less CPU they
// take, the nearer the figure comes to what the gateway and the broker alone can carry. Run as a child
// process: `node --import tsx bench/device-publishers.ts '<json of PublishJob>'`; prints what it measured
// as JSON. Messages carry one Homie value each, or SenML packs of many (`senml`). Only what these packets need of MQTT 5 is written: CONNECT with a clean start, PUBLISH QoS 0
// or 1 without properties, DISCONNECT; CONNACK is read for its reason code and Receive Maximum.

export interface PublishJob {
  url: string;
  /** A topic with `{device}` where the device's number goes. */
  topicOf: string;
  qos: 0 | 1;
  readings: number;
  devices: number;
  publishers: number;
  clientId: string;
  /** Unacknowledged QoS 1 messages per connection; at most the broker's Receive Maximum. */
  window?: number;
  /**
   * Readings per message as SenML packs (RFC 8428) of `air/temperature`, instead of one Homie value per message:
   * reading n is stamped `startMs + n` (bt + t), so every reading of a run has a time of its own.
   */
  senml?: { records: number; startMs: number };
}

/** MQTT's variable byte integer. */
function varint(value: number): number[] {
  const bytes: number[] = [];
  do {
    let byte = value % 128;
    value = Math.floor(value / 128);
    if (value > 0) byte |= 0x80;
    bytes.push(byte);
  } while (value > 0);
  return bytes;
}

function utf8(text: string): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  const length = Buffer.alloc(2);
  length.writeUInt16BE(bytes.length);
  return Buffer.concat([length, bytes]);
}

function packet(firstByte: number, body: Buffer): Buffer {
  return Buffer.concat([Buffer.from([firstByte, ...varint(body.length)]), body]);
}

function connectPacket(clientId: string): Buffer {
  // Protocol name, level 5, flags: clean start; keep alive 60 s; no properties; the client id.
  return packet(0x10, Buffer.concat([utf8('MQTT'), Buffer.from([5, 0x02, 0, 60, 0]), utf8(clientId)]));
}

/**
 * Reads MQTT packets out of a stream whose chunks may end anywhere; `onPacket` gets each packet's type byte and where
 * its body lies in `data` (no copy: a PUBACK is read where it arrived).
 */
function packetReader(onPacket: (firstByte: number, data: Buffer, bodyAt: number, bodyLength: number) => void) {
  let pending: Buffer | undefined;
  return (chunk: Buffer) => {
    const data = pending ? Buffer.concat([pending, chunk]) : chunk;
    pending = undefined;
    let offset = 0;
    while (data.length - offset >= 2) {
      let length = 0;
      let multiplier = 1;
      let at = offset + 1;
      let isComplete = false;
      while (at < data.length && at < offset + 5) {
        const byte = data[at++]!;
        length += (byte & 0x7f) * multiplier;
        multiplier *= 128;
        if ((byte & 0x80) === 0) {
          isComplete = true;
          break;
        }
      }
      if (!isComplete || data.length - at < length) break;
      onPacket(data[offset]!, data, at, length);
      offset = at + length;
    }
    // A packet split across chunks waits for the rest (copied: the chunk's memory is not ours to keep).
    if (offset < data.length) pending = Buffer.from(data.subarray(offset));
  };
}

/** The Receive Maximum of a CONNACK's properties (65,535 when absent, as MQTT 5 says). */
function receiveMaximumOf(body: Buffer): number {
  let at = 2;
  let length = 0;
  let multiplier = 1;
  for (;;) {
    const byte = body[at++]!;
    length += (byte & 0x7f) * multiplier;
    multiplier *= 128;
    if ((byte & 0x80) === 0) break;
  }
  const end = at + length;
  const fixed: Record<number, number> = { 0x01: 1, 0x17: 1, 0x19: 1, 0x24: 1, 0x25: 1, 0x28: 1, 0x29: 1, 0x2a: 1, 0x13: 2, 0x21: 2, 0x22: 2, 0x23: 2, 0x02: 4, 0x11: 4, 0x18: 4, 0x27: 4 };
  while (at < end) {
    const id = body[at++]!;
    if (id === 0x21) return body.readUInt16BE(at);
    if (fixed[id] !== undefined) at += fixed[id];
    else if (id === 0x0b) while (body[at++]! & 0x80);
    else if (id === 0x26) {
      at += 2 + body.readUInt16BE(at);
      at += 2 + body.readUInt16BE(at);
    } else at += 2 + body.readUInt16BE(at);
  }
  return 65_535;
}

/** A SenML pack of the readings from `first` on (fewer at the end of the run), one device's temperatures a millisecond apart. */
function senmlPack(job: PublishJob, first: number): string {
  const { records, startMs } = job.senml!;
  const count = Math.min(records, job.readings - first);
  const parts = [`{"bt":${(startMs + first) / 1000},"bu":"Cel","n":"air/temperature","v":${20 + (first % 50) / 10}}`];
  for (let k = 1; k < count; k++) parts.push(`{"n":"air/temperature","t":${k / 1000},"v":${20 + ((first + k) % 50) / 10}}`);
  return `[${parts.join(',')}]`;
}

/** One connection's messages, encoded back to back, and where each ends. */
function encodeMessages(job: PublishJob, publisher: number): { bytes: Buffer; ends: number[] } {
  const parts: Buffer[] = [];
  const ends: number[] = [];
  let size = 0;
  let packetId = 0;
  const perMessage = job.senml?.records ?? 1;
  const messages = Math.ceil(job.readings / perMessage);
  for (let n = publisher; n < messages; n += job.publishers) {
    const topic = utf8(job.topicOf.replace('{device}', String(n % job.devices)));
    const payload = Buffer.from(job.senml ? senmlPack(job, n * perMessage) : String(20 + (n % 50) / 10), 'utf8');
    let id = Buffer.alloc(0);
    if (job.qos === 1) {
      // Ids 1–65,535 in turn: no more than the window are ever unacknowledged, so none is reused while in flight.
      packetId = (packetId % 65_535) + 1;
      id = Buffer.alloc(2);
      id.writeUInt16BE(packetId);
    }
    const encoded = packet(job.qos === 1 ? 0x32 : 0x30, Buffer.concat([topic, id, Buffer.from([0]), payload]));
    parts.push(encoded);
    size += encoded.length;
    ends.push(size);
  }
  return { bytes: Buffer.concat(parts), ends };
}

interface Connection {
  socket: net.Socket;
  receiveMaximum: number;
  onPacket: (firstByte: number, data: Buffer, bodyAt: number, bodyLength: number) => void;
}

function connect(url: URL, clientId: string): Promise<Connection> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port || 1883), noDelay: true });
    const connection: Connection = { socket, receiveMaximum: 0, onPacket: () => undefined };
    socket.once('error', reject);
    socket.on(
      'data',
      packetReader((firstByte, data, bodyAt, bodyLength) => {
        if (connection.receiveMaximum > 0) return connection.onPacket(firstByte, data, bodyAt, bodyLength);
        const body = data.subarray(bodyAt, bodyAt + bodyLength);
        if (firstByte !== 0x20 || body[1] !== 0) return reject(new Error(`CONNACK refused (${body[1]})`));
        connection.receiveMaximum = receiveMaximumOf(body);
        resolve(connection);
      }),
    );
    socket.write(connectPacket(clientId));
  });
}

/** Sends one connection's messages: QoS 1 keeps `window` unacknowledged, QoS 0 follows the socket's backpressure. */
function send(connection: Connection, messages: { bytes: Buffer; ends: number[] }, qos: 0 | 1, window: number): Promise<void> {
  const { socket } = connection;
  const { bytes, ends } = messages;
  const total = ends.length;
  let sent = 0;
  let acked = 0;
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    const sendUpTo = (until: number) => {
      if (until <= sent) return true;
      const start = sent === 0 ? 0 : ends[sent - 1]!;
      const isFlowing = socket.write(bytes.subarray(start, ends[until - 1]!));
      sent = until;
      return isFlowing;
    };
    if (qos === 0) {
      const step = 1_000;
      const more = () => {
        while (sent < total) {
          if (!sendUpTo(Math.min(total, sent + step))) return void socket.once('drain', more);
        }
        socket.write(Buffer.alloc(0), () => resolve());
      };
      return more();
    }
    connection.onPacket = (firstByte, data, bodyAt, bodyLength) => {
      if (firstByte !== 0x40) return;
      // A PUBACK whose reason code says the message was not accepted ends the run.
      if (bodyLength > 2 && data[bodyAt + 2]! >= 0x80) return reject(new Error(`PUBACK refused (${data[bodyAt + 2]})`));
      acked += 1;
      if (acked === total) return resolve();
      // Refill in steps, not one write per acknowledgement.
      if (sent < total && sent - acked <= window / 2) sendUpTo(Math.min(total, acked + window));
    };
    sendUpTo(Math.min(total, window));
  });
}

/** Connects every publisher, then sends and measures; answers the seconds publishing took and the CPU seconds it cost. */
export async function publish(job: PublishJob): Promise<{ seconds: number; cpuSeconds: number; window: number }> {
  const url = new URL(job.url);
  const connections = await Promise.all(Array.from({ length: job.publishers }, (_, i) => connect(url, `${job.clientId}-${i}`)));
  const messages = connections.map((_, i) => encodeMessages(job, i));
  const window = Math.min(job.window ?? 65_535, ...connections.map((connection) => connection.receiveMaximum));
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(connections.map((connection, i) => send(connection, messages[i]!, job.qos, window)));
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  await Promise.all(
    connections.map(
      ({ socket }) =>
        new Promise<void>((resolve) => {
          socket.once('close', () => resolve());
          socket.end(Buffer.from([0xe0, 0]));
        }),
    ),
  );
  return { seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, window };
}

if (process.argv[1]?.endsWith('device-publishers.ts')) {
  const job = JSON.parse(process.argv[2]!) as PublishJob;
  process.stdout.write(JSON.stringify(await publish(job)));
}
