import { DEVICE_TOKEN_HEADER, type Lang } from '@atrium/contract';

/**
 * Where a device's screen (a door display, a visitor kiosk) keeps its device token in this browser:
 * the device's own credential, not a user session.
 */
export function deviceTokenStore(key: string) {
  return {
    read(): string | null {
      try {
        return window.localStorage.getItem(key);
      } catch {
        return null;
      }
    },
    write(token: string | null): void {
      try {
        if (token) window.localStorage.setItem(key, token);
        else window.localStorage.removeItem(key);
      } catch {
        // Private mode: the device asks for its code again after a reload.
      }
    },
  };
}

/** A refused device call: the server's message (already in the screen's language) and its HTTP status (0: no network). */
export class DeviceError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The envelope's result on failure (what a refused visitor check-in still needs). */
    readonly result: unknown = null,
  ) {
    super(message);
    this.name = 'DeviceError';
  }
}

/** Calls the device API with the device's token; unwraps the envelope. A FormData body (a photo) is sent as multipart. */
export async function deviceCall<T>(method: 'GET' | 'POST', path: string, options: { token?: string | null; body?: unknown; lang: Lang }): Promise<{ result: T; message: string }> {
  const headers: Record<string, string> = { lang: options.lang };
  if (options.token) headers[DEVICE_TOKEN_HEADER] = options.token;
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    const body = isForm ? (options.body as FormData) : JSON.stringify(options.body);
    response = await fetch(`/api${path}`, { method, headers, ...(options.body !== undefined ? { body } : {}) });
  } catch {
    throw new DeviceError('', 0);
  }
  let envelope: { returncode: number; message: string; result: T } | null = null;
  try {
    envelope = (await response.json()) as { returncode: number; message: string; result: T };
  } catch {
    envelope = null;
  }
  if (!response.ok || !envelope || envelope.returncode !== 200) throw new DeviceError(envelope?.message ?? '', response.status, envelope?.result ?? null);
  return { result: envelope.result, message: envelope.message };
}
