import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ActivateUserBody,
  ActivationLinkBody,
  ActivationLinkResult,
  CheckActivationQuery,
  CheckActivationResult,
  CreateUserBody,
  DeleteUsersBody,
  DirectoryOptions,
  DirectoryUser,
  ErrorEnvelope,
  ExportUsersBody,
  IMPORT_MAX_BYTES,
  ImportReport,
  MoveUsersBody,
  ResendActivationBody,
  UpdateUserBody,
  UserDetailsQuery,
  UserListPage,
  UserListQuery,
} from '@atrium/contract';
import fastifyMultipart from '@fastify/multipart';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import { refused } from '../../platform/errors.js';
import { readMultipart } from '../../platform/multipart.js';
import { actorOf } from '../operation-log/operation-log.service.js';
import type { DirectoryService } from './directory.service.js';

/** The directory (spec 000 section 7, User): company users, administered with the users area. */
export function directoryRoutes({ directory }: { directory: DirectoryService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/user/getUserList',
      {
        config: { access: 'permission', permission: 'users:view' },
        schema: {
          tags: ['directory'],
          summary: "A page of the company's users, by name",
          description:
            'Body: page, pageSize (15, 50, 100), keyword (part of the name, user name, e-mail or usercode), departmentId (with its sub-departments), roleId, locationId, status (active, inactive).',
          body: UserListQuery,
          response: envelopeResponses(UserListPage),
        },
      },
      async (request) => success(request, await directory.listUsers(requireAuth(request).companyId, request.body)),
    );

    app.get(
      '/user/details',
      {
        config: { access: 'permission', permission: 'users:view' },
        schema: { tags: ['directory'], summary: 'One user of the company', querystring: UserDetailsQuery, response: envelopeResponses(DirectoryUser) },
      },
      async (request) => success(request, await directory.getUser(requireAuth(request).companyId, request.query.id)),
    );

    app.get(
      '/user/directoryOptions',
      {
        config: { access: 'permission', permission: 'users:view' },
        schema: {
          tags: ['directory'],
          summary: "The company's departments, roles and locations, for the directory's filters and forms",
          response: envelopeResponses(DirectoryOptions),
        },
      },
      async (request) => success(request, await directory.options(requireAuth(request).companyId)),
    );

    app.post(
      '/user',
      {
        config: { access: 'permission', permission: 'users:edit' },
        schema: {
          tags: ['directory'],
          summary: 'Create a user; they get an activation e-mail',
          description:
            "Without roleId the user gets the company's default role. User name and e-mail must be unused in the whole installation (409/1003). The activation link (PUBLIC_URL/activate/<reqToken>) works once, for 72 hours.",
          body: CreateUserBody,
          response: envelopeResponses(DirectoryUser),
        },
      },
      async (request) => success(request, await directory.createUser(actorOf(request), request.body)),
    );

    app.put(
      '/user',
      {
        config: { access: 'permission', permission: 'users:edit' },
        schema: {
          tags: ['directory'],
          summary: 'Change a user',
          description:
            'Everything but the user name and e-mail, which cannot change after creation: if sent, they must equal the stored ones (422/1005 otherwise). Making an account inactive ends its sessions. The last active user able to edit users cannot lose that right.',
          body: UpdateUserBody,
          response: envelopeResponses(DirectoryUser),
        },
      },
      async (request) => success(request, await directory.updateUser(actorOf(request), request.body)),
    );

    app.delete(
      '/user',
      {
        config: { access: 'permission', permission: 'users:edit' },
        schema: {
          tags: ['directory'],
          summary: 'Delete users',
          description: 'Body: { ids }. Refused for your own account and for the last active user able to edit users (422/1005).',
          body: DeleteUsersBody,
          response: envelopeResponses(z.null()),
        },
      },
      async (request) => {
        await directory.deleteUsers(actorOf(request), request.body.ids);
        return success(request, null);
      },
    );

    app.put(
      '/user/group',
      {
        config: { access: 'permission', permission: 'users:edit' },
        schema: {
          tags: ['directory'],
          summary: 'Move users to a department',
          description: 'Body: { userIds, departmentId } (null: no department).',
          body: MoveUsersBody,
          response: envelopeResponses(z.null()),
        },
      },
      async (request) => {
        await directory.moveUsers(actorOf(request), request.body.userIds, request.body.departmentId);
        return success(request, null);
      },
    );

    app.post(
      '/user/resendActivation',
      {
        config: { access: 'permission', permission: 'users:edit' },
        schema: {
          tags: ['directory'],
          summary: 'Send a new activation link to a user who has not activated yet',
          description: 'Body: { id }. The previous link stops working.',
          body: ResendActivationBody,
          response: envelopeResponses(z.null()),
        },
      },
      async (request) => {
        await directory.resendActivation(actorOf(request), request.body.id);
        return success(request, null, 'activationMailSent');
      },
    );

    app.post(
      '/user/activationLink',
      {
        config: { access: 'permission', permission: 'users:edit' },
        schema: {
          tags: ['directory'],
          summary: 'Hand out a fresh activation link for a user who has not activated yet (bringing a colleague in without a mail server)',
          description:
            "Body: { id }. Answers { link, expiresAt } once, with Cache-Control: no-store; every earlier link of the user stops working, and only the link's hash is stored. Refused for an account already activated (422/1005), and for a user whose role holds a permission the caller lacks (403/1014). Recorded in the operation log without the link.",
          body: ActivationLinkBody,
          response: envelopeResponses(ActivationLinkResult),
        },
      },
      async (request, reply) => {
        const result = await directory.issueActivationLink(actorOf(request), request.body.id);
        // The link is a credential: no cache along the way may keep it.
        reply.header('cache-control', 'no-store');
        return success(request, result, 'activationLinkIssued');
      },
    );

    app.get(
      '/user/checkActiveUserReq',
      {
        config: { access: 'public' },
        schema: {
          tags: ['directory'],
          summary: "Public: whether an activation link is valid, for which user name, and the company's password policy",
          querystring: CheckActivationQuery,
          response: envelopeResponses(CheckActivationResult),
        },
      },
      async (request) => success(request, await directory.checkActivation(request.query.reqToken)),
    );

    app.post(
      '/user/activeUserAndSetPassword',
      {
        config: { access: 'public' },
        schema: {
          tags: ['directory'],
          summary: 'Public: activate an account by choosing its password',
          description:
            "Body: { reqToken, password, confirmPassword }. The company's password policy applies (422/1005). The link is used up; the user then signs in normally.",
          body: ActivateUserBody,
          response: envelopeResponses(z.null()),
        },
      },
      async (request) => {
        await directory.activate(request.body, request.ip ?? null);
        return success(request, null, 'accountActivated');
      },
    );

    app.post(
      '/user/export',
      {
        config: { access: 'permission', permission: 'users:view' },
        schema: {
          tags: ['directory'],
          summary: 'The filtered user list as an xlsx or csv file',
          description:
            'Body: the filters of /user/getUserList (no paging) and format (xlsx, csv). Cells starting with = + - @, a tab or a carriage return are prefixed with a single quote so no spreadsheet reads them as formulas.',
          body: ExportUsersBody,
          response: { 200: z.unknown().describe('The file, as an attachment'), '4xx': ErrorEnvelope },
        },
      },
      async (request, reply) => {
        const file = await directory.exportUsers(requireAuth(request).companyId, request.body);
        return reply.header('content-type', file.contentType).header('content-disposition', `attachment; filename="${file.filename}"`).send(file.data);
      },
    );

    // Multipart only where it is used; a scope of its own, so it never clashes with an upload plugin elsewhere.
    await app.register(async (scope) => {
      if (!scope.hasContentTypeParser('multipart/form-data')) {
        await scope.register(fastifyMultipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5 } });
      }
      scope.post(
        '/user/import',
        {
          config: { access: 'permission', permission: 'users:edit' },
          schema: {
            tags: ['directory'],
            summary: 'Create users from a csv, xls or xlsx file',
            description:
              'multipart/form-data with one file (csv, xls from Excel 97 or later, or xlsx, recognised by content; at most 5 MiB, 1000 rows). Every sheet is read; its first row names the columns as the export does (userName, email, firstName, lastName, usercode, phone, gender, department, role, location). Each row is accepted (the user gets an activation mail) or refused with its reasons. Excel 95 and older .xls files, password-protected workbooks and damaged files are refused with a message saying which.',
            consumes: ['multipart/form-data'],
            response: envelopeResponses(ImportReport),
          },
        },
        async (request) => {
          const { file } = await readMultipart(request);
          if (!file) throw refused('importFileRequired');
          return success(request, await directory.importUsers(actorOf(request), file.content, request.lang));
        },
      );
    });
  };
}
