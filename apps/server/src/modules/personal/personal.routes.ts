import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EndSessionsBody, OwnProfile, OwnSession, UpdateProfileBody } from '@atrium/contract';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import { actorOf } from '../operation-log/operation-log.service.js';
import type { PersonalService } from './personal.service.js';

/** The caller's own profile and sessions (/personal); any signed-in user. */
export function personalRoutes({ personal }: { personal: PersonalService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/user/common/details',
      {
        config: { access: 'authenticated' },
        schema: { tags: ['personal'], summary: "The caller's own profile", response: envelopeResponses(OwnProfile) },
      },
      async (request) => success(request, await personal.getProfile(requireAuth(request))),
    );

    app.put(
      '/user/profile',
      {
        config: { access: 'authenticated' },
        schema: {
          tags: ['personal'],
          summary: "Change the caller's own profile",
          description:
            'Body: { firstName (required), lastName, phone (digits, optionally +, spaces, hyphens, brackets), gender (male, female, secret), avatar (a fileUrl from POST /upload with kind avatar, or null) }. The user name and e-mail cannot change. Answers the profile.',
          body: UpdateProfileBody,
          response: envelopeResponses(OwnProfile),
        },
      },
      async (request) => success(request, await personal.updateProfile(actorOf(request), request.body)),
    );

    app.get(
      '/user/sessions',
      {
        config: { access: 'authenticated' },
        schema: {
          tags: ['personal'],
          summary: "The caller's live sessions, the current one marked",
          description: 'Each: id, createdAt, lastSeenAt (UTC ms), ip, userAgent, isCurrent; most recently used first.',
          response: envelopeResponses(z.array(OwnSession)),
        },
      },
      async (request) => success(request, await personal.listSessions(requireAuth(request))),
    );

    app.delete(
      '/user/sessions',
      {
        config: { access: 'authenticated' },
        schema: {
          tags: ['personal'],
          summary: "Sign out one of the caller's other sessions, or all of them",
          description:
            "Body: { id } ends that session (another user's or an unknown one answers 404/1002; the current one 422/1005: sign out instead); {} ends every session but the current one.",
          body: EndSessionsBody,
          response: envelopeResponses(z.null()),
        },
      },
      async (request) => {
        await personal.endSessions(requireAuth(request), request.body.id);
        return success(request, null);
      },
    );
  };
}
