/** The parts of oidc-provider (a test dependency without bundled types) the test provider uses. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Account {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }

  interface Configuration {
    clients?: Array<Record<string, unknown>>;
    claims?: Record<string, string[]>;
    features?: Record<string, { enabled: boolean }>;
    cookies?: { keys?: string[] };
    findAccount?(ctx: unknown, sub: string): Promise<Account | undefined>;
  }

  interface Interaction {
    uid: string;
    prompt: { name: string };
    params: Record<string, unknown>;
  }

  class Grant {
    constructor(properties: { accountId: string; clientId: string });
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  // eslint-disable-next-line no-restricted-syntax -- describes the package's own default export
  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    Grant: typeof Grant;
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    interactionDetails(request: IncomingMessage, response: ServerResponse): Promise<Interaction>;
    interactionFinished(request: IncomingMessage, response: ServerResponse, result: Record<string, unknown>, options?: { mergeWithLastSubmission?: boolean }): Promise<void>;
  }
}
