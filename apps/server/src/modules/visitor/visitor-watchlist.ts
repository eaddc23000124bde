import { WATCH_ACTIONS, watchMatch, type VisitWatch, type WatchEntry, type WatchEntryInput } from '@atrium/contract';
import type { Clock } from '../../platform/clock.js';
import { notFound } from '../../platform/errors.js';
import type { Actor, OperationLog } from '../operation-log/operation-log.service.js';
import type { VisitorRepository } from './visitor.repository.js';

export interface VisitorWatchlistDeps {
  visitors: VisitorRepository;
  operationLog: OperationLog;
  clock: Clock;
}

export type VisitorWatchlist = ReturnType<typeof createVisitorWatchlist>;

/** The stronger of two watchlist words on a visit (null: none). */
export function strongerWatch(a: VisitWatch | null, b: VisitWatch | null): VisitWatch | null {
  if (a === null) return b;
  if (b === null) return a;
  return WATCH_ACTIONS.indexOf(b.action) > WATCH_ACTIONS.indexOf(a.action) ? b : a;
}

/**
 * The visitor watchlist (decision 0018, "The watchlist"): reception keeps the entries (visitor
 * display edit; in the operation log by name only), and every way a visit is made or a visitor's
 * details change asks `matchFor`, which compares the visit's people with the company's entries.
 */
export function createVisitorWatchlist({ visitors, operationLog, clock }: VisitorWatchlistDeps) {
  return {
    list(companyId: number): Promise<WatchEntry[]> {
      return visitors.watchlist(companyId);
    },

    add(actor: Actor, entry: WatchEntryInput): Promise<{ id: number }> {
      return operationLog.track(
        actor,
        (result) => ({ action: 'visitWatch.create', targetType: 'visitWatch', targetId: result?.id ?? null, targetName: entry.name }),
        async () => ({ id: await visitors.insertWatch(actor.companyId, entry, actor.userId, clock.now()) }),
      );
    },

    async update(actor: Actor, id: number, entry: WatchEntryInput): Promise<void> {
      await operationLog.track(actor, { action: 'visitWatch.update', targetType: 'visitWatch', targetId: id, targetName: entry.name }, async () => {
        if (!(await visitors.updateWatch(actor.companyId, id, entry, clock.now()))) throw notFound('visitWatchNotFound');
      });
    },

    async remove(actor: Actor, id: number): Promise<void> {
      const entry = (await visitors.watchlist(actor.companyId)).find((candidate) => candidate.id === id);
      if (!entry) throw notFound('visitWatchNotFound');
      await operationLog.track(actor, { action: 'visitWatch.delete', targetType: 'visitWatch', targetId: id, targetName: entry.name }, async () => {
        if (!(await visitors.deleteWatch(actor.companyId, id))) throw notFound('visitWatchNotFound');
      });
    },

    /** The strongest entry any of these people matches, as a visit keeps it; null when none. */
    async matchFor(companyId: number, people: ReadonlyArray<{ name: string; email: string | null; phone: string | null }>): Promise<VisitWatch | null> {
      const entries = await visitors.watchlist(companyId);
      if (entries.length === 0) return null;
      let strongest: VisitWatch | null = null;
      for (const person of people) {
        const entry = watchMatch(entries, person);
        if (entry) strongest = strongerWatch(strongest, { action: entry.action, name: entry.name });
      }
      return strongest;
    },
  };
}
