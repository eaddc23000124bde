import { BLACKLIST_REASON_MAX, BLACKLIST_STATES, type AddBlacklistBody, type BlacklistCandidate, type BlacklistConfig, type BlacklistEntry, type BlacklistQuery, type MyBookingBar, type Page } from '@atrium/contract';
import type { Clock } from '../../platform/clock.js';
import { notFound, refused } from '../../platform/errors.js';
import type { Actor, OperationLog } from '../operation-log/operation-log.service.js';
import type { BlacklistRepository } from './blacklist.repository.js';

export interface BlacklistServiceDeps {
  blacklist: BlacklistRepository;
  operationLog: OperationLog;
  clock: Clock;
}

export type BlacklistService = ReturnType<typeof createBlacklistService>;

/** Colleagues the company can bar. */
const CANDIDATES_MAX = 20;

/**
 * The booking blacklist page (/booker-blacklist): bar a colleague from booking with a reason, from
 * now or a later moment, until an end or until lifted; lift an entry early. Nothing is deleted:
 * ended and lifted entries are the history. The booking rule itself is booking-blacklist.ts.
 */
export function createBlacklistService({ blacklist, operationLog, clock }: BlacklistServiceDeps) {
  return {
    list(companyId: number, query: BlacklistQuery): Promise<Page<BlacklistEntry>> {
      return blacklist.list(companyId, query, clock.now());
    },

    /** Whether the caller is barred now: the booking form says so when it opens, not after it is filled in. */
    async mine(companyId: number, userId: number): Promise<MyBookingBar> {
      const entry = await blacklist.barring(companyId, userId, clock.now());
      return entry ? { barred: true, reason: entry.reason, endsAt: entry.endsAt } : { barred: false, reason: null, endsAt: null };
    },

    /** `GET /location/v2/getBlackListConfig`: the rules of an entry, whether the caller manages the list, and their own bar. */
    async config(companyId: number, userId: number, canManage: boolean): Promise<BlacklistConfig> {
      const entry = await blacklist.barring(companyId, userId, clock.now());
      const mine = entry ? { barred: true, reason: entry.reason, endsAt: entry.endsAt } : { barred: false, reason: null, endsAt: null };
      return { reasonMax: BLACKLIST_REASON_MAX, states: [...BLACKLIST_STATES], canManage, mine };
    },

    candidates(companyId: number, keyword: string): Promise<BlacklistCandidate[]> {
      return blacklist.candidates(companyId, keyword, CANDIDATES_MAX);
    },

    async add(actor: Actor, body: AddBlacklistBody): Promise<{ id: number }> {
      const now = clock.now();
      const person = await blacklist.activeUser(actor.companyId, body.userId);
      return operationLog.track(
        actor,
        (result) => ({ action: 'blacklist.add', targetType: 'user', targetId: body.userId, targetName: person?.fullName ?? null, detail: { entryId: result?.id ?? null, endsAt: body.endsAt ?? null } }),
        async () => {
          if (!person) throw notFound('blacklistUserNotFound');
          if (body.userId === actor.userId) throw refused('blacklistSelf');
          const startsAt = Math.max(body.startsAt ?? now, now);
          const endsAt = body.endsAt ?? null;
          if (endsAt !== null && endsAt <= startsAt) throw refused('blacklistEndBeforeStart');
          if (await blacklist.hasOpenEntry(actor.companyId, body.userId, now)) throw refused('blacklistAlready', { name: person.fullName });
          return { id: await blacklist.insert({ companyId: actor.companyId, userId: body.userId, reason: body.reason, startsAt, endsAt, createdBy: actor.userId }, now) };
        },
      );
    },

    async lift(actor: Actor, id: number): Promise<void> {
      const entry = await blacklist.find(actor.companyId, id);
      if (!entry) throw notFound('blacklistEntryNotFound');
      await operationLog.track(actor, { action: 'blacklist.lift', targetType: 'user', targetId: entry.userId, targetName: entry.fullName, detail: { entryId: id } }, async () => {
        if (!(await blacklist.lift(actor.companyId, id, actor.userId, clock.now()))) throw refused('blacklistNotOpen');
      });
    },
  };
}
