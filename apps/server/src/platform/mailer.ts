import nodemailer from 'nodemailer';
import type { MessageEvent } from '@atrium/contract';
import type { MailOutboxRepository } from '../modules/mail/mail.repository.js';
import { MINUTE_MS, type Clock } from './clock.js';

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
  /**
   * The mail's secrets (an activation or one-time sign-in link): the SMTP server receives them, the
   * outbox keeps `REDACTED_MARKER` in their place, and the mail is never sent again from its copy.
   */
  secrets?: readonly string[];
  /**
   * Pictures the HTML part shows as `cid:<cid>` (a visitor's QR code). The SMTP server receives them;
   * the outbox keeps none, so only a mail whose pictures carry a secret should have them.
   */
  images?: ReadonlyArray<{ cid: string; filename: string; content: Buffer }>;
}

/** A mail no outbox keeps: it concerns one person's own account, or no company exists yet. */
export type DirectMailMessage = Omit<MailMessage, 'companyId' | 'calendar' | 'event' | 'actorUserId' | 'secrets' | 'images'>;

/** What the outbox keeps in place of a secret, in both languages as the mails are. */
export const REDACTED_MARKER = '[link sent to the recipient only / 链接仅发送给收件人]';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The text with every secret (as written, and as an HTML part escapes it) replaced by the marker. */
export function redactSecrets(text: string, secrets: readonly string[], marker = REDACTED_MARKER): string {
  let out = text;
  // Longest first, so a secret inside another never leaves a piece of the longer one behind.
  for (const secret of [...secrets].filter((value) => value.length > 0).sort((a, b) => b.length - a.length)) {
    out = out.split(secret).join(marker);
    const escaped = escapeHtml(secret);
    if (escaped !== secret) out = out.split(escaped).join(escapeHtml(marker));
  }
  return out;
}

/** Sends mail. Every company mail is kept in the company's outbox, whatever becomes of it. */
export interface Mailer {
  /** Whether an SMTP server is configured: without one no mail reaches anyone, and secrets cannot be sent. */
  readonly canDeliver: boolean;
  /**
   * Keeps the mail, then hands it to the SMTP server when one is configured; never throws for a
   * refused mail. A mail that failed for a reason that may pass is tried again later (`retryDue`).
   */
  send(message: MailMessage): Promise<{ id: number; status: 'sent' | 'failed' | 'kept' }>;
  /** As `send` for many mails, kept with one statement, then handed to the SMTP server in order. */
  sendMany(messages: readonly MailMessage[]): Promise<Array<{ id: number; status: 'sent' | 'failed' | 'kept' }>>;
  /**
   * The retry job: sends again the failed mails whose next attempt is due (each claimed once across
   * processes); answers how many it tried. Does nothing without an SMTP server.
   */
  retryDue?(limit?: number): Promise<number>;
  /**
   * Sends a registration code or a password reset link, which must not sit in a table that
   * administrators read. Without SMTP the mail goes nowhere: `onUnsent` is told (without the mail,
   * whose link or code must not reach a log). Never throws for a refused mail.
   */
  sendDirect(message: DirectMailMessage): Promise<{ status: 'sent' | 'failed' | 'unsent' }>;
}

export interface MailerOptions {
  outbox: MailOutboxRepository;
  clock: Clock;
  /** smtp://user:pass@host:port or smtps://…; null keeps mails in the outbox only. */
  smtpUrl: string | null;
  from: string;
  /** Where a refused mail is reported (never with its body). */
  onError?: (error: unknown, mail: { id: number | null; to: string }) => void;
  /** Told when a direct mail cannot go out because no SMTP server is configured; never given the mail. */
  onUnsent?: () => void;
}

/**
 * Waits before each retry of a failed mail: 1 minute after the first attempt, then 5 minutes,
 * 30 minutes and 2 hours; after the fifth attempt the mail is given up (and stays in the log).
 */
export const MAIL_RETRY_DELAYS_MS = [1, 5, 30, 120].map((minutes) => minutes * MINUTE_MS);

/**
 * Whether a failure may pass: a temporary SMTP refusal (4xx) or a connection or server error. A
 * permanent refusal (5xx) or a refused envelope (a malformed address) fails the same way again.
 */
export function isRetryable(errorCode: string | null): boolean {
  return !(errorCode === 'EENVELOPE' || (errorCode !== null && /^5\d\d$/.test(errorCode)));
}

