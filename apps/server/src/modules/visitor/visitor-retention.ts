import { toZoned, VISIT_NDA_RETENTION_DAYS, VISIT_PHOTO_RETENTION_DAYS, VISIT_RETENTION_DAYS, type VisitorSettings } from '@atrium/contract';
import { DAY_MS, MINUTE_MS, type Clock } from '../../platform/clock.js';
import { refused } from '../../platform/errors.js';
import type { Actor, OperationLog } from '../operation-log/operation-log.service.js';
import type { StoredRetention, VisitorRepository } from './visitor.repository.js';

export interface VisitorRetentionDeps {
  visitors: VisitorRepository;
  operationLog: OperationLog;
  clock: Clock;
}

export type VisitorRetention = ReturnType<typeof createVisitorRetention>;

/** Visits deleted per transaction. */
const BATCH = 500;

/** The days a company keeps each kind of record, its defaults filled in. */
const withDefaults = (stored: StoredRetention): VisitorSettings => ({
  retentionDays: stored.retentionDays ?? VISIT_RETENTION_DAYS.default,
  photoRetentionDays: stored.photoRetentionDays ?? VISIT_PHOTO_RETENTION_DAYS.default,
  ndaRetentionDays: stored.ndaRetentionDays ?? VISIT_NDA_RETENTION_DAYS.default,
});

/**
 * The visitor preferences and retention (decision 0018, "Retention"): each company keeps a visit for
 * its retention days after the visit ended (checked out, cancelled, or past its expected end), then a
 * job deletes it with its companions, door grant and documents, adding it first to the counts the
 * analysis reads (per day on the place's clock, place and reason), in the same transaction. A photo
 * and a signed agreement's copy may go earlier, each by its own days.
 */
export function createVisitorRetention({ visitors, operationLog, clock }: VisitorRetentionDeps) {
  return {
    async settings(companyId: number): Promise<VisitorSettings> {
      return withDefaults(await visitors.retention(companyId));
    },

    async save(actor: Actor, settings: VisitorSettings): Promise<void> {
      if (settings.photoRetentionDays > settings.retentionDays || settings.ndaRetentionDays > settings.retentionDays) throw refused('visitRetentionPastVisit', { days: settings.retentionDays });
      const before = withDefaults(await visitors.retention(actor.companyId));
      const detail: Record<string, { from: number; to: number }> = {};
      for (const key of ['retentionDays', 'photoRetentionDays', 'ndaRetentionDays'] as const) {
        if (before[key] !== settings[key]) detail[key] = { from: before[key], to: settings[key] };
      }
      await operationLog.track(actor, { action: 'visitorSettings.update', targetType: 'visitorSettings', targetId: actor.companyId, targetName: null, detail }, () =>
        visitors.saveRetention(actor.companyId, settings, actor.userId, clock.now()),
      );
    },

    /** The job: deletes every company's visits past retention, counted first, and photos and agreements past theirs; answers how many visits went. */
    async purgeExpired(): Promise<number> {
      const now = clock.now();
      let purged = 0;
      for (const { companyId, ...stored } of await visitors.companiesWithVisits()) {
        const days = withDefaults(stored);
        await visitors.purgeDocuments(companyId, 'photo', now - days.photoRetentionDays * DAY_MS);
        await visitors.purgeDocuments(companyId, 'nda', now - days.ndaRetentionDays * DAY_MS);
        const cutoff = now - days.retentionDays * DAY_MS;
        for (;;) {
          const ended = await visitors.endedBefore(companyId, cutoff, BATCH);
          const counts = new Map<string, { day: string; locationId: number; reason: string; visits: number; checkedIn: number; noShows: number; cancelled: number; stayMinutes: number }>();
          for (const visit of ended) {
            const day = toZoned(Number(visit.visit_at), visit.zone ?? visit.parent_zone ?? 'UTC').date;
            const locationId = visit.location_id ?? 0;
            const key = JSON.stringify([day, locationId, visit.reason]);
            const row = counts.get(key) ?? { day, locationId, reason: visit.reason, visits: 0, checkedIn: 0, noShows: 0, cancelled: 0, stayMinutes: 0 };
            row.visits += 1;
            if (visit.cancelled_at !== null) row.cancelled += 1;
            else if (visit.checked_in_at === null) row.noShows += 1;
            else row.checkedIn += 1;
            if (visit.checked_in_at !== null && visit.checked_out_at !== null) row.stayMinutes += Math.round((Number(visit.checked_out_at) - Number(visit.checked_in_at)) / MINUTE_MS);
            counts.set(key, row);
          }
          await visitors.purgeVisits(companyId, ended.map((visit) => visit.id), [...counts.values()]);
          purged += ended.length;
          if (ended.length < BATCH) break;
        }
      }
      return purged;
    },
  };
}
