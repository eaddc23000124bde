import {
  departmentPath,
  ORGANIZATION_EXPORT_HEADERS,
  ORGANIZATION_EXPORT_WORDS,
  ORGANIZATION_MAX_MEMBERS,
  type Lang,
  type OrganizationChart,
  type OrganizationExportQuery,
  type OrganizationQuery,
} from '@atrium/contract';
import { refused } from '../../platform/errors.js';
import { writeCsv, writeXlsx, type ExportCell } from '../../platform/spreadsheet/export.js';
import type { OrganizationMatch, OrganizationRepository } from './organization.repository.js';

export type OrganizationService = ReturnType<typeof createOrganizationService>;

/** Which page: the members chart (a keyword also matches departments) or the roles (it matches roles). */
export type OrganizationView = 'members' | 'roles';

const MATCH: Record<OrganizationView, OrganizationMatch> = { members: 'department', roles: 'role' };

export interface OrganizationFile {
  filename: string;
  contentType: string;
  data: Buffer;
}

/**
 * The organisation pages (decision 0021, "Organisation pages"): the company's departments and roles
 * and the people matching a keyword, in three queries of the whole company (no query per department
 * or role); the console draws the tree. The exports write the same rows, one per person.
 */
export function createOrganizationService({ organization }: { organization: OrganizationRepository }) {
  async function chart(companyId: number, view: OrganizationView, { keyword }: OrganizationQuery): Promise<OrganizationChart> {
    const [departments, roles, members] = await Promise.all([
      organization.listDepartments(companyId),
      organization.listRoles(companyId),
      organization.listMembers(companyId, keyword, MATCH[view], ORGANIZATION_MAX_MEMBERS + 1),
    ]);
    const isTruncated = members.length > ORGANIZATION_MAX_MEMBERS;
    return { departments, roles, members: isTruncated ? members.slice(0, ORGANIZATION_MAX_MEMBERS) : members, isTruncated };
  }

  return {
    chart,

    async exportChart(companyId: number, view: OrganizationView, query: OrganizationExportQuery, lang: Lang): Promise<OrganizationFile> {
      const { departments, roles, members, isTruncated } = await chart(companyId, view, query);
      if (isTruncated) throw refused('organizationExportTooLarge', { max: ORGANIZATION_MAX_MEMBERS });
      const words = ORGANIZATION_EXPORT_WORDS[lang];
      const byId = new Map(departments.map((department) => [department.id, department]));
      const roleOrder = new Map(roles.map((role, index) => [role.id, index]));
      const roleName = new Map(roles.map((role) => [role.id, role.name]));
      const people = members.map((member) => ({
        member,
        path: member.departmentId === null ? words.noDepartment : departmentPath(byId, member.departmentId) || words.noDepartment,
        role: roleName.get(member.roleId) ?? '',
        active: member.isActive ? words.yes : words.no,
      }));
      const byText = (a: string, b: string) => a.localeCompare(b, lang);
      let rows: ExportCell[][];
      if (view === 'members') {
        people.sort((a, b) => byText(a.path, b.path) || byText(a.member.fullName, b.member.fullName));
        rows = people.map((p) => [p.path, p.member.fullName, p.member.email, p.role, p.active]);
      } else {
        people.sort(
          (a, b) =>
            (roleOrder.get(a.member.roleId) ?? 0) - (roleOrder.get(b.member.roleId) ?? 0) || byText(a.path, b.path) || byText(a.member.fullName, b.member.fullName),
        );
        rows = people.map((p) => [p.role, p.path, p.member.fullName, p.member.email, p.active]);
      }
      const header = ORGANIZATION_EXPORT_HEADERS[view][lang];
      const name = view === 'members' ? 'organization-members' : 'organization-roles';
      return query.format === 'csv'
        ? { filename: `${name}.csv`, contentType: 'text/csv; charset=utf-8', data: writeCsv(header, rows) }
        : { filename: `${name}.xlsx`, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', data: await writeXlsx(view, header, rows) };
    },
  };
}
