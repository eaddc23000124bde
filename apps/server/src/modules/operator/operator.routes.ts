import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OPERATOR_COOKIE, OperatorLoginBody, OperatorLoginResult, OperatorProfile } from '@atrium/contract';
import { requireOperator } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import type { OperatorService } from './operator.service.js';

/** The operator's cookie: HttpOnly, SameSite=Strict, Secure over HTTPS, like a company session's. */
export function setOperatorCookie(reply: FastifyReply, request: FastifyRequest, token: string, maxAgeSeconds: number) {
  reply.setCookie(OPERATOR_COOKIE, token, { httpOnly: true, sameSite: 'strict', path: '/', secure: request.protocol === 'https', maxAge: maxAgeSeconds });
}

export function clearOperatorCookie(reply: FastifyReply) {
  reply.clearCookie(OPERATOR_COOKIE, { httpOnly: true, sameSite: 'strict', path: '/' });
}

/** Operator sign-in, sign-out and who is signed in (`/api/boss/*`; decision 0021, "Operator area"). */
export function operatorRoutes({ operators }: { operators: OperatorService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/boss/login',
      {
        config: { access: 'public' },
        schema: {
          tags: ['operator'],
          summary: 'Sign in as an operator of the installation',
          description: `Answers an operator token (also set as the HttpOnly cookie \`${OPERATOR_COOKIE}\`), which only the boss area accepts. Wrong name or password: 400/1008; too many failures: 429/1004 with Retry-After.`,
          body: OperatorLoginBody,
          response: envelopeResponses(OperatorLoginResult),
        },
      },
      async (request, reply) => {
        const signedIn = await operators.signIn({ ...request.body, ip: request.ip, userAgent: request.headers['user-agent'] });
        setOperatorCookie(reply, request, signedIn.token, operators.cookieMaxAgeSeconds);
        return success(request, signedIn);
      },
    );

    app.get(
      '/boss/logout',
      {
        config: { access: 'operator', isStateChanging: true },
        schema: { tags: ['operator'], summary: "End the operator's session and clear its cookie", response: envelopeResponses(z.null()) },
      },
      async (request, reply) => {
        await operators.signOut(requireOperator(request));
        clearOperatorCookie(reply);
        return success(request, null, 'loggedOut');
      },
    );

    app.get(
      '/boss/currentOperator',
      {
        config: { access: 'operator' },
        schema: { tags: ['operator'], summary: 'The signed-in operator (401/2001 without an operator session)', response: envelopeResponses(OperatorProfile) },
      },
      async (request) => success(request, await operators.getProfile(requireOperator(request))),
    );
  };
}
