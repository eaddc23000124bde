import { hasPermission, VISIT_PASS_PATH, VISIT_REGISTER_LINK_DAYS, VISIT_REGISTER_PATH, WALK_IN_HOSTS_MAX, type ApplicationQuery, type KioskApplication, type KioskTheme, type Page, type RegisterLink, type RegisterPlace, type SelfRegistration, type Visit, type WalkInHost } from '@atrium/contract';
import type { Kysely } from 'kysely';
import QRCode from 'qrcode';
import type { DB } from '../../db/schema.js';
import { DAY_MS, HOUR_MS, type Clock } from '../../platform/clock.js';
import { notFound, refused } from '../../platform/errors.js';
import type { Mailer } from '../../platform/mailer.js';
import type { Outbox } from '../../platform/outbox.js';
import { createOutboxRepository } from '../../platform/outbox.repository.js';
import type { SignedLinks } from '../../platform/signed-links.js';
import type { NotificationService } from '../notification/notification.service.js';
import type { Actor } from '../operation-log/operation-log.service.js';
import type { VisitorRepository, VisitScope } from './visitor.repository.js';
import type { VisitorPasses } from './visitor-pass.service.js';
import type { VisitorWatchlist } from './visitor-watchlist.js';
import type { VisitorRules } from './visitor-rules.js';
import { asSeenBy, receptionScope } from './visitor.service.js';
import { visitApplicationMail, visitDecisionMail } from './visitor.mails.js';

/** The outbox's names for a walk-in's application (its decider is told) and a decision (the visitor is told). */
const APPLIED = 'visitApplied';
const DECIDED = 'visitDecided';
const QR_CID = 'visit-pass-qr';
/** The console's page where hosts and reception decide. */
const APPLICATIONS_PAGE = '/guider-apply';
/** How long a kiosk follows an application made at it: the visitor waits at the screen. */
const KIOSK_APPLICATION_HOURS = 24;

export interface VisitorApplicationsDeps {
  visitors: VisitorRepository;
  watchlist: Pick<VisitorWatchlist, 'matchFor'>;
  rules: Pick<VisitorRules, 'ruleFor'>;
  passes: Pick<VisitorPasses, 'passCodeOf' | 'passQrPng'>;
  signedLinks: SignedLinks;
  kioskTheme: (companyId: number) => Promise<KioskTheme>;
  notifications: Pick<NotificationService, 'post'>;
  mailer: Mailer;
  outbox: Pick<Outbox, 'on' | 'wake'>;
  clock: Clock;
  publicUrl: string;
}

/** Where a walk-in registers: a kiosk's place, or the place of the link they opened. */
export interface WalkInPlace {
  companyId: number;
  locationId: number;
}

export type VisitorApplications = ReturnType<typeof createVisitorApplications>;

/**
 * Walk-ins and applications (decision 0018, "Walk-ins and applications"): a visitor who came without
 * an invitation registers at a kiosk or by a place's walk-in link; the visit starts now, at that
 * place, and waits for its host's approval (reception's, when the watchlist holds the visitor for
 * approval). The decider is told in the bell and by mail, the visitor by mail (and on their pass, and
 * at the kiosk they wait at); an approved visit is checked in as any other, a rejected one is
 * cancelled with the reason for the visitor.
 */
