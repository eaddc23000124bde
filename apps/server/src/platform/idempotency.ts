import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ReturnCode } from '@atrium/contract';
import { DAY_MS, MINUTE_MS, type Clock } from './clock.js';
import { AppError, refused } from './errors.js';
import type { IdempotencyRepository, KeyOwner, StoredAnswer } from './idempotency.repository.js';

/**
 * Idempotency-Key on writes (IETF draft "The Idempotency-Key HTTP Header Field"; issue 16, finding 5;
 * docs/decisions/0010). A route opts in with `config: { idempotent: true }`; the hooks here do the
 * rest: a retry of the same request by the same caller within a day gets the first answer again.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route accepts an Idempotency-Key (platform/idempotency.ts). */
    idempotent?: boolean;
  }
  interface FastifyInstance {
    /** The routes that accept an Idempotency-Key (tests and docs/api.md list them). */
    idempotentRoutes: Array<{ method: string; url: string }>;
  }
}

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** Set on an answer sent again for a retry instead of acting again. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
/** How long a key's first answer is kept (Stripe keeps a day too). */
export const IDEMPOTENCY_KEY_TTL_MS = DAY_MS;
/**
 * A claim without an answer after this long is presumed abandoned (its process died between acting
 * and storing the answer) and the next retry runs. Far above any booking's time to answer.
 */
export const ABANDONED_CLAIM_MS = MINUTE_MS;
/** What a caller waiting on a running first request is told to wait. */
const RETRY_AFTER_SECONDS = 1;
/** Expired rows removed per statement by the scheduled job. */
const EXPIRY_BATCH = 1000;

/** A key is 1 to 255 printable ASCII characters; the structured-field string form `"…"` is unwrapped. */
const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;
const QUOTED = /^"((?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\["\\])*)"$/;

/**
 * The key of a request: undefined without the header, null when it is not a valid key. Node has
 * already trimmed the surrounding white space.
 */
