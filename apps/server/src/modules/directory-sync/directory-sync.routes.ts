import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DirectorySyncCheckBody,
  DirectorySyncCheckResult,
  DirectorySyncReport,
  DirectorySyncSetting,
  UpdateDirectorySyncSettingBody,
  UpdateWorkChatSettingBody,
  WorkChatSetting,
  WorkChatSettingQuery,
  WorkChatSyncBody,
} from '@atrium/contract';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import { actorOf } from '../operation-log/operation-log.service.js';
import type { DirectorySyncService } from './directory-sync.service.js';
import type { WorkChatService } from './work-chat.service.js';

/** Directory sync from LDAP / Active Directory (spec 000 section 7): the setting page's calls, area accountGlobal. */
export function directorySyncRoutes({ directorySync, workChat }: { directorySync: DirectorySyncService; workChat: WorkChatService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/ad/setting',
      {
        config: { access: 'permission', permission: 'accountGlobal:view' },
        schema: {
          tags: ['directory sync'],
          summary: "The company's LDAP / Active Directory sync setting, with the last sync's report",
          description: 'The bind password is never sent: `hasPassword` tells whether one is stored.',
          response: envelopeResponses(DirectorySyncSetting),
        },
      },
      async (request) => success(request, await directorySync.getSetting(requireAuth(request).companyId, request.lang)),
    );

    app.put(
      '/ad/setting',
      {
        config: { access: 'permission', permission: 'accountGlobal:edit' },
        schema: {
          tags: ['directory sync'],
          summary: 'Save the directory sync setting',
          description:
            'Body: isEnabled, url (ldap:// or ldaps://), bindDn, bindPassword (empty or absent keeps the stored one), baseDn, userFilter (default (objectClass=person)), mapping { userName, email, firstName, lastName, department } (defaults fit Active Directory). Turning it on needs url, bind DN, password and base DN (422/1005).',
          body: UpdateDirectorySyncSettingBody,
          response: envelopeResponses(DirectorySyncSetting),
        },
      },
      async (request) => success(request, await directorySync.updateSetting(actorOf(request), request.body, request.lang)),
    );

    app.post(
      '/ad/check',
      {
        config: { access: 'permission', permission: 'accountGlobal:edit' },
        schema: {
          tags: ['directory sync'],
          summary: 'Bind with the given values and count the entries the filter finds',
          description: 'Body: the setting form without isEnabled; an empty password uses the stored one. Answers 200 either way, with `error` saying why the server could not be used.',
          body: DirectorySyncCheckBody,
          response: envelopeResponses(DirectorySyncCheckResult),
        },
      },
      async (request) => success(request, await directorySync.check(requireAuth(request).companyId, request.body, request.lang)),
    );

    app.get(
      '/ad/synGroupAndUser',
      {
        config: { access: 'permission', permission: 'accountGlobal:edit' },
        schema: {
          tags: ['directory sync'],
          summary: 'Sync departments and users from LDAP / Active Directory now',
          description:
            'Uses the saved setting (off or incomplete: 422/1005). Missing departments are created at the top level; new users get the default role and an activation mail; known users (same user name or e-mail) get name and department updated. Nobody is deleted. Answers the report, which is also kept as the last one.',
          response: envelopeResponses(DirectorySyncReport),
        },
      },
      async (request) => {
        const report = await directorySync.sync(actorOf(request), request.lang);
        return success(request, report, 'ldapSyncDone', {
          usersCreated: report.usersCreated,
          usersUpdated: report.usersUpdated,
          departmentsCreated: report.departmentsCreated,
          skipped: report.skipped.length,
        });
      },
    );

    app.get(
      '/work-chat/setting',
      {
        config: { access: 'permission', permission: 'accountGlobal:view' },
        schema: {
          tags: ['directory sync'],
          summary: "The company's setting for one work-chat provider (WeCom, Feishu, DingTalk), with the last sync's report",
          description: 'Query: provider (wecom, feishu, dingtalk). The secret is never sent: `hasSecret` tells whether one is stored.',
          querystring: WorkChatSettingQuery,
          response: envelopeResponses(WorkChatSetting),
        },
      },
      async (request) => success(request, await workChat.getSetting(requireAuth(request).companyId, request.query.provider, request.lang)),
    );

    app.put(
      '/work-chat/setting',
      {
        config: { access: 'permission', permission: 'accountGlobal:edit' },
        schema: {
          tags: ['directory sync'],
          summary: "Save a work-chat provider's setting",
          description:
            'Body: provider, isEnabled (sync), isSignInEnabled, corpId (WeCom corp id, Feishu app id, DingTalk corp id), appKey (WeCom agent id, DingTalk app key), secret (empty or absent keeps the stored one), baseUrl (empty: the real hosts; https, or http on this machine), roleMapping [{ group: department name, roleId }]. Turning sync or sign-in on needs the ids and the secret (422/1005); a rule naming no role of the company: 404.',
          body: UpdateWorkChatSettingBody,
          response: envelopeResponses(WorkChatSetting),
        },
      },
      async (request) => success(request, await workChat.updateSetting(actorOf(request), request.body, request.lang)),
    );

    app.post(
      '/company/sync-work-wechat',
      {
        config: { access: 'permission', permission: 'accountGlobal:edit' },
        schema: {
          tags: ['directory sync'],
          summary: 'Sync departments and users from a work-chat directory now (WeCom by default)',
          description:
            "Body (optional): { provider: wecom | feishu | dingtalk }, wecom when absent. Uses the provider's saved setting (off or incomplete: 422/1005). Departments are created with their tree, users created or updated as by the LDAP sync and linked to their id at the provider; the role mapping applies; nobody is deleted. The provider's refusal: 422/1005 with its message. Another sync of the company running: 409.",
          body: WorkChatSyncBody.nullish(),
          response: envelopeResponses(DirectorySyncReport),
        },
      },
      async (request) => {
        const report = await workChat.sync(actorOf(request), request.body?.provider ?? 'wecom', request.lang);
        return success(request, report, 'ldapSyncDone', {
          usersCreated: report.usersCreated,
          usersUpdated: report.usersUpdated,
          departmentsCreated: report.departmentsCreated,
          skipped: report.skipped.length,
        });
      },
    );
  };
}
