import { z } from 'zod';
import { ROLE_DESCRIPTION_MAX, ROLE_MEMBERS_PER_REQUEST_MAX, ROLE_NAME_MAX, TEXT_MAX } from './limits.js';
import { PageQuery, pageOf } from './paging.js';
import { isPermission } from './permissions.js';
import type { OperationAction } from './operation-log.js';

/** An id in a query string (text, so coerced). */
const QueryId = z.coerce.number().int().positive();
/** An id in a JSON body (a number, never coerced). */
const Id = z.number().int().positive();

/** One role in the company's role tree (spec 000 section 3, Role). */
export interface RoleTreeNode {
  id: number;
  name: string;
  description: string | null;
  parentId: number | null;
  /** Depth in the tree: 1 for a top-level role. */
  level: number;
  /** The role new users get and removed members fall back to; it cannot be deleted. */
  isDefault: boolean;
  memberCount: number;
  /** False at the deepest level the tree allows (ROLE_TREE_MAX_DEPTH). */
  canAddChild: boolean;
  children: RoleTreeNode[];
}

export const RoleTreeNodeSchema: z.ZodType<RoleTreeNode> = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  parentId: z.number().int().nullable(),
  level: z.number().int().describe('Depth in the tree: 1 for a top-level role'),
  isDefault: z.boolean().describe('The default role: new users get it, removed members fall back to it; it cannot be deleted'),
  memberCount: z.number().int(),
  canAddChild: z.boolean().describe('False at the deepest level the tree allows'),
  get children() {
    return z.array(RoleTreeNodeSchema);
  },
});

/** `GET /tenant/role/tree`: the top-level roles, each with its children, siblings in display order. */
export const RoleTreeResult = z.array(RoleTreeNodeSchema);

/** `GET /tenant/role/details` query. */
export const RoleIdQuery = z.object({ id: QueryId });

/** `GET /tenant/role/details` result: the role, its place in the tree and its permission switches. */
export const RoleDetails = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  parentId: z.number().int().nullable(),
  level: z.number().int(),
  isDefault: z.boolean(),
  memberCount: z.number().int(),
  canAddChild: z.boolean(),
  permissions: z.array(z.string()).describe('The switches that are on, normalised and in catalogue order (`area:view`, `area:edit`)'),
  updatedAt: z.number().int().describe('UTC epoch milliseconds'),
});
export type RoleDetails = z.infer<typeof RoleDetails>;

const RoleName = z.string().trim().min(1).max(ROLE_NAME_MAX);
const RoleDescription = z
  .string()
  .trim()
  .max(ROLE_DESCRIPTION_MAX)
  .nullish()
  .transform((value) => (value ? value : null));

/** `POST /tenant/role` body. A new role has no permissions and is placed last among its siblings. */
export const CreateRoleBody = z.object({
  name: RoleName,
  description: RoleDescription,
  parentId: Id.nullish().describe('Parent role; absent or null for a top-level role'),
});
export type CreateRoleBody = z.input<typeof CreateRoleBody>;

/** `POST /tenant/role` result. */
export const CreateRoleResult = z.object({ id: z.number().int() });

/** `PUT /tenant/role` body: name and description; the place in the tree changes with /swap. */
export const UpdateRoleBody = z.object({ id: Id, name: RoleName, description: RoleDescription });
export type UpdateRoleBody = z.input<typeof UpdateRoleBody>;

/** `DELETE /tenant/role` body. */
export const DeleteRoleBody = z.object({ id: Id });

/** `DELETE /tenant/role` result: how many members moved to the default role, and its name. */
export const DeleteRoleResult = z.object({ movedMembers: z.number().int(), defaultRoleName: z.string() });
export type DeleteRoleResult = z.infer<typeof DeleteRoleResult>;

/** `PUT /tenant/role/swap` body: two roles under the same parent trade places. */
export const SwapRolesBody = z.object({ id: Id, otherId: Id });

/** `GET /tenant/role/user/search` query: members of a role, filtered by name, user name or e-mail. */
export const RoleMemberQuery = PageQuery.extend({
  roleId: QueryId,
  keyword: z.string().trim().max(TEXT_MAX).optional(),
});
export type RoleMemberQuery = z.infer<typeof RoleMemberQuery>;

/** A member of a role. */
export const RoleMember = z.object({
  id: z.number().int(),
  fullName: z.string(),
  userName: z.string(),
  email: z.string().nullable(),
  usercode: z.string().nullable(),
  avatar: z.string().nullable(),
  department: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  isActive: z.boolean(),
});
export type RoleMember = z.infer<typeof RoleMember>;
export const RoleMemberPage = pageOf(RoleMember);

/** `GET /tenant/role/user/candidates` query: company users to add to a role, filtered by name. */
export const RoleCandidateQuery = PageQuery.extend({ keyword: z.string().trim().max(TEXT_MAX).optional() });
export type RoleCandidateQuery = z.infer<typeof RoleCandidateQuery>;

/** A company user as the member picker lists them, with the role they hold now. */
export const RoleCandidate = z.object({
  id: z.number().int(),
  fullName: z.string(),
  userName: z.string(),
  email: z.string().nullable(),
  roleId: z.number().int(),
  roleName: z.string(),
});
export type RoleCandidate = z.infer<typeof RoleCandidate>;
export const RoleCandidatePage = pageOf(RoleCandidate);

/**
 * `POST /tenant/role/user`, `PUT /tenant/role/user`, `POST /role/user`: move users into the role
 * (each user has exactly one role). `DELETE /tenant/role/user`: move them from it to the default role.
 */
export const RoleUsersBody = z.object({
  roleId: Id,
  userIds: z.array(Id).min(1).max(ROLE_MEMBERS_PER_REQUEST_MAX),
});
export type RoleUsersBody = z.input<typeof RoleUsersBody>;

/** Result of a member change: how many users changed role. */
export const RoleUsersResult = z.object({ moved: z.number().int() });

/** `PUT /tenant/role/permission` body: the full set of switches that are on. */
export const RolePermissionBody = z.object({
  roleId: Id,
  permissions: z
    .array(z.string().refine(isPermission, { message: 'Unknown permission' }))
    .max(200)
    .describe('Every switch that is on (`area:view`, `area:edit`); normalised: edit implies view, any edit turns on users:edit'),
});
export type RolePermissionBody = z.input<typeof RolePermissionBody>;

/** `PUT /tenant/role/permission` result: the switches as stored, after normalisation. */
export const RolePermissionResult = z.object({ permissions: z.array(z.string()) });

/** The operation-log action names the role module records (`operation-log.actions.<action>` in the console). */
export const ROLE_ACTIONS = {
  create: 'role.create',
  update: 'role.update',
  delete: 'role.delete',
  swap: 'role.swap',
  addMembers: 'role.addMembers',
  removeMembers: 'role.removeMembers',
  setPermissions: 'role.setPermissions',
} as const satisfies Record<string, OperationAction>;
export type RoleAction = (typeof ROLE_ACTIONS)[keyof typeof ROLE_ACTIONS];
