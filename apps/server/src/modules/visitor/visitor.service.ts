import { addDays, fromZoned, hasPermission, ReturnCode, toZoned, VISIT_INVITE_VISITS_MAX, VISIT_REPEAT_MAIL_DAYS_BEFORE, weekdayOf, type VisitStepsRefusal, type VisitWatch, type InviteVisit, type OnSiteList, type OnSiteQuery, type OnSiteVisit, type VisitHost, type VisitLocation, type Page, type Visit, type VisitQuery, type VisitReason } from '@atrium/contract';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { DAY_MS, HOUR_MS, type Clock } from '../../platform/clock.js';
import { AppError, notFound, refused } from '../../platform/errors.js';
import type { Actor, OperationLog } from '../operation-log/operation-log.service.js';
import type { NewVisit, VisitorRepository, VisitScope } from './visitor.repository.js';
import type { VisitorPasses } from './visitor-pass.service.js';
import type { VisitorArrivals } from './visitor-arrivals.js';
import type { VisitorWatchlist } from './visitor-watchlist.js';
import type { VisitorDevices } from './visitor-devices.service.js';
import type { VisitorSteps } from './visitor-steps.js';
import { requirementsOf, type VisitorRules } from './visitor-rules.js';

export interface VisitorServiceDeps {
  visitors: VisitorRepository;
  operationLog: OperationLog;
  clock: Clock;
  /** Where the invitation mail is recorded with the visit, and sent after its commit. */
  passes: Pick<VisitorPasses, 'recordInvitation' | 'invited'>;
  /** Where a check-in records that the host is to be told, and the telling starts after its commit. */
  arrivals: Pick<VisitorArrivals, 'record' | 'wake' | 'recordDeparture'>;
  watchlist: Pick<VisitorWatchlist, 'matchFor'>;
  /** The reception rules of the places: their sign-in windows, and which building a place is in. */
  places: Pick<VisitorDevices, 'signInHours' | 'sameBuilding'>;
  /** Reads the visit a scanned pass names. */
  scans: Pick<VisitorPasses, 'scannedVisitId'>;
  /** What the visitor still has to do before check-in (sign, photo, answers). */
  steps: Pick<VisitorSteps, 'missing'>;
  rules: Pick<VisitorRules, 'forVisit'>;
}

export type VisitorService = ReturnType<typeof createVisitorService>;

/**
 * How far in the past a visit may start: the form's minute is a moment old when it arrives, and a
 * host inviting someone who is at the desk now picks the current minute.
 */
const PAST_GRACE_MS = 5 * 60_000;
/** How long after a check-in the kiosk may print (or print again) the visitor's badge. */
const KIOSK_BADGE_MINUTES = 30;
/** Colleagues offered by the host picker at a time. */
const HOSTS_MAX = 20;

/**
 * Whose visits a caller reads or acts on (decision 0018, "Receptionists per place"): with the
 * reception area at `level`, a receptionist of some places those places' visits (and their own), one
 * of no place in particular (administrators, a single reception) the company's; everyone else the
 * visits they host or invited.
 */
export async function receptionScope(
  visitors: Pick<VisitorRepository, 'receptionPlaces'>,
  actor: Pick<Actor, 'companyId' | 'userId' | 'permissions'>,
  level: 'visitorDisplay:view' | 'visitorDisplay:edit',
): Promise<VisitScope> {
  if (!hasPermission(actor.permissions, level)) return ownVisits(actor);
  const placeIds = await visitors.receptionPlaces(actor.companyId, actor.userId);
  return placeIds === null ? { companyId: actor.companyId, all: true } : { companyId: actor.companyId, all: false, userId: actor.userId, placeIds };
}

/** A visit as the caller may read it: the watchlist's word is reception's (visitor display view), never a host's. */
export const asSeenBy = (actor: Pick<Actor, 'permissions'>, visit: Visit): Visit => (visit.watch === null || hasPermission(actor.permissions, 'visitorDisplay:view') ? visit : { ...visit, watch: null });

/** The visits the caller hosts or invited. */
const ownVisits = (actor: Pick<Actor, 'companyId' | 'userId'>): VisitScope => ({ companyId: actor.companyId, all: false, userId: actor.userId });

