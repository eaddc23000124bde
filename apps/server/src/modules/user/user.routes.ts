import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CurrentUserInfo, MenuListResult, UpdateDefaultPasswordBody, UpdateUserPasswordBody } from '@atrium/contract';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import { fastSerializerCompiler } from '../../platform/fast-serializer.js';
import { clearSessionCookie } from '../../platform/session-token.js';
import type { UserService } from './user.service.js';

export function userRoutes({ users }: { users: UserService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/user/getCurrentUserInfo',
      {
        config: { access: 'authenticated', allowDuringPasswordChange: true, readsProfile: true },
        schema: { tags: ['user'], summary: 'The signed-in user with company, role, department and permissions', response: envelopeResponses(CurrentUserInfo) },
        serializerCompiler: fastSerializerCompiler,
      },
      async (request) => success(request, await users.getCurrentUserInfo(requireAuth(request))),
    );

    app.get(
      '/user/getMenuList',
      {
        config: { access: 'authenticated' },
        schema: { tags: ['user'], summary: "The side menu for the caller's role", response: envelopeResponses(MenuListResult) },
      },
      async (request) => success(request, users.getMenu(requireAuth(request))),
    );

    app.post(
      '/user/updateDefaultPassword',
      {
        config: { access: 'authenticated', allowDuringPasswordChange: true },
        schema: {
          tags: ['user'],
          summary: 'First sign-in: replace the initial password',
          description: "Allowed only while the password must be changed. On success every session of the user ends and the cookie is cleared: sign in again. Rule failures answer 422/1005.",
          body: UpdateDefaultPasswordBody,
          response: envelopeResponses(z.null()),
        },
      },
      async (request, reply) => {
        await users.updateDefaultPassword(requireAuth(request), request.body);
        clearSessionCookie(reply);
        return success(request, null, 'passwordChangedSignInAgain');
      },
    );

    app.post(
      '/user/updateUserPassword',
      {
        config: { access: 'authenticated' },
        schema: {
          tags: ['user'],
          summary: 'Change the password, giving the old one',
          description: 'A wrong old password answers 400/1005 and counts as a failed sign-in. Other sessions of the user end; this one stays.',
          body: UpdateUserPasswordBody,
          response: envelopeResponses(z.null()),
        },
      },
      async (request) => {
        await users.updateUserPassword(requireAuth(request), request.body, request.ip);
        return success(request, null);
      },
    );
  };
}
