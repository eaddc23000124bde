import type { MessageKey, RoleMapping } from '@atrium/contract';

/** A department as a directory names it; `key` is the directory's id (the name, for LDAP). */
export interface SourceDepartment {
  key: string;
  name: string;
  parentKey: string | null;
}

/** Why a source refuses a record before the sync sees it: a message key with its parameters. */
export interface SourceSkip {
  key: MessageKey;
  params: Record<string, string | number>;
}

/** A person as a directory describes them; every text is as read, the sync checks it. */
export interface SourceUser {
  /** Names the record in the report: an LDAP DN, a provider's user id. */
  entry: string;
  /** The provider's stable id of the person (linked for sign-in); null for LDAP. */
  subject: string | null;
  userName?: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  /** The department the console files them under (it holds one per user). */
  departmentKey?: string;
  /** Names the role mapping matches: LDAP group CNs, work-chat department names with their ancestors. */
  groups: string[];
  /** The directory's names of the user-name and e-mail fields, for the reasons of skipped records. */
  labels: { userName: string; email: string };
  /** Set when the source already knows the record cannot be synced. */
  skip?: SourceSkip;
}

/** What a source read. */
export interface DirectorySnapshot {
  departments: SourceDepartment[];
  users: SourceUser[];
}

/**
 * A directory the sync reads: LDAP / Active Directory or a work-chat provider. `issuer` names the
 * provider in `external_identities` (null: users are not linked, as for LDAP).
 */
export interface DirectorySource {
  issuer: string | null;
  read(): Promise<DirectorySnapshot>;
}

/** Most users one sync reads, whatever the source. */
export const DIRECTORY_MAX_USERS = 10_000;

/** The names of these departments and of every department above them (a rule on a parent covers its sub-teams). */
export function departmentGroups(departments: ReadonlyMap<string, SourceDepartment>, keys: readonly string[]): string[] {
  const names = new Set<string>();
  for (const start of keys) {
    const seen = new Set<string>();
    for (let key: string | null = start; key !== null && !seen.has(key); key = departments.get(key)?.parentKey ?? null) {
      seen.add(key);
      const department = departments.get(key);
      if (department) names.add(department.name);
    }
  }
  return [...names];
}

/** The role the first matching rule gives, among roles that still exist; undefined when no rule names the user. */
export function mappedRole(mapping: RoleMapping, groups: readonly string[], roleIds: ReadonlySet<number>): number | undefined {
  const held = new Set(groups.map((group) => group.toLowerCase()));
  return mapping.find((rule) => held.has(rule.group.toLowerCase()) && roleIds.has(rule.roleId))?.roleId;
}

/** A work-chat display name split into first and last name: CJK family name first, else at the last space. */
export function splitDisplayName(name: string): { firstName?: string; lastName?: string } {
  const trimmed = name.trim();
  if (!trimmed) return {};
  const isCjk = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+$/u.test(trimmed);
  if (isCjk) {
    const characters = [...trimmed];
    if (characters.length < 2) return { firstName: trimmed };
    return { lastName: characters[0], firstName: characters.slice(1).join('') };
  }
  const space = trimmed.lastIndexOf(' ');
  if (space < 0) return { firstName: trimmed };
  return { firstName: trimmed.slice(0, space).trim(), lastName: trimmed.slice(space + 1) };
}