/** When a mail that failed its `attempts`-th attempt is tried again; null: not again. */
export function nextAttemptAt(now: number, attempts: number, errorCode: string | null): number | null {
  const delay = MAIL_RETRY_DELAYS_MS[attempts - 1];
  return delay !== undefined && isRetryable(errorCode) ? now + delay : null;
}

/** The SMTP reply code (550) of a refusal, or the error code (ECONNECTION, EENVELOPE) of another failure. */
function errorCodeOf(error: unknown): string | null {
  const { responseCode, code } = (error ?? {}) as { responseCode?: unknown; code?: unknown };
  if (typeof responseCode === 'number') return String(responseCode);
  return typeof code === 'string' ? code.slice(0, 40) : null;
}

/**
 * The mailer: nodemailer over SMTP when SMTP_URL is set; without it mails are only kept, so the
 * demo works without a mail server and administrators can read them in the outbox (secrets
 * replaced by the marker: an activation link is then handed out by POST /user/activationLink).
 */
export function createMailer({ outbox, clock, smtpUrl, from, onError, onUnsent }: MailerOptions): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;

  /** One attempt at handing a kept mail to the SMTP server, recorded in the outbox. */
  async function attempt(
    transporter: NonNullable<typeof transport>,
    mail: { id: number; companyId: number; to: string; subject: string; text: string; html: string | null; calendar: MailMessage['calendar'] | null; images?: MailMessage['images'] },
    attempts: number,
    isRedacted: boolean,
  ): Promise<'sent' | 'failed'> {
    try {
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        ...(mail.calendar ? { icalEvent: { method: mail.calendar.method, content: mail.calendar.content, filename: 'invite.ics' } } : {}),
        ...(mail.images?.length ? { attachments: mail.images.map((image) => ({ cid: image.cid, filename: image.filename, content: image.content, contentDisposition: 'inline' as const })) } : {}),
      });
      await outbox.markSent(mail.companyId, mail.id, clock.now(), attempts);
      return 'sent';
    } catch (error) {
      onError?.(error, { id: mail.id, to: mail.to });
      const errorCode = errorCodeOf(error);
      await outbox.markFailed(mail.companyId, mail.id, {
        error: error instanceof Error ? error.message.slice(0, 500) : String(error),
        errorCode,
        attempts,
        // The kept copy of a mail with secrets holds markers: sending it again would mail nothing usable.
        nextAttemptAt: isRedacted ? null : nextAttemptAt(clock.now(), attempts, errorCode),
      });
      return 'failed';
    }
  }

  /** The outbox's copy of a mail: its secrets replaced by the marker. */
  function keptCopy(message: MailMessage) {
    const secrets = message.secrets ?? [];
    const isRedacted = secrets.some((secret) => secret.length > 0);
    const keep = (part: string) => (isRedacted ? redactSecrets(part, secrets) : part);
    return {
      companyId: message.companyId,
      event: message.event,
      actorUserId: message.actorUserId ?? null,
      to: message.to,
      subject: keep(message.subject),
      text: keep(message.text),
      html: message.html === undefined ? null : keep(message.html),
      status: transport ? ('queued' as const) : ('kept' as const),
      createdAt: clock.now(),
      calendar: message.calendar ? { method: message.calendar.method, content: keep(message.calendar.content) } : null,
      isRedacted,
    };
  }

  /** Hands kept mails to the SMTP server one after another (the server gets the real text; only the outbox copy is redacted). */
  async function deliver(messages: readonly MailMessage[], copies: ReadonlyArray<{ isRedacted: boolean }>, ids: readonly number[]) {
    const results: Array<{ id: number; status: 'sent' | 'failed' | 'kept' }> = [];
    for (const [index, message] of messages.entries()) {
      const id = ids[index]!;
      results.push({ id, status: transport ? await attempt(transport, { ...message, id, html: message.html ?? null, calendar: message.calendar ?? null }, 1, copies[index]!.isRedacted) : 'kept' });
    }
    return results;
  }

  return {
    canDeliver: transport !== null,
    async send(message) {
      const copy = keptCopy(message);
      const id = await outbox.insert(copy);
      return (await deliver([message], [copy], [id]))[0]!;
    },
    async sendMany(messages) {
      const copies = messages.map(keptCopy);
      const ids = await outbox.insertMany(copies);
      return deliver(messages, copies, ids);
    },
    async retryDue(limit = 100) {
      if (!transport) return 0;
      const due = await outbox.claimRetries(clock.now(), limit);
      for (const mail of due) await attempt(transport, mail, mail.attempts + 1, false);
      return due.length;
    },
    async sendDirect(message) {
      if (!transport) {
        onUnsent?.();
        return { status: 'unsent' };
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
