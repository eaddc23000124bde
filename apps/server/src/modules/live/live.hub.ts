import type { ServerResponse } from 'node:http';
import { LIVE_LIMITS, type LiveStreamEvent } from '@atrium/contract';
import { MINUTE_MS, type Clock } from '../../platform/clock.js';
import type { BookingChange, BookingEvents } from '../booking/booking.events.js';

/** One open event stream: a console page or a public board. */
interface Stream {
  companyId: number;
  /** Rooms the stream shows; null for every room of the company. */
  roomIds: Set<number> | null;
  /** The public board link it belongs to, to end it when the link is revoked. */
  boardLinkId: number | null;
  /** The desk lobby screen link it belongs to (desk_live_links), to end it when the link is revoked. */
  deskLiveLinkId: number | null;
  /** A door display's stream: it also hears that its notices changed (`event: broadcast`). */
  isDevice: boolean;
  response: ServerResponse;
  maxAgeTimer: NodeJS.Timeout;
}

export interface LiveHubDeps {
  events: Pick<BookingEvents, 'onChange'>;
  clock: Clock;
  /** Fingerprints of every room's state now, for changes by time alone. */
  fingerprints: (companyId: number) => Promise<Map<number, string>>;
  log: { warn(object: unknown, message: string): void };
}

export type LiveHub = ReturnType<typeof createLiveHub>;

/**
 * The server-sent event streams of this process. A booking change of the company (this process's
 * or, through the PostgreSQL bridge, another's) sends a `rooms` event naming the rooms; a tick at
 * each minute compares every room's state with the last one seen and names the rooms whose state
 * changed by time alone. Clients read the states again on an event.
 */
