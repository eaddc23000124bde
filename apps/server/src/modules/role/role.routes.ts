import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateRoleBody,
  CreateRoleResult,
  DeleteRoleBody,
  DeleteRoleResult,
  RoleCandidatePage,
  RoleCandidateQuery,
  RoleCurrentResult,
  RoleDetails,
  RoleIdQuery,
  RoleMemberPage,
  RoleMemberQuery,
  RolePermissionBody,
  RolePermissionResult,
  RoleTreeResult,
  RoleUsersBody,
  RoleUsersResult,
  SwapRolesBody,
  UpdateRoleBody,
} from '@atrium/contract';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import { actorOf } from '../operation-log/operation-log.service.js';
import type { RoleService } from './role.service.js';

const TAGS = ['role'];
const VIEW = { access: 'permission', permission: 'roles:view' } as const;
const EDIT = { access: 'permission', permission: 'roles:edit' } as const;

const MOVE_USERS_DESCRIPTION =
  'Each user has exactly one role, so this moves the users from their current role. Refused (422/1005) when the role holds a permission the caller lacks, or when afterwards no active user could manage roles; an id of no user of the company answers 404.';

/**
 * Roles: the caller's permissions, the company's role tree, members and permission switches
 * (spec 000 sections 6 and 7, "Groups and roles"). Reads need roles:view, changes roles:edit.
 */
export function roleRoutes({ roles }: { roles: RoleService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/role/current',
      {
        config: { access: 'authenticated' },
        schema: { tags: TAGS, summary: "The caller's permissions, as items with a name (spec 000 section 6)", response: envelopeResponses(RoleCurrentResult) },
      },
      async (request) => success(request, [...requireAuth(request).permissions].map((name) => ({ name }))),
    );

    app.get(
      '/tenant/role/tree',
      {
        config: VIEW,
        schema: { tags: TAGS, summary: "The company's role tree with member counts, siblings in display order", response: envelopeResponses(RoleTreeResult) },
      },
      async (request) => success(request, await roles.getTree(requireAuth(request).companyId)),
    );

    app.get(
      '/tenant/role/details',
      {
        config: VIEW,
        schema: {
          tags: TAGS,
          summary: 'A role with its permission switches and member count',
          querystring: RoleIdQuery,
          response: envelopeResponses(RoleDetails),
        },
      },
      async (request) => success(request, await roles.getDetails(requireAuth(request).companyId, request.query.id)),
    );

    app.post(
      '/tenant/role',
      {
        config: EDIT,
        schema: {
          tags: TAGS,
          summary: 'Create a role',
          description: 'The new role has no permissions and comes last among its siblings. A name another role of the company has (ignoring case) answers 409/1003; a parent at the deepest level 422/1005.',
          body: CreateRoleBody,
          response: envelopeResponses(CreateRoleResult),
        },
      },
      async (request) => success(request, await roles.create(actorOf(request), request.body)),
    );

    app.put(
      '/tenant/role',
      {
        config: EDIT,
        schema: { tags: TAGS, summary: "Rename a role or change its description", body: UpdateRoleBody, response: envelopeResponses(z.null()) },
      },
      async (request) => {
        await roles.update(actorOf(request), request.body);
        return success(request, null);
      },
    );

    app.delete(
      '/tenant/role',
      {
        config: EDIT,
        schema: {
          tags: TAGS,
          summary: 'Delete a role; its members move to the default role',
          description:
            'In one transaction: the members move to the default role, then the role is deleted. Refused (422/1005) for the default role, for a role with child roles, and when afterwards no active user could manage roles.',
          body: DeleteRoleBody,
          response: envelopeResponses(DeleteRoleResult),
        },
      },
      async (request) => {
        const result = await roles.remove(actorOf(request), request.body.id);
        return success(request, result, 'roleDeletedMembersMoved', { count: result.movedMembers, role: result.defaultRoleName });
      },
    );

    app.put(
      '/tenant/role/swap',
      {
        config: EDIT,
        schema: {
          tags: TAGS,
          summary: 'Swap the places of two roles under the same parent (move up or down)',
          body: SwapRolesBody,
          response: envelopeResponses(z.null()),
        },
      },
      async (request) => {
        await roles.swap(actorOf(request), request.body.id, request.body.otherId);
        return success(request, null);
      },
    );

    app.get(
      '/tenant/role/user/search',
      {
        config: VIEW,
        schema: {
          tags: TAGS,
          summary: 'Members of a role, by name, user name or e-mail, paged',
          querystring: RoleMemberQuery,
          response: envelopeResponses(RoleMemberPage),
        },
      },
      async (request) => success(request, await roles.listMembers(requireAuth(request).companyId, request.query)),
    );

    app.get(
      '/tenant/role/user/candidates',
      {
        config: EDIT,
        schema: {
          tags: TAGS,
          summary: 'Company users with their current role, by name, paged: whom a role can be given',
          querystring: RoleCandidateQuery,
          response: envelopeResponses(RoleCandidatePage),
        },
      },
      async (request) => success(request, await roles.listCandidates(requireAuth(request).companyId, request.query)),
    );

    for (const [method, url, summary] of [
      ['POST', '/tenant/role/user', 'Add users to a role'],
      ['PUT', '/tenant/role/user', 'Move users to a role (same as POST, kept for older clients)'],
      ['POST', '/role/user', 'Add users to a role (company base; same as POST /tenant/role/user)'],
    ] as const) {
      app.route({
        method,
        url,
        config: EDIT,
        schema: { tags: TAGS, summary, description: MOVE_USERS_DESCRIPTION, body: RoleUsersBody, response: envelopeResponses(RoleUsersResult) },
        handler: async (request) => success(request, await roles.addMembers(actorOf(request), request.body.roleId, request.body.userIds)),
      });
    }

    app.delete(
      '/tenant/role/user',
      {
        config: EDIT,
        schema: {
          tags: TAGS,
          summary: 'Remove users from a role: they move to the default role',
          description: 'Users of the company not in the role are left alone; an id of no user of the company answers 404. Refused (422/1005) for the default role itself, and when afterwards no active user could manage roles.',
          body: RoleUsersBody,
          response: envelopeResponses(RoleUsersResult),
        },
      },
      async (request) => success(request, await roles.removeMembers(actorOf(request), request.body.roleId, request.body.userIds)),
    );

    app.put(
      '/tenant/role/permission',
      {
        config: EDIT,
        schema: {
          tags: TAGS,
          summary: "Set a role's permission switches (the full set)",
          description:
            "Normalised: edit implies view, and any edit turns on users:edit. Members get the new permissions on their next request. Refused (422/1005) when it grants a permission the caller's role lacks, or when afterwards no active user could manage roles.",
          body: RolePermissionBody,
          response: envelopeResponses(RolePermissionResult),
        },
      },
      async (request) => success(request, await roles.setPermissions(actorOf(request), request.body.roleId, request.body.permissions)),
    );
  };
}
