import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CompanyOwner, ManagerListQuery, ManagerPage, TransferOwnerBody } from '@atrium/contract';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import { actorOf } from '../operation-log/operation-log.service.js';
import type { ManagerService } from './manager.service.js';

const TAGS = ['manager'];

/** Managers (spec 000 section 2, /manager): the company owner and its administrators, under accountGlobal. */
export function managerRoutes({ managers }: { managers: ManagerService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/manager/list',
      {
        config: { access: 'permission', permission: 'accountGlobal:view' },
        schema: {
          tags: TAGS,
          summary: "The company's administrators: active users whose role grants at least one edit permission",
          description: 'Query: page, pageSize (15, 50, 100), keyword (part of the full name, e-mail or user name), area (only those who edit that area). The owner comes first, then by name.',
          querystring: ManagerListQuery,
          response: envelopeResponses(ManagerPage),
        },
      },
      async (request) => success(request, await managers.list(requireAuth(request).companyId, request.query)),
    );

    app.get(
      '/manager/owner',
      {
        config: { access: 'permission', permission: 'accountGlobal:view' },
        schema: {
          tags: TAGS,
          summary: "The company's owner, whether the caller is the owner, and whether a transfer needs the safety password",
          response: envelopeResponses(CompanyOwner),
        },
      },
      async (request) => success(request, await managers.getOwner(requireAuth(request))),
    );

    app.put(
      '/manager/owner',
      {
        config: { access: 'permission', permission: 'accountGlobal:edit' },
        schema: {
          tags: TAGS,
          summary: 'Transfer ownership of the company account',
          description:
            'Body: { userId, safetyPassword }. Only the owner may (403/1014 otherwise). The new owner must be an active user of the company whose role holds roles:edit (422/1005 otherwise; 404 for no user of the company). safetyPassword is required when the company has one set (422/1005 missing, 400/1005 wrong, 429/1004 after 5 wrong tries).',
          body: TransferOwnerBody,
          response: envelopeResponses(CompanyOwner),
        },
      },
      async (request) => {
        const result = await managers.transferOwner(actorOf(request), request.body);
        return success(request, result, 'ownershipTransferred', { name: result.owner?.fullName ?? '' });
      },
    );
  };
}
