import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApprovalDecision, ApprovalListQuery, ApprovalPage, ApprovalSettings, ApproveBody, RejectBody, WithdrawBody } from '@atrium/contract';
import { requireAuth } from '../../../platform/access.js';
import { envelopeResponses, success } from '../../../platform/envelope.js';
import { actorOf } from '../../operation-log/operation-log.service.js';
import type { ApprovalService } from './booking-approval.service.js';

const USE = { access: 'permission', permission: 'calendarRoomUse:view' } as const;
/** Decisions and withdrawals: a retry answers the first answer, not "no longer pending" (docs/decisions/0010). */
const DECIDE = { access: 'permission', permission: 'events:view', idempotent: true } as const;
const WITHDRAW = { ...USE, idempotent: true } as const;
const tags = ['meeting approval'];

const DECISION_RULES =
  'Approvers only (events:view). A pending request only (422/1005 otherwise); past its deadline it is marked expired and the call answers 422/1005 "expired". Nobody decides their own request (403/1014). Another company\'s request answers 404. `scope: series` decides every pending occurrence of the request\'s repeating series (422 when it has none). Answers `{ ids, status }`.';

/** Booking approvals (issue 5, spec 001 "Approval"): the list tabs, decisions, withdrawal and the deadline setting. */
export function approvalRoutes({ approvals }: { approvals: ApprovalService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/meeting/approval/list',
      {
        config: USE,
        schema: {
          tags,
          summary: 'Approval requests of a tab',
          description:
            'Query `tab` (initiated: requests I made, in any state, newest first; toDecide: pending requests of the company other than mine, nearest deadline first; decided: the ones I approved or rejected, newest decision first), `status?`, `page`, `pageSize`. toDecide and decided need events:view (403/1014). Rows are reservations as the caller may see them (a private title stays hidden) with `locationPath`, `requesterName`, the deadline and decision, `canDecide` and `canWithdraw`.',
          querystring: ApprovalListQuery,
          response: envelopeResponses(ApprovalPage),
        },
      },
      async (request) => success(request, await approvals.list(actorOf(request), request.query)),
    );

    app.post(
      '/meeting/approval/approve',
      {
        config: DECIDE,
        schema: { tags, summary: 'Approve a request', description: `Body \`{ id, scope? (one | series) }\`: the request becomes confirmed. ${DECISION_RULES}`, body: ApproveBody, response: envelopeResponses(ApprovalDecision) },
      },
      async (request) => success(request, await approvals.approve(actorOf(request), request.body), 'approvalApproved'),
    );

    app.post(
      '/meeting/approval/reject',
      {
        config: DECIDE,
        schema: {
          tags,
          summary: 'Reject a request',
          description: `Body \`{ id, reason, scope? }\`: the reason is required (422/1005), up to 500 characters; the request becomes rejected and its slot is free. ${DECISION_RULES}`,
          body: RejectBody,
          response: envelopeResponses(ApprovalDecision),
        },
      },
      async (request) => success(request, await approvals.reject(actorOf(request), request.body), 'approvalRejected'),
    );

    app.post(
      '/meeting/approval/withdraw',
      {
        config: WITHDRAW,
        schema: {
          tags,
          summary: 'Withdraw my request',
          description: 'Body `{ id }`: the person who made the request only (403/1014), while it is pending (422/1005); it becomes cancelled and its slot is free.',
          body: WithdrawBody,
          response: envelopeResponses(ApprovalDecision),
        },
      },
      async (request) => success(request, await approvals.withdraw(actorOf(request), request.body.id), 'approvalWithdrawn'),
    );

    app.get(
      '/meeting/approval/settings',
      {
        config: USE,
        schema: { tags, summary: "The company's approval deadline", description: '`{ deadlineHours }`: 24, 168 (7 days) or 720 (30 days); 24 until changed.', response: envelopeResponses(ApprovalSettings) },
      },
      async (request) => success(request, await approvals.settings(requireAuth(request).companyId)),
    );

    app.put(
      '/meeting/approval/settings',
      {
        config: { access: 'permission', permission: 'reservationScreens:edit' },
        schema: {
          tags,
          summary: "Set the company's approval deadline",
          description: 'Body `{ deadlineHours: 24 | 168 | 720 }`. New requests (and moved ones) get it; requests already waiting keep their deadline.',
          body: ApprovalSettings,
          response: envelopeResponses(ApprovalSettings),
        },
      },
      async (request) => success(request, await approvals.updateSettings(actorOf(request), request.body)),
    );
  };
}
