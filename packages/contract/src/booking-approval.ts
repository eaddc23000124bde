import { z } from 'zod';
import { Reservation, ReservationStatus } from './booking.js';
import { PageQuery, pageOf } from './paging.js';

/**
 * Booking approvals (issue 5; spec 001 "Approval"): a booking in a room with approval is pending
 * (under approval) and holds its slot until an approver (events:view) approves or rejects it, the
 * host withdraws it, or its deadline passes (expired).
 */

const id = z.coerce.number().int().positive();

/** The company's approval deadline choices in hours: 24 hours, 7 days, 30 days. */
export const APPROVAL_DEADLINE_HOURS = [24, 168, 720] as const;
export type ApprovalDeadlineHours = (typeof APPROVAL_DEADLINE_HOURS)[number];
/** Without a booking_rules row the deadline is 24 hours. */
export const DEFAULT_APPROVAL_DEADLINE_HOURS: ApprovalDeadlineHours = 24;
/** The longest rejection reason. */
export const APPROVAL_REASON_MAX = 500;

/** initiated: my requests; toDecide: the company's pending requests (approvers); decided: the ones I approved or rejected. */
export const ApprovalTab = z.enum(['initiated', 'toDecide', 'decided']);
export type ApprovalTab = z.infer<typeof ApprovalTab>;

export const ApprovalListQuery = PageQuery.extend({
  tab: ApprovalTab.default('initiated'),
  status: ReservationStatus.optional(),
  /** In the room's name, the requester's name, or the title where the caller may see it (public meetings and their own). */
  keyword: z.string().trim().max(100).optional(),
});
export type ApprovalListQuery = z.infer<typeof ApprovalListQuery>;

/** One request as a row of the approval list: the reservation as the caller may see it, with its place and what the caller may do. */
export const ApprovalItem = Reservation.extend({
  /** "Country / City / Building / Floor" above the room. */
  locationPath: z.string(),
  /** Who asked (the host), shown to approvers even for a private meeting. */
  requesterName: z.string().nullable(),
  /** Approve or reject: an approver, a pending request before its deadline, not their own. */
  canDecide: z.boolean(),
  /** Withdraw: the host of a pending request. */
  canWithdraw: z.boolean(),
});
export type ApprovalItem = z.infer<typeof ApprovalItem>;

export const ApprovalPage = pageOf(ApprovalItem);

/** `one`: this request; `series`: every pending occurrence of its repeating series. */
export const ApprovalScope = z.enum(['one', 'series']);
export type ApprovalScope = z.infer<typeof ApprovalScope>;

export const ApproveBody = z.object({ id, scope: ApprovalScope.default('one') });
export type ApproveBody = z.infer<typeof ApproveBody>;

/** The reason is optional in the schema so that a missing one answers its own message (422). */
export const RejectBody = z.object({
  id,
  scope: ApprovalScope.default('one'),
  reason: z.string().trim().max(APPROVAL_REASON_MAX).nullable().optional(),
});
export type RejectBody = z.infer<typeof RejectBody>;

export const WithdrawBody = z.object({ id });
export type WithdrawBody = z.infer<typeof WithdrawBody>;

/** What a decision changed: the requests decided (one, or a series' pending occurrences). */
export const ApprovalDecision = z.object({ ids: z.array(z.number().int()), status: ReservationStatus });
export type ApprovalDecision = z.infer<typeof ApprovalDecision>;

export const ApprovalSettings = z.object({
  deadlineHours: z.union([z.literal(24), z.literal(168), z.literal(720)]),
});
export type ApprovalSettings = z.infer<typeof ApprovalSettings>;