export function createLiveHub({ events, clock, fingerprints, log }: LiveHubDeps) {
  const streams = new Set<Stream>();
  /** Last fingerprints per company with open streams. */
  const seen = new Map<number, Map<number, string>>();
  let closed = false;

  function write(stream: Stream, text: string) {
    if (!stream.response.writableEnded) stream.response.write(text);
  }

  function send(stream: Stream, event: LiveStreamEvent) {
    const roomIds = stream.roomIds ? event.roomIds.filter((id) => stream.roomIds!.has(id)) : event.roomIds;
    if (roomIds.length === 0 && event.reason !== 'resync') return;
    write(stream, `event: rooms\ndata: ${JSON.stringify({ ...event, roomIds })}\n\n`);
  }

  function end(stream: Stream) {
    if (!streams.delete(stream)) return;
    clearTimeout(stream.maxAgeTimer);
    if (!stream.response.writableEnded) stream.response.end();
    if (![...streams].some((other) => other.companyId === stream.companyId)) seen.delete(stream.companyId);
  }

  const hasStreams = (companyId: number) => [...streams].some((stream) => stream.companyId === companyId);

  // Fingerprints are read one after another, so a tick compares with the latest reading.
  let chain: Promise<unknown> = Promise.resolve();
  const queued = new Set<number>();
  function refreshFingerprints(companyId: number, onStart?: () => void): Promise<number[]> {
    const run = chain.then(async () => {
      onStart?.();
      if (!hasStreams(companyId)) return [];
      const current = await fingerprints(companyId);
      const before = seen.get(companyId);
      if (!hasStreams(companyId)) return [];
      seen.set(companyId, current);
      if (!before) return [];
      const changed = new Set<number>();
      for (const [roomId, print] of current) if (before.get(roomId) !== print) changed.add(roomId);
      for (const roomId of before.keys()) if (!current.has(roomId)) changed.add(roomId);
      return [...changed];
    });
    chain = run.catch(() => undefined);
    return run;
  }

  const unsubscribe = events.onChange((change: BookingChange) => {
    if (!hasStreams(change.companyId)) return;
    for (const stream of streams) if (stream.companyId === change.companyId) send(stream, { roomIds: change.roomIds, reason: 'booking' });
    // Told already: the next tick must not tell it again as a change by time. A burst of changes shares one reading.
    if (queued.has(change.companyId)) return;
    queued.add(change.companyId);
    void refreshFingerprints(change.companyId, () => queued.delete(change.companyId)).catch((error: unknown) => log.warn({ err: error }, 'live fingerprints failed'));
  });

  /** Compares every company's room states with the last ones and tells streams what changed by time. */
  async function tick(): Promise<void> {
    const companies = new Set([...streams].map((stream) => stream.companyId));
    for (const companyId of companies) {
      try {
        const changed = await refreshFingerprints(companyId);
        if (changed.length === 0) continue;
        for (const stream of streams) if (stream.companyId === companyId) send(stream, { roomIds: changed, reason: 'time' });
      } catch (error) {
        log.warn({ err: error, companyId }, 'live tick failed');
      }
    }
  }

  const heartbeat = setInterval(() => {
    for (const stream of streams) write(stream, ': heartbeat\n\n');
  }, LIVE_LIMITS.heartbeatMs);
  heartbeat.unref();

  // The tick runs just after each minute boundary, when meetings start and end.
  let tickTimer: NodeJS.Timeout | undefined;
  function scheduleTick() {
    if (closed) return;
    const wait = MINUTE_MS - (clock.now() % MINUTE_MS) + 500;
    tickTimer = setTimeout(() => {
      void tick().finally(scheduleTick);
    }, Math.min(Math.max(wait, 1000), MINUTE_MS + 500));
    tickTimer.unref();
  }
  scheduleTick();

  return {
    /** Opens a stream on a raw response: headers, a first `ready` event, then events until it ends. */
    open(response: ServerResponse, options: { companyId: number; roomIds: number[] | null; boardLinkId?: number | null; deskLiveLinkId?: number | null; isDevice?: boolean; onEnd?: () => void }): void {
      response.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // Proxies such as nginx would otherwise buffer the stream.
        'x-accel-buffering': 'no',
      });
      if (closed) {
        response.end();
        return;
      }
      const stream: Stream = {
        companyId: options.companyId,
        roomIds: options.roomIds ? new Set(options.roomIds) : null,
        boardLinkId: options.boardLinkId ?? null,
        deskLiveLinkId: options.deskLiveLinkId ?? null,
        isDevice: options.isDevice ?? false,
        response,
        maxAgeTimer: setTimeout(() => end(stream), LIVE_LIMITS.streamMaxAgeMs),
      };
      stream.maxAgeTimer.unref();
      streams.add(stream);
      response.on('close', () => end(stream));
      write(stream, `retry: 5000\nevent: ready\ndata: {}\n\n`);
      {
        void refreshFingerprints(options.companyId).catch((error: unknown) => log.warn({ err: error }, 'live fingerprints failed'));
      }
    },

    tick,

    /** Tells every stream to read everything again (after the bridge missed notifications). */
    resyncAll(): void {
      for (const stream of streams) send(stream, { roomIds: [], reason: 'resync' });
    },

    /** Tells the door displays of a company (every company's when null) to read their notices again. */
    tellDisplays(companyId: number | null): void {
      for (const stream of streams) if (stream.isDevice && (companyId === null || stream.companyId === companyId)) write(stream, 'event: broadcast\ndata: {}\n\n');
    },

    /** Ends the streams of a revoked board link. */
    endBoardLink(linkId: number): void {
      for (const stream of [...streams]) if (stream.boardLinkId === linkId) end(stream);
    },

    /** Ends the streams of a revoked (or replaced) desk lobby screen link. */
    endDeskLiveLink(linkId: number): void {
      for (const stream of [...streams]) if (stream.deskLiveLinkId === linkId) end(stream);
    },

    get size() {
      return streams.size;
    },

    /** Ends every stream and stops the timers (server shutdown). */
    close(): void {
      closed = true;
      unsubscribe();
      clearInterval(heartbeat);
      if (tickTimer) clearTimeout(tickTimer);
      for (const stream of [...streams]) end(stream);
    },
  };
}