/**
 * The times of an invitation's visits: once, or `repeat.count` times every week on the same weekday or
 * every working day (Monday to Friday), on the place's clock (a repeated 09:00 stays 09:00 across a
 * change of daylight saving time).
 */
export function visitTimes(body: Pick<InviteVisit, 'visitAt' | 'expectedEndAt' | 'repeat'>, zone: string): Array<{ visitAt: number; expectedEndAt: number }> {
  if (!body.repeat) return [{ visitAt: body.visitAt, expectedEndAt: body.expectedEndAt }];
  const start = toZoned(body.visitAt, zone);
  const end = toZoned(body.expectedEndAt, zone);
  const times = [];
  let shift = 0;
  while (times.length < body.repeat.count) {
    const date = addDays(start.date, shift);
    if (body.repeat.every === 'week' || (weekdayOf(date) !== 0 && weekdayOf(date) !== 6)) {
      times.push({ visitAt: fromZoned(date, start.time, zone), expectedEndAt: fromZoned(addDays(end.date, shift), end.time, zone) });
    }
    shift += body.repeat.every === 'week' ? 7 : 1;
  }
  return times;
}

/**
 * The visitors module (issue 20): the visit reasons of the visitor settings page, and invitations:
 * a host invites a visitor (a group with up to five companions) for a reason at a location, lists and
 * reads the visits they may see, and cancels one that has not begun.
 */
