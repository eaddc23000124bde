import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** An account of the test provider: its subject and the claims it hands out. */
export interface ProviderAccount {
  sub: string;
  email?: string;
  preferred_username?: string;
  name?: string;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The account the next interaction signs in. */
  signInAs(account: ProviderAccount): void;
  close(): Promise<void>;
}

export interface TestProviderOptions {
  redirectUri: string;
  clientSecret?: string;
  /**
   * Show a small sign-in page (e-mail and a button) instead of signing in the chosen account at
   * once: for browser journeys. The typed e-mail becomes the account's subject and e-mail.
   */
  hasLoginForm?: boolean;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The provider's sign-in page in form mode: deliberately plain, it stands for any company's login page. */
const loginPage = (uid: string, hint: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Example Identity</title>
<style>body{font-family:system-ui,sans-serif;background:#eef2f7;display:flex;min-height:100vh;margin:0;align-items:center;justify-content:center}
form{background:#fff;padding:32px;border-radius:12px;box-shadow:0 4px 24px rgba(0,0,0,.08);width:min(340px,86vw)}
h1{font-size:20px;margin:0 0 16px}label{display:block;font-size:14px;margin-bottom:6px}
input{width:100%;box-sizing:border-box;padding:10px;font-size:15px;border:1px solid #c5ccd6;border-radius:6px;margin-bottom:16px}
button{width:100%;padding:10px;font-size:15px;background:#2f54eb;color:#fff;border:0;border-radius:6px}</style></head>
<body><form method="post" action="/interaction/${escapeHtml(uid)}"><h1>Example Identity</h1>
<label for="email">Company e-mail</label><input id="email" name="email" type="email" value="${escapeHtml(hint)}" required>
<button type="submit" id="idp-submit">Sign in</button></form></body></html>`;

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * A real OpenID provider (oidc-provider) on a random 127.0.0.1 port with one confidential client.
 * Its interaction (the provider's own login page) is a few lines that sign in the chosen account,
 * or the e-mail typed in its form, and grant the requested scopes, as a person clicking through would.
 */
export async function startTestProvider({ redirectUri, clientSecret = 'test-client-secret-0123456789', hasLoginForm = false }: TestProviderOptions): Promise<TestProvider> {
  const clientId = 'atrium-test';
  const accounts = new Map<string, ProviderAccount>();
  let next: ProviderAccount | undefined;

  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: ['atrium-test-cookie-key'] },
    async findAccount(_ctx, sub) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: async () => ({ ...account, email_verified: true }) };
    },
  });

  async function interact(request: IncomingMessage, response: ServerResponse) {
    const details = await provider.interactionDetails(request, response);
    let account = next;
    if (hasLoginForm) {
      if (request.method !== 'POST') {
        response.setHeader('content-type', 'text/html; charset=utf-8');
        response.end(loginPage(details.uid, String(details.params.login_hint ?? '')));
        return;
      }
      const email = (await readForm(request)).get('email')?.trim() ?? '';
      account = { sub: email.toLowerCase(), email };
    }
    if (!account) throw new Error('The test did not choose an account');
    accounts.set(account.sub, account);
    const clientOf = String(details.params.client_id);
    const grant = new provider.Grant({ accountId: account.sub, clientId: clientOf });
    grant.addOIDCScope(String(details.params.scope ?? 'openid'));
    const grantId = await grant.save();
    await provider.interactionFinished(request, response, { login: { accountId: account.sub }, consent: { grantId } }, { mergeWithLastSubmission: false });
  }

  const handle = provider.callback();
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (request.url?.startsWith('/interaction/')) {
      interact(request, response).catch((error: unknown) => {
        response.statusCode = 500;
        response.end(String(error));
      });
      return;
    }
    handle(request, response);
  });

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(account) {
      next = account;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A browser's walk through redirects with a cookie jar: follows every Location until one leaves
 * for `stopAtOrigin` (our server, which the test calls by inject), and answers that address.
 */
export async function followToOrigin(start: string, stopAtOrigin: string, jar = new Map<string, string>()): Promise<URL> {
  let url = new URL(start);
  for (let hop = 0; hop < 10; hop++) {
    if (url.origin === stopAtOrigin) return url;
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at).trim(), pair!.slice(at + 1).trim());
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`No redirect from ${url.href} (${response.status}): ${(await response.text()).slice(0, 300)}`);
    url = new URL(location, url);
  }
  throw new Error('Too many redirects');
}