export function readIdempotencyKey(value: string | string[] | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') return null;
  const quoted = QUOTED.exec(value);
  const key = quoted ? quoted[1]!.replace(/\\(["\\])/g, '$1') : value;
  return KEY_PATTERN.test(key) ? key : null;
}

/** JSON with every object's keys sorted, so the same request always reads the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** What makes two requests "the same": SHA-256 of the method, the route and the canonical body. */
export function fingerprintOf(method: string, route: string, body: unknown): string {
  return createHash('sha256').update(`${method}\n${route}\n${canonicalJson(body)}`).digest('hex');
}

export const idempotencyKeyInvalid = () => new AppError(ReturnCode.BAD_REQUEST, 'idempotencyKeyInvalid');
export const idempotencyKeyReused = () => refused('idempotencyKeyReused');
export const idempotencyKeyInProgress = () =>
  new AppError(ReturnCode.CONFLICT, 'idempotencyKeyInProgress', {}, { retryAfterSeconds: RETRY_AFTER_SECONDS }, { headers: { 'retry-after': String(RETRY_AFTER_SECONDS) } });

/** The request holding a key, and which claim it holds. */
export interface Claim {
  id: number;
  token: string;
}

export type ClaimOutcome =
  | { kind: 'claimed'; claim: Claim }
  | { kind: 'replay'; answer: StoredAnswer }
  | { kind: 'mismatch' }
  | { kind: 'inProgress' };

export type Idempotency = ReturnType<typeof createIdempotency>;

/** The rules of a key: claim it, answer from it, store or give up the answer, forget it after a day. */
export function createIdempotency({ repository, clock, newToken = randomUUID }: { repository: IdempotencyRepository; clock: Clock; newToken?: () => string }) {
  return {
    /**
     * Claims the key for this request, or says what to answer instead. The unique index decides
     * between concurrent requests; an expired row is removed first, an abandoned claim taken over.
     */
    async claim(owner: KeyOwner, fingerprint: string): Promise<ClaimOutcome> {
      // Each pass either decides or saw a row vanish (expired, released) or change hands; three is plenty.
      for (let attempt = 0; attempt < 3; attempt++) {
        const now = clock.now();
        const token = newToken();
        const id = await repository.insertClaim(owner, { fingerprint, claimToken: token, now, expiresAt: now + IDEMPOTENCY_KEY_TTL_MS });
        if (id !== undefined) return { kind: 'claimed', claim: { id, token } };
        const row = await repository.findByOwner(owner);
        if (!row) continue;
        if (row.expires_at <= now) {
          await repository.removeIfExpired(row.id, now);
          continue;
        }
        if (row.fingerprint !== fingerprint) return { kind: 'mismatch' };
        if (row.completed_at !== null) {
          return { kind: 'replay', answer: { statusCode: row.status_code ?? 200, contentType: row.content_type, body: row.response_body ?? '' } };
        }
        if (row.claimed_at > now - ABANDONED_CLAIM_MS) return { kind: 'inProgress' };
        if (await repository.takeOver(row.id, row.claim_token, token, now)) return { kind: 'claimed', claim: { id: row.id, token } };
      }
      return { kind: 'inProgress' };
    },

    /** Keeps the answer for the retries; false when the claim was taken over meanwhile (the other answer stays). */
    complete(claim: Claim, answer: StoredAnswer): Promise<boolean> {
      return repository.complete(claim.id, claim.token, answer, clock.now());
    },

    /** Frees the key after a failure on our side, so the retry runs. */
    release(claim: Claim): Promise<void> {
      return repository.release(claim.id, claim.token);
    },

    /** The scheduled job: removes the keys older than a day, in short statements. */
    async removeExpired(): Promise<number> {
      const now = clock.now();
      let removed = 0;
      for (;;) {
        const count = await repository.removeExpired(now, EXPIRY_BATCH);
        removed += count;
        if (count < EXPIRY_BATCH) return removed;
      }
    },
  };
}

/** Whose keys these are: the signed-in user, or the device of a `device` route (its own keys). */
function callerOf(request: FastifyRequest): { companyId: number; caller: string } {
  if (request.auth) return { companyId: request.auth.companyId, caller: `user:${request.auth.userId}` };
  if (request.device) return { companyId: request.device.device.companyId, caller: `${request.device.kind}:${request.device.device.id}` };
  // A programming error: an idempotent route must know who calls it, or keys of strangers would meet.
  throw new Error(`Idempotent route ${request.routeOptions.url ?? ''} has no caller`);
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Added to the OpenAPI description of every idempotent route. */
const OPENAPI_NOTE =
  'Accepts an `Idempotency-Key` header (1 to 255 printable ASCII characters): a retry by the same caller within 24 hours answers the first answer with `Idempotent-Replayed: true`; the key with another body or route 422/1005; while the first runs 409/1003 with Retry-After (docs/api.md, Idempotent requests).';

/**
 * Installs the hooks, on the root instance before any route: at start-up it lists the idempotent
 * routes (writes only) and gives each of them, and only them, two hooks: after the access guard and
 * validation it claims the key or answers from it; when the answer goes out it stores it (below
 * 500) or frees the key. Other routes pay nothing for it.
 */
export function installIdempotency(app: FastifyInstance, { idempotency, log }: { idempotency: Idempotency; log: Pick<FastifyBaseLogger, 'error'> }) {
  const routes: Array<{ method: string; url: string }> = [];
  app.decorate('idempotentRoutes', routes);
  const claims = new WeakMap<FastifyRequest, Claim>();

  async function claimKey(request: FastifyRequest, reply: FastifyReply) {
    const key = readIdempotencyKey(request.headers[IDEMPOTENCY_KEY_HEADER]);
    if (key === undefined) return;
    if (key === null) throw idempotencyKeyInvalid();
    const { companyId, caller } = callerOf(request);
    const fingerprint = fingerprintOf(request.method, request.routeOptions.url ?? request.url, request.body);
    const outcome = await idempotency.claim({ companyId, caller, key }, fingerprint);
    switch (outcome.kind) {
      case 'claimed':
        claims.set(request, outcome.claim);
        return;
      case 'mismatch':
        throw idempotencyKeyReused();
      case 'inProgress':
        throw idempotencyKeyInProgress();
      case 'replay': {
        const { statusCode, contentType, body } = outcome.answer;
        reply.code(statusCode).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
        if (contentType) reply.type(contentType);
        return reply.send(body);
      }
    }
  }

  async function storeAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const claim = claims.get(request);
    if (!claim) return payload;
    claims.delete(request);
    try {
      const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : undefined;
      // A failure on our side (or an answer we cannot keep) frees the key: the retry runs again.
      if (reply.statusCode >= 500 || body === undefined) await idempotency.release(claim);
      else {
        const contentType = reply.getHeader('content-type');
        await idempotency.complete(claim, { statusCode: reply.statusCode, contentType: typeof contentType === 'string' ? contentType : null, body });
      }
    } catch (error) {
      // The action is done; its answer still goes out. The claim stays and is taken over once abandoned.
      log.error({ err: error, claimId: claim.id }, 'idempotency answer not stored');
    }
    return payload;
  }

  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    for (const method of [route.method].flat()) {
      if (!WRITE_METHODS.has(String(method))) throw new Error(`Route ${String(method)} ${route.url} is marked idempotent but is not a write`);
      routes.push({ method: String(method), url: route.url });
    }
    const schema = route.schema as { description?: string; hide?: boolean } | undefined;
    if (schema && !schema.hide) schema.description = `${schema.description ?? ''} ${OPENAPI_NOTE}`.trim();
    // The claim before the route's own pre-handlers; the answer stored after its own onSend hooks.
    route.preHandler = [claimKey, ...[route.preHandler ?? []].flat()];
    route.onSend = [...[route.onSend ?? []].flat(), storeAnswer];
  });
}
