import { z } from 'zod';
import { MailStatus } from './mail.js';
import { NOTIFICATION_EVENTS, NotificationAction, NotificationParams } from './notification.js';
import { PageQuery, pageOf } from './paging.js';

/**
 * The message log (issue 6; spec 000 menu "Messages", /message-log; spec 001 section 3 "Message/log":
 * event type, operator, time, result, error code, description, solution): every message the
 * company's console sent, without its body, with what became of it and what to do when it failed.
 */

/** What a message was about: the booking messages (also shown in the console), then the account mails. */
export const MESSAGE_EVENTS = [...NOTIFICATION_EVENTS, 'activation', 'ssoNotice', 'visitInvitation', 'visitDecision', 'other'] as const;
export const MessageEvent = z.enum(MESSAGE_EVENTS);
export type MessageEvent = z.infer<typeof MessageEvent>;

/**
 * What to do about a message, by its result: `configureMail` (kept: no mail server is set),
 * `checkAddress` (the server refused the address for good), `retryLater` (a temporary refusal),
 * `checkServer` (the mail server could not be reached or failed otherwise), `issueNewLink` (the
 * mail carried a link only the recipient was to receive, so its kept copy cannot be sent again:
 * resend the activation, or copy a fresh activation link); null when it went out.
 */
export const MESSAGE_SOLUTIONS = ['configureMail', 'checkAddress', 'retryLater', 'checkServer', 'issueNewLink'] as const;
export const MessageSolution = z.enum(MESSAGE_SOLUTIONS);
export type MessageSolution = z.infer<typeof MessageSolution>;

/**
 * The solution for a message's status and error code (an SMTP reply code, or a connection error
 * such as ECONNECTION). A mail whose secret was kept out of the outbox (`isRedacted`) and did not
 * go out needs a new link, unless the address itself was refused.
 */
export function solutionFor(status: MailStatus, errorCode: string | null, isRedacted = false): MessageSolution | null {
  if (status !== 'kept' && status !== 'failed') return null;
  const isAddressRefused = status === 'failed' && (errorCode === 'EENVELOPE' || (errorCode !== null && /^5\d\d$/.test(errorCode)));
  if (isAddressRefused) return 'checkAddress';
  if (isRedacted) return 'issueNewLink';
  if (status === 'kept') return 'configureMail';
  if (errorCode !== null && /^4\d\d$/.test(errorCode)) return 'retryLater';
  return 'checkServer';
}

const epochMs = z.coerce.number().int().nonnegative();

/** The channels a message goes through: mail, and the console's bell (in-console notifications). */
export const MESSAGE_CHANNELS = ['mail', 'console'] as const;
export const MessageChannel = z.enum(MESSAGE_CHANNELS);
export type MessageChannel = z.infer<typeof MessageChannel>;

/**
 * `GET /message/log`: one channel at a time (mail by default), newest first; `keyword` in the
 * recipient or the description; `from`/`to` bound the time. `result` applies to mails (a console
 * notification is delivered when written; `read` tells whether it was read).
 */
export const MessageLogQuery = PageQuery.extend({
  channel: MessageChannel.default('mail'),
  event: MessageEvent.optional(),
  result: MailStatus.optional(),
  keyword: z.string().trim().max(100).optional(),
  from: epochMs.optional(),
  to: epochMs.optional(),
});
export type MessageLogQuery = z.infer<typeof MessageLogQuery>;

export const MessageLogEntry = z.object({
  id: z.number().int(),
  channel: MessageChannel,
  event: MessageEvent,
  /** The recipient's address (mail), or the colleague's name (console). */
  to: z.string(),
  /** The message's subject; empty for a console notification, which the console words from `params`. */
  description: z.string(),
  /** A console notification's facts. */
  params: NotificationParams.nullable(),
  /** When a console notification was read; null: unread, or a mail. */
  readAt: z.number().int().nullable(),
  /** Where the action a console notification asks for stands (see NotificationAction); null for a mail or one that asks none. */
  action: NotificationAction.nullable(),
  /** Attempts made to send a mail (retries included). */
  attempts: z.number().int(),
  /** When a failed mail is tried again; null: not again. */
  nextAttemptAt: z.number().int().nullable(),
  /** Who caused it; null: the system (a scheduled job, an outside calendar change). */
  operatorName: z.string().nullable(),
  createdAt: z.number().int(),
  result: MailStatus,
  errorCode: z.string().nullable(),
  error: z.string().nullable(),
  solution: MessageSolution.nullable(),
  /** A mail whose link or code only the recipient received (the outbox keeps a marker in its place). */
  isRedacted: z.boolean(),
});
export type MessageLogEntry = z.infer<typeof MessageLogEntry>;

export const MessageLogPage = pageOf(MessageLogEntry);
export type MessageLogPage = z.infer<typeof MessageLogPage>;
