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

/**
 * A real OpenID provider (oidc-provider) on a random 127.0.0.1 port with one confidential client.
 * Its interaction (the provider's own login page) is a few lines that sign in the chosen account
 * and grant the requested scopes, as a person clicking through would.
 */
export async function startTestProvider({ redirectUri, clientSecret = 'test-client-secret-0123456789' }: { redirectUri: string; clientSecret?: string }): Promise<TestProvider> {
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
    if (!next) throw new Error('The test did not choose an account');
    accounts.set(next.sub, next);
    const clientOf = String(details.params.client_id);
    const grant = new provider.Grant({ accountId: next.sub, clientId: clientOf });
    grant.addOIDCScope(String(details.params.scope ?? 'openid'));
    const grantId = await grant.save();
    await provider.interactionFinished(request, response, { login: { accountId: next.sub }, consent: { grantId } }, { mergeWithLastSubmission: false });
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
