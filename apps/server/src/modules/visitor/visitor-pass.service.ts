import type { Kysely } from 'kysely';
import QRCode from 'qrcode';
import { VISIT_PASS_DAYS_AFTER, VISIT_PASS_PATH, type ConfirmVisitPass, type Visit, type VisitPass, type VisitPassExport } from '@atrium/contract';
import type { DB } from '../../db/schema.js';
import { DAY_MS, type Clock } from '../../platform/clock.js';
import { notFound, refused } from '../../platform/errors.js';
import type { Mailer } from '../../platform/mailer.js';
import type { Outbox } from '../../platform/outbox.js';
import { createOutboxRepository } from '../../platform/outbox.repository.js';
import type { SignedLinks } from '../../platform/signed-links.js';
import type { VisitorRepository } from './visitor.repository.js';
import { strongerWatch, type VisitorWatchlist } from './visitor-watchlist.js';
import { visitInvitationMail } from './visitor.mails.js';
import { requirementsOf, type VisitorRules } from './visitor-rules.js';

/** The outbox's name for an invitation to send. */
const INVITED = 'visitInvited';
const QR_CID = 'visit-pass-qr';

export interface VisitorPassesDeps {
  visitors: VisitorRepository;
  signedLinks: SignedLinks;
  mailer: Mailer;
  outbox: Pick<Outbox, 'on' | 'wake'>;
  clock: Clock;
  publicUrl: string;
  watchlist: Pick<VisitorWatchlist, 'matchFor'>;
  rules: Pick<VisitorRules, 'forVisit'>;
}

export type VisitorPasses = ReturnType<typeof createVisitorPasses>;

/** A pass may be checked in from (status-wise): not cancelled, not in or out yet, not over. */
const isOpen = (visit: Visit) => visit.status === 'notResponded' || visit.status === 'responded';

/**
 * The visitor's pass (decision 0018, "The visitor's pass"): the invitation mail, written by the
 * outbox worker after the visit is committed, carries a link to a phone-sized page and the same
 * link as a QR code. The link holds a token signed for the visit (platform/signed-links.ts) that
 * opens until VISIT_PASS_DAYS_AFTER days after the visit's end; with it the visitor reads their
 * visit, confirms it with their details, downloads what the company keeps about it, or erases it.
 * The token is rebuilt from the visit when the mail is written, so the outbox row holds only the
 * visit's id, and the outbox's copy of the mail holds the link redacted.
 */
