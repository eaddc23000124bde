import { ALL_PERMISSIONS, DEFAULT_PASSWORD_POLICY, DEFAULT_SWATCHES, normalizeSwatchColor } from '@atrium/contract';
import type { Repositories } from '../../db/repositories.js';
import type { CompanyChanges } from './company.repository.js';
import { PALETTE_SEEDED_KEY } from '../department/department-style.repository.js';
import { SETTING_KEYS } from '../settings/settings.repository.js';

/** What a new company starts with besides its name. */
export interface CompanyProvision {
  name: string;
  domain: string | null;
  /** Contacts, address and the like, set on the company at once. */
  details?: CompanyChanges;
}

export interface ProvisionedCompany {
  companyId: number;
  /** Every permission; the first administrator holds it. */
  administratorRoleId: number;
  /** The default role: new people and members removed from another role land here. */
  staffRoleId: number;
}

/** The two roles every company starts with; the everyday role only uses, never administers. */
export const STANDARD_ROLES = {
  administrator: {
    name: 'Administrator',
    description: 'Everything: people, roles, company settings and every module',
    permissions: ALL_PERMISSIONS,
  },
  staff: {
    name: 'Staff',
    description: "Everyone's starting role: books rooms and keeps a personal schedule. New people, and members removed from another role, land here",
    permissions: ['calendarRoomUse:view', 'personalSchedule:view', 'liveMeetings:view', 'profile:view'],
  },
} as const;

/**
 * Creates a company the way every company starts: its row, the default password policy, the
 * department palette, an Administrator role with every permission and the default Staff role.
 * Used by public registration and the demo seed; run it inside a transaction.
 */
export async function provisionCompany(repos: Repositories, company: CompanyProvision, now: number): Promise<ProvisionedCompany> {
  const companyId = await repos.companies.insertCompany({ name: company.name, domain: company.domain }, now);
  if (company.details) await repos.companies.updateCompany(companyId, company.details, now);
  await repos.settings.putSetting(companyId, SETTING_KEYS.passwordPolicy, DEFAULT_PASSWORD_POLICY, now);
  await repos.departmentStyles.insertStylesIfAbsent(companyId, DEFAULT_SWATCHES.map((color) => normalizeSwatchColor(color)), now);
  await repos.settings.putSetting(companyId, PALETTE_SEEDED_KEY, true, now);
  const administratorRoleId = await repos.roles.insertRole({ companyId, ...STANDARD_ROLES.administrator, sortOrder: 0 }, now);
  const staffRoleId = await repos.roles.insertRole({ companyId, ...STANDARD_ROLES.staff, sortOrder: 1, isDefault: true }, now);
  return { companyId, administratorRoleId, staffRoleId };
}
