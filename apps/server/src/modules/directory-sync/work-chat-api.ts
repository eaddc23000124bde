import type { WorkChatProvider } from '@atrium/contract';

/** What a work-chat call needs: the company's app and where the provider answers. */
export interface WorkChatApp {
  provider: WorkChatProvider;
  corpId: string;
  appKey: string;
  secret: string;
  /** Empty: the provider's real hosts. */
  baseUrl: string;
}

/** The provider could not be used; `reason` is the provider's own message, never a secret. */
export class WorkChatError extends Error {
  override name = 'WorkChatError';
}

/** The real hosts of each provider; a setting's base URL, when given, stands for all of them. */
const HOSTS: Record<WorkChatProvider, { api: string; api2: string; authorize: string }> = {
  wecom: { api: 'https://qyapi.weixin.qq.com', api2: 'https://qyapi.weixin.qq.com', authorize: 'https://login.work.weixin.qq.com' },
  feishu: { api: 'https://open.feishu.cn', api2: 'https://open.feishu.cn', authorize: 'https://open.feishu.cn' },
  dingtalk: { api: 'https://oapi.dingtalk.com', api2: 'https://api.dingtalk.com', authorize: 'https://login.dingtalk.com' },
};

/** The host for a part of the provider: `api`, `api2` (DingTalk's newer API) or `authorize` (the sign-in page). */
export function hostOf(app: Pick<WorkChatApp, 'provider' | 'baseUrl'>, part: 'api' | 'api2' | 'authorize'): string {
  return app.baseUrl ? app.baseUrl.replace(/\/+$/, '') : HOSTS[app.provider][part];
}

const REQUEST_TIMEOUT_MS = 15_000;

/**
 * One JSON call to a provider. An HTTP error, a body that is not JSON or one the provider marks as
 * failed (`errcode` / `code` not 0) throws WorkChatError with the provider's message. The URL may
 * carry an access token, so it is never part of the error.
 */
export async function callProvider<T>(url: string, init: { method?: 'GET' | 'POST'; body?: unknown; headers?: Record<string, string> } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method ?? 'GET',
      headers: { accept: 'application/json', ...(init.body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' }), ...init.headers },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      redirect: 'error',
    });
  } catch (error) {
    const cause = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    throw new WorkChatError(`${new URL(url).host}: ${cause}`);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new WorkChatError(`${new URL(url).host}: HTTP ${response.status}, not JSON`);
  }
  const record = (body ?? {}) as Record<string, unknown>;
  const code = record.errcode ?? record.code;
  const message = String(record.errmsg ?? record.msg ?? record.message ?? '');
  if (!response.ok || (code !== undefined && code !== 0 && code !== '0')) {
    throw new WorkChatError(`${code ?? `HTTP ${response.status}`}${message ? ` ${message}` : ''}`.slice(0, 300));
  }
  return body as T;
}

/** A query string from defined values. */
export function query(values: Record<string, string | number | boolean | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== '') params.set(key, String(value));
  return params.toString();
}
