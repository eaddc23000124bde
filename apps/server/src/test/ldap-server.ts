import ldap from 'ldapjs';

/** An entry of the test directory: its DN and attributes. */
export interface TestLdapEntry {
  dn: string;
  attributes: Record<string, string | string[]>;
}

export interface TestLdapServer {
  url: string;
  bindDn: string;
  bindPassword: string;
  baseDn: string;
  /** The entries served; tests change them between syncs. */
  entries: TestLdapEntry[];
  close(): Promise<void>;
}

/**
 * A real LDAP server (ldapjs) on 127.0.0.1 and a random port: one bind DN with a password, and the
 * given entries under the base DN, filtered by the search filter as a directory would.
 */
export async function startLdapServer(options: {
  baseDn: string;
  bindDn: string;
  bindPassword: string;
  entries: TestLdapEntry[];
  /** Serve ldaps:// with this certificate and key (PEM). */
  tls?: { certificate: string; key: string };
}): Promise<TestLdapServer> {
  const server = options.tls ? ldap.createServer({ certificate: options.tls.certificate, key: options.tls.key }) : ldap.createServer();
  const state = { entries: options.entries };
  server.bind(options.baseDn, (req, res, next) => {
    if (req.dn.toString().replace(/\s/g, '') !== options.bindDn.replace(/\s/g, '') || req.credentials !== options.bindPassword) {
      next(new ldap.InvalidCredentialsError());
      return;
    }
    res.end();
    next();
  });
  server.search(options.baseDn, (req, res, next) => {
    // Attribute names are case-insensitive in LDAP, but ldapjs compares the requested names with the
    // lower-cased names of the entry: the requested list is lower-cased to match.
    res.attributes = res.attributes.map((name) => name.toLowerCase());
    for (const entry of state.entries) {
      if (req.filter.matches(entry.attributes)) res.send({ dn: entry.dn, attributes: { ...entry.attributes } });
    }
    res.end();
    next();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `${options.tls ? 'ldaps' : 'ldap'}://127.0.0.1:${server.address().port}`,
    bindDn: options.bindDn,
    bindPassword: options.bindPassword,
    baseDn: options.baseDn,
    get entries() {
      return state.entries;
    },
    set entries(next) {
      state.entries = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
