import * as oidc from 'openid-client';
import { isLoopbackHost } from '@atrium/contract';

/** What the service needs of a provider: one small adapter over openid-client. */
export interface ProviderClient {
  /** Reads the issuer's discovery document (throws with the reason when it cannot be used). */
  discover(issuer: string): Promise<oidc.ServerMetadata>;
  /** The authorization address for a code flow with PKCE S256, state and nonce. */
  authorizationUrl(setting: ClientSetting, params: { redirectUri: string; state: string; nonce: string; codeVerifier: string; loginHint?: string }): Promise<string>;
  /**
   * Exchanges the code of `callbackUrl` and validates the ID token (issuer, audience, signature,
   * nonce, state), then answers its claims merged over the userinfo answer when the ID token lacks
   * the wanted claim (providers that keep profile claims for userinfo).
   */
  finish(setting: ClientSetting, params: { callbackUrl: URL; state: string; nonce: string; codeVerifier: string; wantedClaim: string }): Promise<Record<string, unknown>>;
}

export interface ClientSetting {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** Seconds a request to the provider may take. */
const PROVIDER_TIMEOUT_SECONDS = 10;
const SCOPE = 'openid email profile';

/** Plain http is accepted only for a provider on this machine (a test or a local development provider). */
const isLocalHttp = (issuer: string) => {
  const url = new URL(issuer);
  return url.protocol === 'http:' && isLoopbackHost(url.hostname);
};

export function createProviderClient(): ProviderClient {
  async function configure(setting: ClientSetting): Promise<oidc.Configuration> {
    const config = await oidc.discovery(new URL(setting.issuer), setting.clientId, undefined, undefined, {
      timeout: PROVIDER_TIMEOUT_SECONDS,
      ...(isLocalHttp(setting.issuer) ? { execute: [oidc.allowInsecureRequests] } : {}),
    });
    const server = config.serverMetadata();
    // client_secret_basic is the default of the standard; a provider that lists only post gets post.
    const methods = server.token_endpoint_auth_methods_supported;
    const auth =
      methods && !methods.includes('client_secret_basic') && methods.includes('client_secret_post')
        ? oidc.ClientSecretPost(setting.clientSecret)
        : oidc.ClientSecretBasic(setting.clientSecret);
    const client = new oidc.Configuration(server, setting.clientId, undefined, auth);
    client.timeout = PROVIDER_TIMEOUT_SECONDS;
    if (isLocalHttp(setting.issuer)) oidc.allowInsecureRequests(client);
    return client;
  }

  return {
    async discover(issuer) {
      const config = await oidc.discovery(new URL(issuer), 'atrium-check', undefined, undefined, {
        timeout: PROVIDER_TIMEOUT_SECONDS,
        ...(isLocalHttp(issuer) ? { execute: [oidc.allowInsecureRequests] } : {}),
      });
      return config.serverMetadata();
    },

    async authorizationUrl(setting, { redirectUri, state, nonce, codeVerifier, loginHint }) {
      const config = await configure(setting);
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: SCOPE,
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        ...(loginHint ? { login_hint: loginHint } : {}),
      });
      return url.href;
    },

    async finish(setting, { callbackUrl, state, nonce, codeVerifier, wantedClaim }) {
      const config = await configure(setting);
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: codeVerifier,
        expectedState: state,
        expectedNonce: nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('The provider answered without an ID token');
      if (claims[wantedClaim] !== undefined || !config.serverMetadata().userinfo_endpoint) return { ...claims };
      const userInfo = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
      return { ...userInfo, ...claims };
    },
  };
}

export { randomNonce, randomPKCECodeVerifier, randomState } from 'openid-client';
