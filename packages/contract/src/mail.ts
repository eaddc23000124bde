import { z } from 'zod';
import { TEXT_MAX } from './limits.js';
import { PageQuery, pageOf } from './paging.js';

/**
 * What became of a mail: `queued` while the SMTP server is being asked, `sent` when it accepted
 * the mail, `failed` when it refused or could not be reached, `kept` when no SMTP server is
 * configured and the mail lives only in the outbox.
 */
export const MailStatus = z.enum(['queued', 'sent', 'failed', 'kept']);
export type MailStatus = z.infer<typeof MailStatus>;

/** One mail of the outbox, without its body. */
export const MailOutboxItem = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  status: MailStatus,
  error: z.string().nullable().describe('Why sending failed'),
  createdAt: z.number().int().describe('UTC epoch milliseconds'),
  sentAt: z.number().int().nullable().describe('When the SMTP server accepted it, UTC epoch milliseconds'),
  isRedacted: z
    .boolean()
    .describe('The mail carried a link or code only the recipient received: the kept copy shows a marker in its place, and it is never sent again'),
});
export type MailOutboxItem = z.infer<typeof MailOutboxItem>;

/** One mail with its text and HTML parts. */
export const MailOutboxDetails = MailOutboxItem.extend({
  text: z.string(),
  html: z.string().nullable().describe('HTML part; show it only in a sandboxed frame without scripts'),
});
export type MailOutboxDetails = z.infer<typeof MailOutboxDetails>;

/** `GET /mail/outbox` query: newest first, optionally one recipient (part of the address). */
export const MailOutboxQuery = PageQuery.extend({
  recipient: z.string().trim().max(TEXT_MAX).optional().describe('Part of the recipient address, case-insensitive'),
});
export type MailOutboxQuery = z.infer<typeof MailOutboxQuery>;

export const MailOutboxPage = pageOf(MailOutboxItem);

/** `GET /mail/outbox/details` query. */
export const MailOutboxDetailsQuery = z.object({ id: z.coerce.number().int().positive() });