export function createVisitorApplications({ visitors, watchlist, rules, passes, signedLinks, kioskTheme, notifications, mailer, outbox, clock, publicUrl }: VisitorApplicationsDeps) {
  const base = publicUrl.replace(/\/$/, '');

  /** Who decides: reception (visitor display edit) the company's applications, everyone else their own visitors'. */
  const deciderScope = (actor: Actor): Promise<VisitScope> => receptionScope(visitors, actor, 'visitorDisplay:edit');

  /** A pending application the caller may decide; 404 for one they may not see, 422 once decided or held for reception. */
  async function pendingFor(actor: Actor, id: number): Promise<Visit> {
    const visit = await visitors.find(await deciderScope(actor), id, clock.now());
    if (!visit?.approval) throw notFound('visitNotFound');
    if (visit.approval.state !== 'pending' || visit.status === 'cancelled') throw refused('visitApplicationDecided');
    if (visit.watch?.action === 'approval' && !hasPermission(actor.permissions, 'visitorDisplay:edit')) throw refused('visitApplicationAtReception');
    return visit;
  }

  async function decide(actor: Actor, id: number, state: 'approved' | 'rejected', reason: string | null): Promise<{ name: string }> {
    const visit = await pendingFor(actor, id);
    const now = clock.now();
    const done = await visitors.decide(actor.companyId, id, { state, reason, by: actor.userId }, now, (trx) => record(trx, DECIDED, actor.companyId, id, now));
    if (!done) throw refused('visitApplicationDecided');
    outbox.wake();
    return { name: visit.visitorName };
  }

  const record = (trx: Kysely<DB>, name: string, companyId: number, visitId: number, now: number) => createOutboxRepository(trx).add(companyId, name, JSON.stringify({ visitId }), now);

  /** The pending application the outbox names, or null once decided, cancelled or erased. */
  async function pendingOf(companyId: number, visitId: number): Promise<Visit | null> {
    const visit = await visitors.find({ companyId, all: true }, visitId, clock.now());
    return visit?.approval?.state === 'pending' && visit.status !== 'cancelled' ? visit : null;
  }

  // The decider is told in the bell: the host, or reception when the watchlist holds the visitor for approval.
  outbox.on(APPLIED, 'deciderNotification', async (payload, event) => {
    const visit = await pendingOf(event.companyId, (payload as { visitId: number }).visitId);
    if (!visit) return;
    const userIds = visit.watch?.action === 'approval' ? await visitors.receptionIds(event.companyId) : visit.host ? [visit.host.id] : [];
    if (userIds.length === 0) return;
    await notifications.post({
      companyId: event.companyId,
      event: 'visitApplication',
      actorUserId: null,
      userIds,
      params: { title: visit.visitorName, place: visit.location?.name ?? '', startAt: visit.visitAt, endAt: visit.expectedEndAt, zone: visit.location?.timeZone ?? null, more: 0, by: null, reason: visit.reason, minutes: null },
      link: APPLICATIONS_PAGE,
      reservationId: null,
    });
  });

  // And the host by mail (not about a visitor reception decides: the host learns nothing of the watchlist).
  outbox.on(APPLIED, 'hostMail', async (payload, event) => {
    const visit = await pendingOf(event.companyId, (payload as { visitId: number }).visitId);
    if (!visit?.host || visit.watch?.action === 'approval') return;
    const to = await visitors.activeEmail(event.companyId, visit.host.id);
    if (!to) return;
    const mail = visitApplicationMail({ visitorName: visit.visitorName, visitorCompany: visit.visitorCompany, place: visit.location?.name ?? null, reason: visit.reason, link: `${base}${APPLICATIONS_PAGE}` });
    await mailer.send({ companyId: event.companyId, event: 'visitApplication', actorUserId: null, to, ...mail });
  });

  // The visitor hears the decision by mail when they gave an address: approved, with their pass; rejected, with the reason.
  outbox.on(DECIDED, 'visitorMail', async (payload, event) => {
    const visit = await visitors.find({ companyId: event.companyId, all: true }, (payload as { visitId: number }).visitId, clock.now());
    if (!visit?.email || !visit.approval || visit.approval.state === 'pending') return;
    const approved = visit.approval.state === 'approved';
    const token = approved ? await passes.passCodeOf(event.companyId, visit) : null;
    const mail = visitDecisionMail({
      companyName: await visitors.companyName(event.companyId),
      visitorName: visit.visitorName,
      hostName: visit.host?.name ?? null,
      approved,
      reason: visit.approval.reason,
      link: token ? `${base}${VISIT_PASS_PATH}#${token}` : null,
      qrCid: QR_CID,
    });
    await mailer.send({
      companyId: event.companyId,
      event: 'visitDecision',
      actorUserId: visit.approval.decidedBy?.id ?? null,
      to: visit.email,
      ...mail,
      secrets: token ? [token] : [],
      images: token ? [{ cid: QR_CID, filename: 'visitor-pass.png', content: await passes.passQrPng(event.companyId, visit) }] : [],
    });
  });

  /** The place a walk-in link opens; 404 when it is not one of ours or the place is gone, 422 once it expired. */
  async function placeOfLink(token: string): Promise<WalkInPlace & { name: string }> {
    const link = await signedLinks.verify('visitRegister', token, clock.now());
    if (!link) throw notFound('visitRegisterLinkInvalid');
    const location = await visitors.location(link.companyId, parseInt(link.subject, 36));
    if (!location) throw notFound('visitRegisterLinkInvalid');
    if (link.isExpired) throw refused('visitRegisterLinkExpired');
    return { companyId: link.companyId, locationId: location.id, name: location.name };
  }

  /**
   * A walk-in registers (decision 0018): an e-mail or a phone; an active host, a reason of the
   * company; the watchlist's `refuse` stops them (told only to see reception). The visit starts now
   * for the hours they give, is confirmed (they are here) and waits for approval; the decider is told
   * after the commit.
   */
  async function register(place: WalkInPlace, body: SelfRegistration): Promise<{ id: number; pass: string }> {
    const { companyId } = place;
    if (body.visitor.email === null && body.visitor.phone === null) throw refused('visitContactMissing', { name: body.visitor.name });
    const [reason, host, location] = await Promise.all([visitors.findReason(companyId, body.reasonId), visitors.activeUser(companyId, body.hostId), visitors.location(companyId, place.locationId)]);
    if (!reason) throw notFound('visitReasonNotFound');
    if (!host) throw notFound('visitHostNotFound');
    if (!location) throw notFound('visitLocationNotFound');
    const rule = await rules.ruleFor(companyId, location.id, reason.id);
    if (!rule.walkIns) throw refused('visitWalkInClosed');
    const watch = await watchlist.matchFor(companyId, [body.visitor]);
    if (watch?.action === 'refuse') throw refused('visitWalkInRefused');
    // The place's rule may admit walk-ins without their host's approval; never one the watchlist holds for reception.
    const approval = rule.approval || watch?.action === 'approval' ? 'pending' : 'approved';
    const now = clock.now();
    const expectedEndAt = now + body.stayHours * HOUR_MS;
    const id = await visitors.insertVisit(
      {
        visitor: { ...body.visitor, isVip: false },
        type: 'temporary',
        companions: [],
        reasonId: reason.id,
        hostId: host.id,
        locationId: location.id,
        visitAt: now,
        expectedEndAt,
        note: null,
        companyId,
        inviterId: null,
        reason: reason.name,
        method: 'selfRegistration',
        watch,
        approval,
        respondedAt: now,
      },
      now,
      // Only an application waiting for a decision tells a decider.
      approval === 'pending' ? (trx, visitId) => record(trx, APPLIED, companyId, visitId, now) : undefined,
    );
    if (approval === 'pending') outbox.wake();
    return { id, pass: await passes.passCodeOf(companyId, { id, expectedEndAt }) };
  }

  return {
    register,

    /** The colleagues a walk-in may name as host: names only, at most WALK_IN_HOSTS_MAX. */
    walkInHosts(companyId: number, keyword: string): Promise<WalkInHost[]> {
      return visitors.walkInHosts(companyId, keyword, WALK_IN_HOSTS_MAX);
    },

    /** The applications the caller decides, in a state or all, newest first. */
    async list(actor: Actor, query: ApplicationQuery): Promise<Page<Visit>> {
      const page = await visitors.list(await deciderScope(actor), { page: query.page, pageSize: query.pageSize, approval: query.state, applicationsOnly: true }, clock.now());
      return { ...page, list: page.list.map((visit) => asSeenBy(actor, visit)) };
    },

    approve: (actor: Actor, id: number) => decide(actor, id, 'approved', null),
    reject: (actor: Actor, id: number, reason: string) => decide(actor, id, 'rejected', reason),

    /**
     * An application made at this kiosk in the last day (another is unknown to it): its state, and
     * once approved the pass code the kiosk checks the visitor in with.
     */
    async kioskApplication(pad: WalkInPlace, id: number): Promise<KioskApplication> {
      const now = clock.now();
      const visit = await visitors.find({ companyId: pad.companyId, all: true }, id, now);
      if (!visit?.approval || visit.location?.id !== pad.locationId || now - visit.createdAt > KIOSK_APPLICATION_HOURS * HOUR_MS) throw notFound('visitNotFound');
      const open = visit.status === 'responded' || visit.status === 'notResponded';
      return {
        state: visit.approval.state,
        reason: visit.approval.reason,
        hostName: visit.host?.name ?? null,
        code: visit.approval.state === 'approved' && open ? await passes.passCodeOf(pad.companyId, visit) : null,
      };
    },

    /** What the walk-in page shows of the place its link names. */
    async registerPlace(token: string): Promise<RegisterPlace> {
      const place = await placeOfLink(token);
      const [companyName, reasons, theme, found] = await Promise.all([
        visitors.companyName(place.companyId),
        visitors.listReasons(place.companyId),
        kioskTheme(place.companyId),
        visitors.visitLocation(place.companyId, place.locationId),
      ]);
      const rule = await rules.ruleFor(place.companyId, place.locationId, null);
      return {
        companyName,
        location: { name: found?.buildingName ? `${found.buildingName} · ${found.name}` : place.name, timeZone: found?.timeZone ?? null },
        reasons: reasons.map(({ id, name }) => ({ id, name })),
        welcome: { en: theme.welcomeEn, zh: theme.welcomeZh },
        color: theme.color,
        walkIns: rule.walkIns,
      };
    },

    async registerByLink(token: string, body: SelfRegistration): Promise<{ pass: string }> {
      const { pass } = await register(await placeOfLink(token), body);
      return { pass };
    },

    async hostsByLink(token: string, keyword: string): Promise<WalkInHost[]> {
      const place = await placeOfLink(token);
      return visitors.walkInHosts(place.companyId, keyword, WALK_IN_HOSTS_MAX);
    },

    /**
     * A place's walk-in link for reception to print: signed for the place, valid VISIT_REGISTER_LINK_DAYS
     * from today's start (UTC), so the page shows one link all day.
     */
    async registerLink(companyId: number, locationId: number): Promise<RegisterLink> {
      if (!(await visitors.location(companyId, locationId))) throw notFound('visitLocationNotFound');
      const now = clock.now();
      const expiresAt = now - (now % DAY_MS) + VISIT_REGISTER_LINK_DAYS * DAY_MS;
      const token = await signedLinks.sign('visitRegister', { companyId, subject: locationId.toString(36), expiresAt }, now);
      const link = `${base}${VISIT_REGISTER_PATH}#${token}`;
      return { link, expiresAt, qr: await QRCode.toDataURL(link, { width: 480, margin: 2, errorCorrectionLevel: 'M' }) };
    },
  };
}
