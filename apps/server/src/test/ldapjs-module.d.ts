/** The parts of ldapjs (a test dependency without bundled types) the test LDAP server uses. */
declare module 'ldapjs' {
  import type { AddressInfo } from 'node:net';

  interface Filter {
    matches(attributes: Record<string, unknown>, strictAttributeCase?: boolean): boolean;
  }

  interface BindRequest {
    dn: { toString(): string };
    credentials: string;
  }

  interface SearchRequest {
    dn: { toString(): string };
    filter: Filter;
  }

  interface Response {
    end(): void;
  }

  interface SearchResponse extends Response {
    /** The attribute names the client asked for. */
    attributes: string[];
    send(entry: { dn: string; attributes: Record<string, string | string[]> }): void;
  }

  type Next = (error?: Error) => void;

  interface Server {
    bind(base: string, handler: (req: BindRequest, res: Response, next: Next) => void): void;
    search(base: string, handler: (req: SearchRequest, res: SearchResponse, next: Next) => void): void;
    listen(port: number, host: string, callback: () => void): void;
    address(): AddressInfo;
    close(callback?: () => void): void;
  }

  const ldap: {
    createServer(options?: { certificate: string; key: string }): Server;
    InvalidCredentialsError: new (message?: string) => Error;
    NoSuchObjectError: new (message?: string) => Error;
  };
  // eslint-disable-next-line no-restricted-syntax -- describes the package's own default export
  export default ldap;
}
