import { addDays, fromZoned, toZoned, type VisitAnalysis, type VisitAnalysisQuery, type VisitCounts, type VisitLocation } from '@atrium/contract';
import { MINUTE_MS, type Clock } from '../../platform/clock.js';
import { QUARTER_MS, type VisitorAnalysisRepository, type ZoneWindow } from './visitor-analysis.repository.js';

export interface VisitorAnalysisDeps {
  analysis: VisitorAnalysisRepository;
  /** The company's buildings and floors, offered by the page's location filter. */
  locations: (companyId: number) => Promise<VisitLocation[]>;
  clock: Clock;
}

export type VisitorAnalysisService = ReturnType<typeof createVisitorAnalysis>;

const none = (): VisitCounts => ({ visits: 0, checkedIn: 0, cancelled: 0 });
const add = (into: VisitCounts, counts: VisitCounts) => {
  into.visits += counts.visits;
  into.checkedIn += counts.checkedIn;
  into.cancelled += counts.cancelled;
};
const byVisitsThen = <T extends VisitCounts>(name: (row: T) => string) => (a: T, b: T) => b.visits - a.visits || name(a).localeCompare(name(b));

/**
 * The visitor analysis (/guider-analysis; decision 0018, "Analytics and export"): the visits of a
 * range of days on each place's clock, per day, reason and place, with the counts retention kept of
 * the visits it deleted; the arrivals' peak hours, the average stay and the no-show rate of the
 * visits still kept. The database groups by place and quarter hour; here the quarters become local days and hours.
 */
export function createVisitorAnalysis({ analysis, locations, clock }: VisitorAnalysisDeps) {
  return {
    async analyse(companyId: number, query: VisitAnalysisQuery): Promise<VisitAnalysis> {
      const now = clock.now();
      const { from, to, locationId } = query;
      // The range's days on each zone's clock; places without a zone (and visits without a place) keep UTC.
      const zones = new Set([...(await analysis.zones(companyId)), null]);
      const windows: ZoneWindow[] = [...zones].map((zone) => ({ zone, from: fromZoned(from, '00:00', zone ?? 'UTC'), to: fromZoned(addDays(to, 1), '00:00', zone ?? 'UTC') }));
      const scope = { companyId, locationId, windows };
      const [quarters, reasons, arrivals, outcomes, statsPerDay, statsPerReason, places] = await Promise.all([
        analysis.byPlaceAndQuarter(scope),
        analysis.byReason(scope),
        analysis.arrivals(scope),
        analysis.outcomes(scope, now),
        analysis.statsByDayAndPlace(companyId, from, to, locationId),
        analysis.statsByReason(companyId, from, to, locationId),
        locations(companyId),
      ]);

      const totals = none();
      const perDay = new Map<string, VisitCounts>();
      for (let day = from; day <= to; day = addDays(day, 1)) perDay.set(day, none());
      // Retention's place 0 is a visit that had none, as a kept visit's null.
      const perPlace = new Map<number | null, VisitCounts>();
      const count = (day: string, locationId: number | null, counts: VisitCounts) => {
        const row = perDay.get(day);
        // Outside the range cannot happen (each zone's window is the range's days); skipped if it ever did.
        if (!row) return;
        add(row, counts);
        add(totals, counts);
        const place = perPlace.get(locationId) ?? none();
        add(place, counts);
        perPlace.set(locationId, place);
      };
      for (const { quarter, zone, locationId: place, ...counts } of quarters) count(toZoned(quarter * QUARTER_MS, zone ?? 'UTC').date, place, counts);
      for (const { day, locationId: place, ...counts } of statsPerDay) count(day, place === 0 ? null : place, counts);

      const perReason = new Map<string, VisitCounts>();
      for (const { reason, ...counts } of [...reasons, ...statsPerReason]) {
        const row = perReason.get(reason) ?? none();
        add(row, counts);
        perReason.set(reason, row);
      }

      const peakHours = Array.from({ length: 24 }, (_, hour) => ({ hour, arrivals: 0 }));
      for (const { zone, quarter, arrivals: arrived } of arrivals) peakHours[Number(toZoned(quarter * QUARTER_MS, zone ?? 'UTC').time.slice(0, 2))]!.arrivals += arrived;

      const names = await analysis.places(companyId, [...perPlace.keys()].filter((id): id is number => id !== null));
      return {
        from,
        to,
        totals,
        kept: {
          visits: outcomes.visits,
          stays: outcomes.stays,
          averageStayMinutes: outcomes.stays > 0 ? Math.round(outcomes.stayMs / outcomes.stays / MINUTE_MS) : null,
          due: outcomes.due,
          noShows: outcomes.noShows,
          noShowRate: outcomes.due > 0 ? Math.round((outcomes.noShows / outcomes.due) * 10_000) / 10_000 : null,
        },
        perDay: [...perDay].map(([day, counts]) => ({ day, ...counts })),
        perReason: [...perReason].map(([reason, counts]) => ({ reason, ...counts })).sort(byVisitsThen((row) => row.reason)),
        perLocation: [...perPlace]
          .map(([id, counts]) => ({ locationId: id, name: id === null ? null : (names.get(id)?.name ?? null), buildingName: id === null ? null : (names.get(id)?.buildingName ?? null), ...counts }))
          .sort(byVisitsThen((row) => `${row.buildingName ?? ''} ${row.name ?? ''}`)),
        peakHours,
        locations: places,
      };
    },
  };
}
