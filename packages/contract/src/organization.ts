import { z } from 'zod';
import type { Lang } from './lang.js';
import { TEXT_MAX } from './limits.js';

/**
 * The organisation pages (spec 000 section 2, menu group 10): /organizational-members, the department
 * tree with each department's members and the role each holds, and /organizational-role, the roles
 * with who holds each, grouped by department. Both read the whole company in two queries and leave
 * the tree to the console (decision 0021, "Organisation pages").
 */

/** Most people one organisation answer or export carries; a larger company narrows by keyword. */
export const ORGANIZATION_MAX_MEMBERS = 20_000;

/** A department as the chart draws it: the tree is built from `parentId`, siblings in `sortOrder`. */
export const OrganizationDepartment = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  sortOrder: z.number().int(),
});
export type OrganizationDepartment = z.infer<typeof OrganizationDepartment>;

/** A role as the organisation pages list it. */
export const OrganizationRole = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
});
export type OrganizationRole = z.infer<typeof OrganizationRole>;

/** One person: the department they belong to (null: none) and the role they hold. */
export const OrganizationMember = z.object({
  id: z.number().int(),
  fullName: z.string(),
  email: z.string().nullable(),
  departmentId: z.number().int().nullable(),
  roleId: z.number().int(),
  isActive: z.boolean(),
});
export type OrganizationMember = z.infer<typeof OrganizationMember>;

/** `GET /organization/members` and `GET /organization/roles` query; `format` only for the exports. */
export const OrganizationQuery = z.object({
  keyword: z.string().trim().max(TEXT_MAX).optional().describe("Part of a person's name or e-mail, or of a department's name (members) or a role's name (roles)"),
});
export type OrganizationQuery = z.infer<typeof OrganizationQuery>;

export const OrganizationExportQuery = OrganizationQuery.extend({ format: z.enum(['xlsx', 'csv']).default('xlsx') });
export type OrganizationExportQuery = z.infer<typeof OrganizationExportQuery>;

/**
 * The organisation as one answer: every department (so the tree keeps the ancestors of a match),
 * every role, and the people matching the keyword. `isTruncated` says more than
 * ORGANIZATION_MAX_MEMBERS matched and only the first were sent.
 */
export const OrganizationChart = z.object({
  departments: z.array(OrganizationDepartment),
  roles: z.array(OrganizationRole),
  members: z.array(OrganizationMember),
  isTruncated: z.boolean(),
});
export type OrganizationChart = z.infer<typeof OrganizationChart>;

/** Headers of the two exports, in the caller's language. */
export const ORGANIZATION_EXPORT_HEADERS: Record<'members' | 'roles', Record<Lang, readonly string[]>> = {
  members: {
    'en-US': ['Department path', 'Name', 'E-mail', 'Role', 'Active'],
    'zh-CN': ['部门路径', '姓名', '邮箱', '角色', '启用'],
  },
  roles: {
    'en-US': ['Role', 'Department path', 'Name', 'E-mail', 'Active'],
    'zh-CN': ['角色', '部门路径', '姓名', '邮箱', '启用'],
  },
};

/** Words the exports write for a yes/no cell and for people without a department. */
export const ORGANIZATION_EXPORT_WORDS: Record<Lang, { yes: string; no: string; noDepartment: string }> = {
  'en-US': { yes: 'Yes', no: 'No', noDepartment: '(No department)' },
  'zh-CN': { yes: '是', no: '否', noDepartment: '（无部门）' },
};

/** The path of a department from the top, names joined by ' / '; empty for an unknown id. */
export function departmentPath(departments: ReadonlyMap<number, Pick<OrganizationDepartment, 'parentId' | 'name'>>, id: number | null): string {
  const names: string[] = [];
  const seen = new Set<number>();
  let current = id;
  while (current !== null && !seen.has(current)) {
    seen.add(current);
    const department = departments.get(current);
    if (!department) break;
    names.unshift(department.name);
    current = department.parentId;
  }
  return names.join(' / ');
}
