import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateGroupBody,
  CreateSwatchBody,
  DeleteGroupBody,
  DeleteSwatchesBody,
  GroupFlatList,
  GroupIdResult,
  GroupMemberPage,
  GroupMemberSearchBody,
  GroupStatistics,
  GroupStatisticsQuery,
  GroupTree,
  GroupTreeFilter,
  LazyTreeNodes,
  LazyTreeQuery,
  SetGroupStyleBody,
  Swatch,
  SwatchList,
  UpdateGroupBody,
  UpdateSwatchBody,
} from '@atrium/contract';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import { actorOf } from '../operation-log/operation-log.service.js';
import type { GroupService } from './department.service.js';

const VIEW = { access: 'permission', permission: 'departments:view' } as const;
const EDIT = { access: 'permission', permission: 'departments:edit' } as const;
const tags = ['group'];

/** Departments and groups (spec 000 section 7, Groups and roles): reads need departments:view, changes departments:edit. */
export function groupRoutes({ groups }: { groups: GroupService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/userGroup/getList',
      { config: VIEW, schema: { tags, summary: "The company's departments as a flat list in tree order, for pickers", response: envelopeResponses(GroupFlatList) } },
      async (request) => success(request, await groups.flatList(requireAuth(request).companyId)),
    );

    app.get(
      '/group/list',
      {
        config: VIEW,
        schema: {
          tags,
          summary: 'The department tree with member counts',
          description: "Each node carries `memberCount` (its own members) and `totalMemberCount` (with every sub-department's).",
          response: envelopeResponses(GroupTree),
        },
      },
      async (request) => success(request, await groups.tree(requireAuth(request).companyId)),
    );

    app.post(
      '/group',
      {
        config: EDIT,
        schema: {
          tags,
          summary: 'Create a department',
          description: 'Body `{ name, parentId?, groupCode?, description?, locationId? }`. A group code used by another department (ignoring case) answers 409/1003; an unknown parent or location 404/1002.',
          body: CreateGroupBody,
          response: envelopeResponses(GroupIdResult),
        },
      },
      async (request) => success(request, await groups.create(actorOf(request), request.body)),
    );

    app.put(
      '/group',
      {
        config: EDIT,
        schema: {
          tags,
          summary: 'Edit a department',
          description: 'Body `{ id, name, parentId?, groupCode?, description?, locationId? }`: absent fields stay, null clears. Moving a department under itself or its own sub-department answers 422/1005.',
          body: UpdateGroupBody,
          response: envelopeResponses(GroupIdResult),
        },
      },
      async (request) => success(request, await groups.update(actorOf(request), request.body)),
    );

    app.delete(
      '/group',
      {
        config: EDIT,
        schema: {
          tags,
          summary: 'Delete a department',
          description: 'Body `{ id }`. Refused with 422/1005 while the department has members or sub-departments (the message says which and how many).',
          body: DeleteGroupBody,
          response: envelopeResponses(z.null()),
        },
      },
      async (request) => {
        await groups.remove(actorOf(request), request.body.id);
        return success(request, null);
      },
    );

    app.get(
      '/tenant/group/list',
      {
        config: VIEW,
        schema: {
          tags,
          summary: 'The department tree, filtered',
          description: 'Query `keyword`: departments whose name or group code contains it, with their ancestors; counts stay those of the whole tree.',
          querystring: GroupTreeFilter,
          response: envelopeResponses(GroupTree),
        },
      },
      async (request) => success(request, await groups.tree(requireAuth(request).companyId, request.query)),
    );

    app.post(
      '/tenant/group/list',
      {
        config: VIEW,
        schema: { tags, summary: 'The department tree, filtered by a body `{ keyword }`', body: GroupTreeFilter, response: envelopeResponses(GroupTree) },
      },
      async (request) => success(request, await groups.tree(requireAuth(request).companyId, request.body)),
    );

    app.get(
      '/tenant/group/list-of-location-or-group',
      {
        config: VIEW,
        schema: {
          tags,
          summary: 'One level of a lazy tree picker',
          description: "Query `selector` (`group`, the default, or `location`) and `parentId` (absent: the top level). Answers the children with their level and whether they are leaves; locations come from the company's location tree.",
          querystring: LazyTreeQuery,
          response: envelopeResponses(LazyTreeNodes),
        },
      },
      async (request) => success(request, await groups.lazyChildren(requireAuth(request).companyId, request.query)),
    );

    app.post(
      '/tenant/group/user/search',
      {
        config: VIEW,
        schema: {
          tags,
          summary: 'Members of a department, paged',
          description: 'Body `{ groupId, keyword?, includeDescendants?, page?, pageSize? }`; keyword matches name, user name, e-mail or user code. Read-only: moving people is the directory\'s job.',
          body: GroupMemberSearchBody,
          response: envelopeResponses(GroupMemberPage),
        },
      },
      async (request) => success(request, await groups.searchMembers(requireAuth(request).companyId, request.body)),
    );

    app.get(
      '/tenant/group/user/statistics',
      {
        config: VIEW,
        schema: {
          tags,
          summary: "A department's member statistics",
          description: 'Query `groupId` (absent: the whole company). Member counts (own and with sub-departments), members of the branch by role and by gender, and the number of sub-departments.',
          querystring: GroupStatisticsQuery,
          response: envelopeResponses(GroupStatistics),
        },
      },
      async (request) => success(request, await groups.statistics(requireAuth(request).companyId, request.query)),
    );

    app.get(
      '/tenant/group/style-table',
      {
        config: VIEW,
        schema: { tags, summary: "The company's department colour palette", description: 'A company without a palette starts with a default set.', response: envelopeResponses(SwatchList) },
      },
      async (request) => success(request, await groups.listSwatches(requireAuth(request).companyId)),
    );

    app.post(
      '/tenant/group/style-table',
      {
        config: EDIT,
        schema: {
          tags,
          summary: 'Add a colour to the palette',
          description: 'Body `{ color, alpha? }`: `#RGB` or `#RRGGBB`, alpha 0 to 100 (a non-number means 100). Stored as upper-case `#RRGGBB` (plus an alpha byte below 100); a colour already in the palette answers 409/1003.',
          body: CreateSwatchBody,
          response: envelopeResponses(Swatch),
        },
      },
      async (request) => success(request, await groups.createSwatch(actorOf(request), request.body)),
    );

    app.put(
      '/tenant/group/style-table',
      {
        config: EDIT,
        schema: {
          tags,
          summary: 'Change a colour of the palette',
          description: 'Body `{ id, color, alpha? }`; departments painted with it change too.',
          body: UpdateSwatchBody,
          response: envelopeResponses(Swatch),
        },
      },
      async (request) => success(request, await groups.updateSwatch(actorOf(request), request.body)),
    );

    app.delete(
      '/tenant/group/style-table',
      {
        config: EDIT,
        schema: {
          tags,
          summary: 'Delete colours from the palette',
          description: 'Body `{ ids }`. Departments painted with them lose their colour. An unknown id refuses the whole request with 404/1002.',
          body: DeleteSwatchesBody,
          response: envelopeResponses(z.object({ deleted: z.number().int() })),
        },
      },
      async (request) => success(request, await groups.deleteSwatches(actorOf(request), request.body)),
    );

    app.put(
      '/tenant/group/style',
      {
        config: EDIT,
        schema: {
          tags,
          summary: 'Give a department a colour from the palette',
          description: 'Body `{ groupId, styleId }`; `styleId` null removes the colour.',
          body: SetGroupStyleBody,
          response: envelopeResponses(z.null()),
        },
      },
      async (request) => {
        await groups.setStyle(actorOf(request), request.body);
        return success(request, null);
      },
    );
  };
}
