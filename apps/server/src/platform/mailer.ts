import nodemailer from 'nodemailer';
import type { MessageEvent } from '@atrium/contract';
import type { MailOutboxRepository } from '../modules/mail/mail.repository.js';
import type { Clock } from './clock.js';

/** A mail to one recipient, on behalf of one company. */
export interface MailMessage {
  companyId: number;
  /** What the mail is about, for the message log. */
  event: MessageEvent;
  /** Who caused it (null or absent: the system). */
  actorUserId?: number | null;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * A calendar invitation (RFC 5546 iTIP): sent as the mail's text/calendar alternative, which
   * Outlook, Google Calendar and Apple Calendar offer to add or update. The outbox keeps the text.
   */
  calendar?: { method: 'REQUEST' | 'CANCEL'; content: string };
}

/** A mail no outbox keeps: it concerns one person's own account, or no company exists yet. */
export type DirectMailMessage = Omit<MailMessage, 'companyId' | 'calendar' | 'event' | 'actorUserId'>;

/** Sends mail. Every company mail is kept in the company's outbox, whatever becomes of it. */
export interface Mailer {
  /** Keeps the mail, then hands it to the SMTP server when one is configured; never throws for a refused mail. */
  send(message: MailMessage): Promise<{ id: number; status: 'sent' | 'failed' | 'kept' }>;
  /**
   * Sends a registration code or a password reset link, which must not sit in a table that
   * administrators read. Without SMTP the mail goes to `onUnsent` (the server log) instead, so a
   * self-hosting operator can still pass it on. Never throws for a refused mail.
   */
  sendDirect(message: DirectMailMessage): Promise<{ status: 'sent' | 'failed' | 'logged' }>;
}

export interface MailerOptions {
  outbox: MailOutboxRepository;
  clock: Clock;
  /** smtp://user:pass@host:port or smtps://…; null keeps mails in the outbox only. */
  smtpUrl: string | null;
  from: string;
  /** Where a refused mail is reported (never with its body). */
  onError?: (error: unknown, mail: { id: number | null; to: string }) => void;
  /** Where a direct mail goes when no SMTP server is configured. */
  onUnsent?: (mail: DirectMailMessage) => void;
}

/** The SMTP reply code (550) of a refusal, or the error code (ECONNECTION, EENVELOPE) of another failure. */
function errorCodeOf(error: unknown): string | null {
  const { responseCode, code } = (error ?? {}) as { responseCode?: unknown; code?: unknown };
  if (typeof responseCode === 'number') return String(responseCode);
  return typeof code === 'string' ? code.slice(0, 40) : null;
}

/**
 * The mailer: nodemailer over SMTP when SMTP_URL is set; without it mails are only kept, so the
 * demo works without a mail server and administrators can read them in the outbox.
 */
export function createMailer({ outbox, clock, smtpUrl, from, onError, onUnsent }: MailerOptions): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  return {
    async send(message) {
      const id = await outbox.insert({
        companyId: message.companyId,
        event: message.event,
        actorUserId: message.actorUserId ?? null,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        status: transport ? 'queued' : 'kept',
        createdAt: clock.now(),
      });
      if (!transport) return { id, status: 'kept' };
      try {
        await transport.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          ...(message.calendar ? { icalEvent: { method: message.calendar.method, content: message.calendar.content, filename: 'invite.ics' } } : {}),
        });
        await outbox.markSent(message.companyId, id, clock.now());
        return { id, status: 'sent' };
      } catch (error) {
        onError?.(error, { id, to: message.to });
        await outbox.markFailed(message.companyId, id, error instanceof Error ? error.message.slice(0, 500) : String(error), errorCodeOf(error));
        return { id, status: 'failed' };
      }
    },
    async sendDirect(message) {
      if (!transport) {
        onUnsent?.(message);
        return { status: 'logged' };
      }
      try {
        await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, ...(message.html ? { html: message.html } : {}) });
        return { status: 'sent' };
      } catch (error) {
        onError?.(error, { id: null, to: message.to });
        return { status: 'failed' };
      }
    },
  };
}

export type MailDispatch = ReturnType<typeof createMailDispatch>;

/**
 * Sends direct mails without holding up the answer, so how long a public call takes tells
 * nothing about whether a mail went out. `drain` waits for those still on their way (at close).
 */
export function createMailDispatch(mailer: Mailer) {
  const pending = new Set<Promise<unknown>>();
  return {
    post(message: DirectMailMessage): void {
      const sending: Promise<unknown> = mailer
        .sendDirect(message)
        .catch(() => undefined)
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    async drain(): Promise<void> {
      await Promise.allSettled([...pending]);
    },
  };
}