export function createVisitorService({ visitors, operationLog, clock, passes, arrivals, watchlist, places, scans, steps, rules }: VisitorServiceDeps) {
  /**
   * A visit the caller may act on (cancel, check in or out): any of the company's with reception's
   * edit, else one they host or invited; another is unknown to them (404).
   */
  async function handledVisit(actor: Actor, id: number): Promise<Visit> {
    const visit = await visitors.find(await receptionScope(visitors, actor, 'visitorDisplay:edit'), id, clock.now());
    if (!visit) throw notFound('visitNotFound');
    return visit;
  }

  /**
   * Checks a visit in: from its place's sign-in window (hours) before the visit time until its
   * expected end, once, not a cancelled visit; the watchlist's word holds (a refused visitor is not
   * admitted, one held for approval only by reception); what the visit's rule asks before check-in is
   * done (signed, photo, answered), and answers that do not admit the visitor send them to reception.
   * The arrival is recorded for the host.
   */
  async function admit(companyId: number, visit: Visit, by: { userId: number | null; isReception: boolean }): Promise<void> {
    if (visit.watch?.action === 'refuse') throw refused('visitCheckInRefused');
    if (visit.approval?.state === 'pending') throw refused('visitAwaitingApproval');
    if (visit.approval?.state === 'rejected') throw refused('visitApplicationRejected');
    // Held for approval: reception admits them, or has approved their application already.
    if (visit.watch?.action === 'approval' && !by.isReception && visit.approval?.state !== 'approved') throw refused('visitCheckInAtReception');
    if (visit.status !== 'notResponded' && visit.status !== 'responded') throw refused('visitNotCheckable');
    const missing = await steps.missing(companyId, visit);
    // The steps left travel with the refusal: the kiosk asks for them (GET /device/visitor/steps) and tries again.
    if (missing.length > 0) throw new AppError(ReturnCode.REFUSED, 'visitStepsMissing', {}, { steps: missing } satisfies VisitStepsRefusal);
    if (visit.answersAdmit === false && !by.isReception) throw refused('visitCheckInAtReception');
    const now = clock.now();
    const hours = await places.signInHours(companyId, visit.location?.id ?? null);
    if (now < visit.visitAt - hours * HOUR_MS) throw refused('visitCheckInTooEarly', { hours });
    const recorded = await visitors.checkIn(companyId, visit.id, now, (trx) => arrivals.record(trx, companyId, { visitId: visit.id, byUserId: by.userId }, now));
    if (!recorded) throw refused('visitNotCheckable');
    arrivals.wake();
  }

  /** The visit of a pass scanned at a kiosk: one of the company's, at the kiosk's building. */
  async function kioskVisit(kiosk: { companyId: number; locationId: number }, code: string): Promise<Visit> {
    const visit = await visitors.find({ companyId: kiosk.companyId, all: true }, await scans.scannedVisitId(kiosk.companyId, code), clock.now());
    if (!visit) throw notFound('visitPassInvalid');
    if (!(await places.sameBuilding(kiosk.companyId, kiosk.locationId, visit.location?.id ?? null))) {
      throw refused('visitAtAnotherPlace', { place: visit.location?.name ?? '—' });
    }
    return visit;
  }

  return {
    listReasons(companyId: number): Promise<VisitReason[]> {
      return visitors.listReasons(companyId);
    },

    addReason(actor: Actor, name: string): Promise<{ id: number }> {
      return operationLog.track(
        actor,
        (result) => ({ action: 'visitReason.create', targetType: 'visitReason', targetId: result?.id ?? null, targetName: name }),
        async () => {
          if (await visitors.reasonTaken(actor.companyId, name)) throw refused('visitReasonTaken', { name });
          // Two adds of one name at once: the unique index lets one win, the other hears why.
          const id = await visitors.insertReason(actor.companyId, name, clock.now()).catch((error: unknown) => {
            throw isUniqueViolation(error) ? refused('visitReasonTaken', { name }) : error;
          });
          return { id };
        },
      );
    },

    async renameReason(actor: Actor, id: number, name: string): Promise<void> {
      const reason = await visitors.findReason(actor.companyId, id);
      if (!reason) throw notFound('visitReasonNotFound');
      await operationLog.track(actor, { action: 'visitReason.update', targetType: 'visitReason', targetId: id, targetName: name, detail: { previousName: reason.name } }, async () => {
        if (await visitors.reasonTaken(actor.companyId, name, id)) throw refused('visitReasonTaken', { name });
        await visitors.renameReason(actor.companyId, id, name).catch((error: unknown) => {
          throw isUniqueViolation(error) ? refused('visitReasonTaken', { name }) : error;
        });
      });
    },

    async deleteReason(actor: Actor, id: number): Promise<void> {
      const reason = await visitors.findReason(actor.companyId, id);
      if (!reason) throw notFound('visitReasonNotFound');
      await operationLog.track(actor, { action: 'visitReason.delete', targetType: 'visitReason', targetId: id, targetName: reason.name }, async () => {
        if (!(await visitors.deleteReason(actor.companyId, id))) throw notFound('visitReasonNotFound');
      });
    },

    /** Whose visits the caller reads (the badge's reader: reception of the visit's place). */
    readScope: (actor: Actor): Promise<VisitScope> => receptionScope(visitors, actor, 'visitorDisplay:view'),

    /** Colleagues to host a visit (the invite form's picker). */
    hosts(companyId: number, keyword: string): Promise<VisitHost[]> {
      return visitors.hosts(companyId, keyword, HOSTS_MAX);
    },

    /** Where visitors come: buildings and their floors. */
    locations(companyId: number): Promise<VisitLocation[]> {
      return visitors.locations(companyId);
    },

    /**
     * Invites a visitor (decision 0018): every person with an e-mail or a phone, none given twice in
     * the invitation; companions only for a group; from now on, ending after it starts; an active
     * host, a location and a reason of the company. Further visitors each get a visit of their own, and
     * a repeated visit one per occurrence (decision 0018, "Several visitors, repeated visits"): all in
     * one transaction, each with its invitation mail (a later occurrence's sent a few days before it).
     */
    async invite(actor: Actor, body: InviteVisit): Promise<{ id: number; ids: number[] }> {
      const now = clock.now();
      const visitorsInvited = [body.visitor, ...body.moreVisitors];
      const people = [...visitorsInvited, ...body.companions];
      for (const person of people) {
        if (person.email === null && person.phone === null) throw refused('visitContactMissing', { name: person.name });
      }
      const seen = new Set<string>();
      for (const value of people.flatMap((person) => [person.email?.toLowerCase(), person.phone?.replace(/[\s()-]/g, '')])) {
        if (!value) continue;
        if (seen.has(value)) throw refused('visitContactRepeated', { value });
        seen.add(value);
      }
      if (body.companions.length > 0 && body.type !== 'group') throw refused('visitCompanionsNeedGroup');
      if (body.moreVisitors.length > 0 && body.type === 'group') throw refused('visitMoreVisitorsNotGroup');
      const occurrences = body.repeat?.count ?? 1;
      if (visitorsInvited.length * occurrences > VISIT_INVITE_VISITS_MAX) throw refused('visitInviteTooMany', { max: VISIT_INVITE_VISITS_MAX });
      if (body.visitAt < now - PAST_GRACE_MS) throw refused('visitInPast');
      if (body.expectedEndAt <= body.visitAt) throw refused('visitEndBeforeStart');
      const [reason, host, location] = await Promise.all([
        visitors.findReason(actor.companyId, body.reasonId),
        visitors.activeUser(actor.companyId, body.hostId),
        visitors.visitLocation(actor.companyId, body.locationId),
      ]);
      if (!reason) throw notFound('visitReasonNotFound');
      if (!host) throw notFound('visitHostNotFound');
      if (!location) throw notFound('visitLocationNotFound');
      // The watchlist: a refused person is not invited, and the host hears no more than that (decision 0018).
      const watches: Array<VisitWatch | null> = [];
      for (const [index, visitor] of visitorsInvited.entries()) {
        const watch = await watchlist.matchFor(actor.companyId, index === 0 ? [visitor, ...body.companions] : [visitor]);
        if (watch?.action === 'refuse') throw refused('visitNotAllowed', { name: visitor.name });
        watches.push(watch);
      }
      const times = visitTimes(body, location.timeZone ?? 'UTC');
      const { moreVisitors: _more, repeat: _repeat, ...once } = body;
      const visits: NewVisit[] = times.flatMap(({ visitAt, expectedEndAt }) =>
        visitorsInvited.map((visitor, index) => ({
          ...once,
          visitor,
          companions: index === 0 ? body.companions : [],
          visitAt,
          expectedEndAt,
          companyId: actor.companyId,
          inviterId: actor.userId,
          reason: reason.name,
          method: 'manual' as const,
          watch: watches[index] ?? null,
        })),
      );
      // The invitation mails are recorded with the visits: sent once they are committed, never for a rolled-back one.
      const ids = await visitors.insertVisits(visits, now, (trx, visitId, visit) =>
        passes.recordInvitation(trx, actor.companyId, visitId, now, visit.visitAt === body.visitAt ? now : visit.visitAt - VISIT_REPEAT_MAIL_DAYS_BEFORE * DAY_MS),
      );
      passes.invited();
      return { id: ids[0]!, ids };
    },

    async list(actor: Actor, query: VisitQuery): Promise<Page<Visit>> {
      const page = await visitors.list(await receptionScope(visitors, actor, 'visitorDisplay:view'), query, clock.now());
      return { ...page, list: page.list.map((visit) => asSeenBy(actor, visit)) };
    },

    /** The invite page's list: the visits the caller hosts or invited, whatever else they may read. */
    async mine(actor: Actor, query: VisitQuery): Promise<Page<Visit>> {
      const page = await visitors.list(ownVisits(actor), query, clock.now());
      return { ...page, list: page.list.map((visit) => asSeenBy(actor, visit)) };
    },

    async detail(actor: Actor, id: number): Promise<Visit> {
      const visit = await visitors.find(await receptionScope(visitors, actor, 'visitorDisplay:view'), id, clock.now());
      if (!visit) throw notFound('visitNotFound');
      return { ...asSeenBy(actor, visit), requirements: requirementsOf(await rules.forVisit(actor.companyId, visit)) };
    },

    /** A visit whose kept documents the caller reads: reception of its place (visitor display view), else its host or inviter. */
    async readable(actor: Actor, id: number): Promise<Visit> {
      const visit = await visitors.find(await receptionScope(visitors, actor, 'visitorDisplay:view'), id, clock.now());
      if (!visit) throw notFound('visitNotFound');
      return visit;
    },

    /** Cancels a visit the caller may see (their own, or any with reception's edit) before it begins or ends. */
    async cancel(actor: Actor, id: number): Promise<void> {
      await handledVisit(actor, id);
      if (!(await visitors.cancel(actor.companyId, id, actor.userId, clock.now()))) throw refused('visitNotCancellable');
    },

    /** Checks a visitor in at reception or by their host. */
    async checkIn(actor: Actor, id: number): Promise<{ name: string }> {
      const visit = await handledVisit(actor, id);
      await admit(actor.companyId, visit, { userId: actor.userId, isReception: hasPermission(actor.permissions, 'visitorDisplay:edit') });
      return { name: visit.visitorName };
    },

    /**
     * A visitor checks in at a kiosk by the pass its scanner read: a visit at the kiosk's building
     * (the building or one of its floors), by the same rules as at reception, save that a visit the
     * watchlist holds for approval is sent to reception.
     */
    async checkInAtKiosk(kiosk: { companyId: number; locationId: number }, code: string): Promise<Visit> {
      const visit = await kioskVisit(kiosk, code);
      await admit(kiosk.companyId, visit, { userId: null, isReception: false });
      return visit;
    },

    kioskVisit,

    /**
     * A visit whose badge a kiosk may print: checked in (not out) at most KIOSK_BADGE_MINUTES ago, at
     * the kiosk's building; any other is unknown to the kiosk (404).
     */
    async arrivedAtKiosk(kiosk: { companyId: number; locationId: number }, visitId: number): Promise<Visit> {
      const now = clock.now();
      const visit = await visitors.find({ companyId: kiosk.companyId, all: true }, visitId, now);
      const recent = visit?.status === 'checkedIn' && visit.checkedInAt !== null && now - visit.checkedInAt <= KIOSK_BADGE_MINUTES * 60_000;
      if (!visit || !recent || !(await places.sameBuilding(kiosk.companyId, kiosk.locationId, visit.location?.id ?? null))) throw notFound('visitNotFound');
      return visit;
    },

    /** Checks a visitor out who is checked in. */
    async checkOut(actor: Actor, id: number): Promise<{ name: string }> {
      const visit = await handledVisit(actor, id);
      const now = clock.now();
      if (!(await visitors.checkOut(actor.companyId, id, now, (trx) => arrivals.recordDeparture(trx, actor.companyId, { visitId: id, byUserId: actor.userId }, now)))) throw refused('visitNotCheckedIn');
      arrivals.wake();
      return { name: visit.visitorName };
    },

    // ---- On site now ----

    /**
     * Everyone on site now (the muster list; the route asks visitor display view): the company's visits
     * checked in and not out, at a building and its floors or at a floor, with the people they count.
     */
    async onSite(actor: Actor, query: OnSiteQuery): Promise<OnSiteList> {
      const now = clock.now();
      const placeIds = await visitors.receptionPlaces(actor.companyId, actor.userId);
      const visits = (await visitors.onSite(actor.companyId, query.locationId, now, placeIds ?? undefined)).sort(byPlaceThenName);
      return { generatedAt: now, totalPeople: visits.reduce((sum, visit) => sum + 1 + visit.companions.length, 0), visits };
    },
  };
}

// ---- On site now: the muster list's order ----

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * By building, then the building itself before its floors, then location name, then visitor name
 * (ids break ties, so a location's people stay together); visits with no location left last. Sorted
 * here rather than in SQL so that both engines give one order (collations and nulls differ).
 */
function byPlaceThenName(a: OnSiteVisit, b: OnSiteVisit): number {
  if (!a.location || !b.location) return (a.location ? 0 : 1) - (b.location ? 0 : 1) || collator.compare(a.visitorName, b.visitorName) || a.id - b.id;
  return (
    collator.compare(a.location.buildingName ?? a.location.name, b.location.buildingName ?? b.location.name) ||
    (a.location.buildingName === null ? 0 : 1) - (b.location.buildingName === null ? 0 : 1) ||
    collator.compare(a.location.name, b.location.name) ||
    a.location.id - b.location.id ||
    collator.compare(a.visitorName, b.visitorName) ||
    a.id - b.id
  );
}
