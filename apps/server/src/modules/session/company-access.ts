import type { LicensedModule, PasswordPolicy, Permission } from '@atrium/contract';
import { createVersionedCache } from '../../platform/versioned-cache.js';
import type { ApplicationRepository } from '../application/application.repository.js';
import type { LicenceService } from '../licence/licence.service.js';
import type { RoleRepository } from '../role/role.repository.js';
import type { SettingsRepository } from '../settings/settings.repository.js';

/** A role as the access guard applies it. */
export interface RoleAccess {
  name: string;
  /** Normalised (edit implies view); shared between requests, never mutated. */
  permissions: ReadonlySet<Permission>;
}

/** What every signed-in request needs of its company: its roles, its password policy, the applications it switched off and its licences. */
export interface CompanyAccess {
  roles: ReadonlyMap<number, RoleAccess>;
  passwordPolicy: PasswordPolicy;
  /** Keys of the applications the company switched off (their menu entries are hidden). */
  switchedOffApplications: readonly string[];
  /** Each licensed module the company holds a verified licence for, with its end (the guard adds the grace). */
  moduleLicences: ReadonlyMap<LicensedModule, number>;
  /** The menu keys the company's branch offers; null offers every entry (decision 0021, "Operator area"). */
  branchMenuKeys: readonly string[] | null;
}

/** Companies whose access is kept per process; the least recently used beyond are dropped. */
const COMPANIES_CACHED = 500;

export type CompanyAccessCache = ReturnType<typeof createCompanyAccessCache>;

/**
 * The companies' roles, password policies, switched-off applications and licences, kept in memory while
 * the company's access version stays the same: triggers raise it in the transaction of every write to
 * roles, the password policy (migration 0042), the applications' switches (migration 0044) or the
 * licences (migration 0073; a licence's end needs no reload, the guard compares it with the clock), and
 * the session lookup reads it in its own query, so a change counts from the next request in every
 * process (docs/decisions/0015, "Per-request cost").
 */
export function createCompanyAccessCache({
  roles,
  settings,
  applications,
  licences,
  branches,
}: {
  roles: Pick<RoleRepository, 'listRoles'>;
  settings: Pick<SettingsRepository, 'getPasswordPolicy'>;
  applications: Pick<ApplicationRepository, 'listSwitchedOff'>;
  licences: Pick<LicenceService, 'loadModuleLicences'>;
  /** The company's branch's menu (migration 0074 raises the access version when it changes); absent: every entry. */
  branches?: { menuKeysOf(companyId: number): Promise<readonly string[] | null> };
}) {
  const cache = createVersionedCache<number, CompanyAccess>(COMPANIES_CACHED);

  async function load(companyId: number): Promise<CompanyAccess> {
    const [list, passwordPolicy, switchedOff, moduleLicences, branchMenuKeys] = await Promise.all([
      roles.listRoles(companyId),
      settings.getPasswordPolicy(companyId),
      applications.listSwitchedOff(companyId),
      licences.loadModuleLicences(companyId),
      branches ? branches.menuKeysOf(companyId) : null,
    ]);
    return {
      roles: new Map(list.map((role) => [role.id, { name: role.name, permissions: new Set(role.permissions) }])),
      passwordPolicy: Object.freeze(passwordPolicy),
      switchedOffApplications: Object.freeze(switchedOff),
      moduleLicences,
      branchMenuKeys: branchMenuKeys && Object.freeze([...branchMenuKeys]),
    };
  }

  return {
    /** The company's access as of `version`; loaded (four queries) only when the version changed. */
    get(companyId: number, version: number): CompanyAccess | Promise<CompanyAccess> {
      return cache.peek(companyId, version) ?? cache.get(companyId, version, () => load(companyId));
    },
  };
}
