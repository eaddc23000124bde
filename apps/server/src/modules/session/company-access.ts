import type { PasswordPolicy, Permission } from '@atrium/contract';
import { createVersionedCache } from '../../platform/versioned-cache.js';
import type { RoleRepository } from '../role/role.repository.js';
import type { SettingsRepository } from '../settings/settings.repository.js';

/** A role as the access guard applies it. */
export interface RoleAccess {
  name: string;
  /** Normalised (edit implies view); shared between requests, never mutated. */
  permissions: ReadonlySet<Permission>;
}

/** What every signed-in request needs of its company: its roles and its password policy. */
export interface CompanyAccess {
  roles: ReadonlyMap<number, RoleAccess>;
  passwordPolicy: PasswordPolicy;
}

/** Companies whose access is kept per process; the least recently used beyond are dropped. */
const COMPANIES_CACHED = 500;

export type CompanyAccessCache = ReturnType<typeof createCompanyAccessCache>;

/**
 * The companies' roles and password policies, kept in memory while the company's access version
 * stays the same: triggers raise it in the transaction of every write to roles or the password
 * policy (migration 0042), and the session lookup reads it in its own query, so a change counts
 * from the next request in every process (docs/decisions/0015, "Per-request cost").
 */
export function createCompanyAccessCache({ roles, settings }: { roles: Pick<RoleRepository, 'listRoles'>; settings: Pick<SettingsRepository, 'getPasswordPolicy'> }) {
  const cache = createVersionedCache<number, CompanyAccess>(COMPANIES_CACHED);

  async function load(companyId: number): Promise<CompanyAccess> {
    const [list, passwordPolicy] = await Promise.all([roles.listRoles(companyId), settings.getPasswordPolicy(companyId)]);
    return {
      roles: new Map(list.map((role) => [role.id, { name: role.name, permissions: new Set(role.permissions) }])),
      passwordPolicy: Object.freeze(passwordPolicy),
    };
  }

  return {
    /** The company's access as of `version`; loaded (two queries) only when the version changed. */
    get(companyId: number, version: number): CompanyAccess | Promise<CompanyAccess> {
      return cache.peek(companyId, version) ?? cache.get(companyId, version, () => load(companyId));
    },
  };
}
