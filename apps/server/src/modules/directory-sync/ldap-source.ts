import { isAcceptableText, LDAP_FALLBACK_USER_NAME, type LdapMapping } from '@atrium/contract';
import { refused } from '../../platform/errors.js';
import { DIRECTORY_MAX_USERS, type DirectorySnapshot, type DirectorySource, type SourceUser } from './directory-source.js';
import { searchLdap, type LdapConnection, type LdapEntry } from './ldap-client.js';

/** Where and what an LDAP sync reads. */
export interface LdapSourceSetting extends LdapConnection {
  baseDn: string;
  userFilter: string;
  mapping: LdapMapping;
}

/** The common name of a group DN (`CN=Sales,OU=Groups,DC=acme` gives `Sales`); a value that is no DN is the name itself. */
export function groupName(value: string): string {
  const match = /^\s*cn\s*=\s*((?:\\.|[^,\\])+)/i.exec(value);
  return (match ? match[1]!.replace(/\\(.)/g, '$1') : value).trim();
}

/** Reads the entries the filter finds, with the mapped attributes (and the user-name fallback). */
export async function readLdapEntries(setting: LdapSourceSetting): Promise<LdapEntry[]> {
  const { mapping } = setting;
  const attributes = [...new Set([mapping.userName, LDAP_FALLBACK_USER_NAME, mapping.email, mapping.firstName, mapping.lastName, mapping.department, mapping.groups])];
  const entries = await searchLdap(setting, setting.baseDn, setting.userFilter, attributes);
  if (entries.length > DIRECTORY_MAX_USERS) throw refused('ldapTooManyEntries', { max: DIRECTORY_MAX_USERS });
  return entries;
}

/** One LDAP entry as the sync reads a person. */
function userOf(entry: LdapEntry, mapping: LdapMapping): SourceUser {
  const values = (attribute: string) => entry.attributes.get(attribute.toLowerCase()) ?? [];
  const first = (attribute: string) => values(attribute).find((value) => value.trim() !== '')?.trim();
  const user: SourceUser = { entry: entry.dn, subject: null, groups: [], labels: { userName: mapping.userName, email: mapping.email } };
  // The API's text rule (contract text-rules.ts) for what the directory holds: such an entry is skipped, naming the attribute.
  for (const attribute of [mapping.userName, LDAP_FALLBACK_USER_NAME, mapping.email, mapping.firstName, mapping.lastName, mapping.department]) {
    const value = first(attribute);
    if (value !== undefined && !isAcceptableText(value)) return { ...user, skip: { key: 'ldapSkipBadText', params: { attribute } } };
  }
  const department = first(mapping.department);
  return {
    ...user,
    userName: first(mapping.userName) ?? first(LDAP_FALLBACK_USER_NAME),
    email: first(mapping.email),
    firstName: first(mapping.firstName),
    lastName: first(mapping.lastName),
    ...(department ? { departmentKey: department } : {}),
    groups: values(mapping.groups).map(groupName).filter((name) => name !== '' && isAcceptableText(name)),
  };
}

/** LDAP / Active Directory as a directory source: departments are named by an attribute, so their key is the name. */
export function createLdapSource(setting: LdapSourceSetting): DirectorySource {
  return {
    issuer: null,
    async read(): Promise<DirectorySnapshot> {
      const users = (await readLdapEntries(setting)).map((entry) => userOf(entry, setting.mapping));
      const names = new Map<string, string>();
      for (const user of users) if (user.departmentKey && !names.has(user.departmentKey.toLowerCase())) names.set(user.departmentKey.toLowerCase(), user.departmentKey);
      const departments = [...names.values()].map((name) => ({ key: name, name, parentKey: null }));
      // One key per name whatever its case, as departments are matched.
      for (const user of users) if (user.departmentKey) user.departmentKey = names.get(user.departmentKey.toLowerCase())!;
      return { departments, users };
    },
  };
}
