import { clientReactionOf, REQUEST_TIMEOUT_MS, type ClientReaction, type Envelope, type Lang } from '@atrium/contract';

/** How a failed request ended, beyond the return codes: no envelope, timed out, or cancelled by the caller. */
export type FailureKind = ClientReaction | 'http' | 'network' | 'timeout' | 'cancelled';

/** A request that did not succeed. `message` is already in the user's language. */
export class ApiError extends Error {
  constructor(
    message: string,
    /** Return code of the envelope, or undefined when the server sent none. */
    readonly returncode: number | undefined,
    /** HTTP status, 0 when no answer arrived. */
    readonly status: number,
    readonly kind: FailureKind,
    /** The envelope's result on failure (field issues, retryAfterSeconds). */
    readonly result: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Whether an error is a request the caller cancelled (navigated away, query replaced): never shown. */
export const isCancelled = (error: unknown) => error instanceof ApiError && error.kind === 'cancelled';

export interface ApiClientOptions {
  /** Origin prefix of `/api`; empty in the browser (same origin), a test server's address in tests. */
  baseUrl?: string;
  timeoutMs?: number;
  getLang: () => Lang;
  /** Shows an error message for `seconds` (spec 000 section 8: 5 s for most codes). */
  notify: (text: string, seconds?: number) => void;
  /** Reaction to 2001: send the user to sign in. */
  onSessionInvalid: () => void;
  /** Text for an HTTP failure without an envelope; status 0 means no answer (network, bad body). */
  describeStatus: (status: number) => string;
  /** Told of a request that failed on the network (status 0) or with a server error (5xx): the front-end log. */
  onRequestFailure?: (method: string, path: string, status: number) => void;
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  /** False when the caller shows the server's message itself (sign-in forms). */
  notify?: boolean;
  /**
   * A form that shows failures itself (on its fields, or in its own alert) answers true for those it
   * shows: they are not toasted as well, so each failure is said once (shared/forms/form-failure.ts).
   */
  claim?: (error: ApiError) => boolean;
  /** Extra request headers (an Idempotency-Key); they never replace the client's own. */
  headers?: Record<string, string>;
}

/** A success with the server's message: for a call whose message is what the user is told ("your visit is confirmed"). */
export interface Answer<T> {
  result: T;
  message: string;
}

/** Request fields whose value must reach the server exactly as typed. */
const UNTRIMMED_KEY = /password/i;

/**
 * Trims every string field of a request body, recursively (spec 000 section 5: "string fields are
 * trimmed before sending"). Password fields are left alone: trimming would silently change a secret.
 */
export function trimStrings(value: unknown, key = ''): unknown {
  if (typeof value === 'string') return UNTRIMMED_KEY.test(key) ? value : value.trim();
  if (Array.isArray(value)) return value.map((item) => trimStrings(item, key));
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, trimStrings(v, k)]));
  }
  return value;
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return !!value && typeof value === 'object' && typeof (value as { returncode?: unknown }).returncode === 'number';
}

function queryString(query: RequestOptions['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.append(name, typeof value === 'string' ? value.trim() : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The console's HTTP client: envelope unwrapping and the return-code reactions of spec 000 section 8. */
export function createApiClient(options: ApiClientOptions) {
  const { baseUrl = '', timeoutMs = REQUEST_TIMEOUT_MS } = options;

  /** Sends a request; resolves with a success's result and message, rejects with any other answer (after its reaction). */
  async function answer<T>(method: string, path: string, requestOptions: RequestOptions = {}): Promise<Answer<T>> {
    const { query, body, signal, notify = true, claim, headers: extraHeaders = {} } = requestOptions;
    /** Rejects with the failure, toasting it unless the caller shows it itself. */
    const fail = (error: ApiError, seconds?: number): never => {
      if (notify && !claim?.(error)) options.notify(error.message, seconds);
      throw error;
    };

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const cancel = () => controller.abort();
    if (signal?.aborted) controller.abort();
    signal?.addEventListener('abort', cancel);

    let response: Response;
    let payload: unknown;
    try {
      const headers: Record<string, string> = { ...extraHeaders, accept: 'application/json', lang: options.getLang() };
      // A FormData body (uploads) sets its own multipart content type and is sent untouched.
      const isForm = body instanceof FormData;
      if (body !== undefined && !isForm) headers['content-type'] = 'application/json';
      response = await fetch(`${baseUrl}/api${path}${queryString(query)}`, {
        method,
        headers,
        credentials: 'same-origin',
        signal: controller.signal,
        ...(body !== undefined ? { body: isForm ? body : JSON.stringify(trimStrings(body)) } : {}),
      });
      const text = await response.text();
      try {
        payload = text ? JSON.parse(text) : undefined;
      } catch {
        payload = undefined;
      }
    } catch (error) {
      if (timedOut) return fail(new ApiError(options.describeStatus(408), undefined, 0, 'timeout'), 5);
      if (controller.signal.aborted) throw new ApiError('cancelled', undefined, 0, 'cancelled');
      options.onRequestFailure?.(method, path, 0);
      return fail(new ApiError(options.describeStatus(0), undefined, 0, 'network', error), 5);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', cancel);
    }

    if (response.status >= 500) options.onRequestFailure?.(method, path, response.status);
    if (!isEnvelope(payload)) return fail(new ApiError(options.describeStatus(response.ok ? 0 : response.status), undefined, response.status, 'http'), 5);

    const reaction = clientReactionOf(payload.returncode);
    const error = () => new ApiError(payload.message, payload.returncode, response.status, reaction, payload.result);
    switch (reaction) {
      case 'success':
        return { result: payload.result as T, message: payload.message };
      case 'sign-in':
        options.onSessionInvalid();
        throw error();
      case 'silent':
        throw error();
      case 'toast':
      case 'toast-reject':
        return fail(error());
      case 'toast-5s':
        return fail(error(), 5);
    }
  }

  /** Sends a request; resolves with a success's result. */
  const request = async <T>(method: string, path: string, requestOptions?: RequestOptions): Promise<T> => (await answer<T>(method, path, requestOptions)).result;

  return {
    request,
    answer,
    get: <T>(path: string, o?: RequestOptions) => request<T>('GET', path, o),
    post: <T>(path: string, body?: unknown, o?: RequestOptions) => request<T>('POST', path, { ...o, body }),
    put: <T>(path: string, body?: unknown, o?: RequestOptions) => request<T>('PUT', path, { ...o, body }),
    delete: <T>(path: string, body?: unknown, o?: RequestOptions) => request<T>('DELETE', path, { ...o, body }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
