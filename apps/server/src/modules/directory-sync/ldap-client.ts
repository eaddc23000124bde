import { Client, InvalidCredentialsError } from 'ldapts';

/** Where to connect and as whom. */
export interface LdapConnection {
  url: string;
  bindDn: string;
  bindPassword: string;
  /** PEM of the certificate authority an ldaps:// server is checked against; empty for the system's. */
  caCertificate: string;
}

/** One entry found: its DN and its attributes, each as a list of strings. */
export interface LdapEntry {
  dn: string;
  attributes: Map<string, string[]>;
}

/** The server refused the bind DN or password. */
export class LdapBindRefused extends Error {
  override name = 'LdapBindRefused';
}

const CONNECT_TIMEOUT_MS = 5_000;
const OPERATION_TIMEOUT_MS = 30_000;

function valuesOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list.map((item) => (Buffer.isBuffer(item) ? item.toString('utf8') : String(item)));
}

/**
 * Binds and searches the subtree under `baseDn` with `filter`, asking for `attributes` only, in
 * pages (Active Directory answers at most 1000 entries per page). Always unbinds.
 */
export async function searchLdap(connection: LdapConnection, baseDn: string, filter: string, attributes: string[]): Promise<LdapEntry[]> {
  const client = new Client({
    url: connection.url,
    connectTimeout: CONNECT_TIMEOUT_MS,
    timeout: OPERATION_TIMEOUT_MS,
    // The server's certificate is always verified; a private authority is added, never a bypass.
    ...(connection.caCertificate ? { tlsOptions: { ca: [connection.caCertificate], rejectUnauthorized: true } } : {}),
  });
  try {
    try {
      await client.bind(connection.bindDn, connection.bindPassword);
    } catch (error) {
      if (error instanceof InvalidCredentialsError) throw new LdapBindRefused(error.message);
      throw error;
    }
    const { searchEntries } = await client.search(baseDn, { scope: 'sub', filter, attributes, paged: { pageSize: 500 } });
    return searchEntries.map(({ dn, ...rest }) => {
      // Attribute names are case-insensitive in LDAP: keys are lower-cased.
      const map = new Map<string, string[]>();
      for (const [name, value] of Object.entries(rest)) map.set(name.toLowerCase(), valuesOf(value));
      return { dn, attributes: map };
    });
  } finally {
    await client.unbind().catch(() => undefined);
  }
}