export function createVisitorPasses({ visitors, signedLinks, mailer, outbox, clock, publicUrl, watchlist, rules }: VisitorPassesDeps) {
  const linkOf = (token: string) => `${publicUrl.replace(/\/$/, '')}${VISIT_PASS_PATH}#${token}`;

  function tokenFor(companyId: number, visit: Pick<Visit, 'id' | 'expectedEndAt'>): Promise<string> {
    return signedLinks.sign('visitPass', { companyId, subject: visit.id.toString(36), expiresAt: visit.expectedEndAt + VISIT_PASS_DAYS_AFTER * DAY_MS }, clock.now());
  }

  const qrOf = (link: string) => QRCode.toDataURL(link, { width: 320, margin: 2, errorCorrectionLevel: 'M' });
  /** The link as a PNG QR code: the mail's picture, and the badge's. */
  const qrPngOf = (link: string) => QRCode.toBuffer(link, { type: 'png', width: 320, margin: 2, errorCorrectionLevel: 'M' });

  /** The visit a token opens; 404 when it is not one of ours or the visit is gone, 422 when expired. */
  async function visitOf(token: string): Promise<{ companyId: number; visit: Visit }> {
    const now = clock.now();
    const link = await signedLinks.verify('visitPass', token, now);
    if (!link) throw notFound('visitPassInvalid');
    const visit = await visitors.find({ companyId: link.companyId, all: true }, parseInt(link.subject, 36), now);
    if (!visit) throw notFound('visitPassInvalid');
    if (link.isExpired) throw refused('visitPassExpired');
    return { companyId: link.companyId, visit };
  }

  outbox.on(INVITED, 'invitationMail', async (payload, event) => {
    const { visitId } = payload as { visitId: number };
    const visit = await visitors.find({ companyId: event.companyId, all: true }, visitId, clock.now());
    // Cancelled or erased before the worker came to it, or a visitor reached by phone only: no mail.
    if (!visit || !visit.email || !isOpen(visit)) return;
    const token = await tokenFor(event.companyId, visit);
    const link = linkOf(token);
    const mail = visitInvitationMail({
      companyName: await visitors.companyName(event.companyId),
      visitorName: visit.visitorName,
      hostName: visit.host?.name ?? null,
      place: visit.location?.name ?? null,
      zone: visit.location?.timeZone ?? null,
      reason: visit.reason,
      visitAt: visit.visitAt,
      expectedEndAt: visit.expectedEndAt,
      link,
      qrCid: QR_CID,
    });
    const qr = await qrPngOf(link);
    await mailer.send({
      companyId: event.companyId,
      event: 'visitInvitation',
      actorUserId: visit.inviter?.id ?? null,
      to: visit.email,
      ...mail,
      secrets: [token],
      images: [{ cid: QR_CID, filename: 'visitor-pass.png', content: qr }],
    });
  });

  return {
    /** The visit a pass token opens, for the visitor's own calls (404 unknown, 422 expired). */
    openVisit: visitOf,

    /**
     * The visit of a scanned pass (the link or its token) for reception of `companyId`: another
     * company's pass is unknown here (404), as an altered one.
     */
    async scannedVisitId(companyId: number, code: string): Promise<number> {
      const hash = code.indexOf('#');
      const { companyId: owner, visit } = await visitOf(hash === -1 ? code : code.slice(hash + 1));
      if (owner !== companyId) throw notFound('visitPassInvalid');
      return visit.id;
    },

    /** The code on a visit's pass (its token, as mailed and scanned): door grants carry its hash. */
    passCodeOf(companyId: number, visit: Pick<Visit, 'id' | 'expectedEndAt'>): Promise<string> {
      return tokenFor(companyId, visit);
    },

    /** The QR code of a visit's pass link, as mailed (a badge prints it; reception's scanner reads it). */
    async passQrPng(companyId: number, visit: Pick<Visit, 'id' | 'expectedEndAt'>): Promise<Buffer> {
      return qrPngOf(linkOf(await tokenFor(companyId, visit)));
    },

    /**
     * Records the invitation mail to send, in the transaction that inserts the visit: at once, or at
     * `sendAt` (a repeated visit's, a few days before it).
     */
    recordInvitation(trx: Kysely<DB>, companyId: number, visitId: number, now: number, sendAt = now): Promise<void> {
      const outbox = createOutboxRepository(trx);
      const payload = JSON.stringify({ visitId });
      return sendAt <= now ? outbox.add(companyId, INVITED, payload, now) : outbox.addLater(companyId, INVITED, payload, now, sendAt);
    },

    /** After the visit's commit: the worker sends the mail. */
    invited(): void {
      outbox.wake();
    },

    async pass(token: string): Promise<VisitPass> {
      const { companyId, visit } = await visitOf(token);
      const canConfirm = isOpen(visit);
      return {
        status: visit.status,
        companyName: await visitors.companyName(companyId),
        visitorName: visit.visitorName,
        email: visit.email,
        phone: visit.phone,
        visitorCompany: visit.visitorCompany,
        companions: visit.companions.map(({ name }) => ({ name })),
        hostName: visit.host?.name ?? null,
        location: visit.location ? { name: visit.location.name, timeZone: visit.location.timeZone } : null,
        reason: visit.reason,
        visitAt: visit.visitAt,
        expectedEndAt: visit.expectedEndAt,
        respondedAt: visit.respondedAt,
        checkedInAt: visit.checkedInAt,
        checkedOutAt: visit.checkedOutAt,
        // The code shows the link the visitor holds: reception's scanner reads the same token. Not while a walk-in waits for approval.
        qr: canConfirm && visit.approval?.state !== 'pending' ? await qrOf(linkOf(token)) : null,
        canConfirm,
        canErase: visit.status !== 'checkedIn',
        approval: visit.approval ? { state: visit.approval.state, reason: visit.approval.reason } : null,
        requirements: requirementsOf(await rules.forVisit(companyId, visit)),
        completion: visit.completion,
        answersAdmit: visit.answersAdmit,
      };
    },

    /** The visitor confirms with their details; an e-mail or a phone stays required. */
    async confirm(token: string, body: ConfirmVisitPass): Promise<void> {
      const { companyId, visit } = await visitOf(token);
      if (body.email === null && body.phone === null) throw refused('visitContactMissing', { name: body.name });
      // New details are checked against the watchlist as an invitation's are; the visitor is told nothing of it.
      const found = await watchlist.matchFor(companyId, [body]);
      const watch = found && strongerWatch(visit.watch, found) === found ? found : null;
      if (!(await visitors.confirmByVisitor(companyId, visit.id, body, watch, clock.now()))) throw refused('visitPassClosed');
    },

    async exportData(token: string): Promise<VisitPassExport> {
      const { companyId, visit } = await visitOf(token);
      return {
        exportedAt: clock.now(),
        companyName: await visitors.companyName(companyId),
        visit: {
          visitorName: visit.visitorName,
          email: visit.email,
          phone: visit.phone,
          visitorCompany: visit.visitorCompany,
          isVip: visit.isVip,
          type: visit.type,
          companions: visit.companions,
          hostName: visit.host?.name ?? null,
          location: visit.location?.name ?? null,
          reason: visit.reason,
          note: visit.note,
          visitAt: visit.visitAt,
          expectedEndAt: visit.expectedEndAt,
          respondedAt: visit.respondedAt,
          checkedInAt: visit.checkedInAt,
          checkedOutAt: visit.checkedOutAt,
          cancelledAt: visit.cancelledAt,
          createdAt: visit.createdAt,
        },
      };
    },

    /**
     * Erases the visit at the visitor's request: the row and its companions are deleted. Not while
     * they are on site (checked in, not out): the list of who is in the building must stay whole.
     */
    async erase(token: string): Promise<void> {
      const { companyId, visit } = await visitOf(token);
      if (visit.status === 'checkedIn') throw refused('visitPassClosed');
      if (!(await visitors.erase(companyId, visit.id))) throw notFound('visitPassInvalid');
    },
  };
}
