import {
  addDays,
  DESK_OVERVIEW_EXPORT,
  DESK_STATIONS_EXPORT,
  DESK_TODAY_MAX_BOOKINGS,
  fromZoned,
  localDateTime,
  toZoned,
  weekdayOf,
  type DeskFloor,
  type DeskOverview,
  type DeskPeriodQuery,
  type DeskRules,
  type DeskStations,
  type DeskToday,
  type DeskTodayState,
  type Lang,
  type LocalDate,
} from '@atrium/contract';
import type { Clock } from '../../platform/clock.js';
import { notFound } from '../../platform/errors.js';
import { writeXlsxSheets, type ExportCell } from '../../platform/spreadsheet/export.js';
import type { DeskLayoutView } from './desk-bookable.js';
import type { DeskBookingRepository } from './desk-booking.repository.js';
import { deskSlot } from './desk-booking.service.js';
import type { DeskMonitoringRepository, MonitoredBooking, MonitoredDesk } from './desk-monitoring.repository.js';
import type { DeskRepository } from './desk.repository.js';

export interface DeskMonitoringServiceDeps {
  monitoring: DeskMonitoringRepository;
  deskBookings: Pick<DeskBookingRepository, 'rules'>;
  desks: Pick<DeskRepository, 'listFloors'>;
  /** The company's floors' zones as the booking views read them. */
  layout(companyId: number): Promise<Pick<DeskLayoutView, 'zoneOf'>>;
  clock: Clock;
}

export type DeskMonitoringService = ReturnType<typeof createDeskMonitoringService>;

const HOUR_MS = 3_600_000;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** One day of a floor's period on its clock: where it starts, its weekday (1 Monday .. 7 Sunday) and the rules' working day. */
interface FloorDay {
  date: LocalDate;
  weekday: number;
  startAt: number;
  dayStartAt: number;
  dayEndAt: number;
  isWorking: boolean;
}

/** Sums that give utilisation and attendance. */
interface Figures {
  bookableMs: number;
  bookedMs: number;
  bookings: number;
  due: number;
  checkedIn: number;
  noShows: number;
}

const emptyFigures = (): Figures => ({ bookableMs: 0, bookedMs: 0, bookings: 0, due: 0, checkedIn: 0, noShows: 0 });
const ratio = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000);
const roundHours = (ms: number) => Math.round((ms / HOUR_MS) * 100) / 100;

/** The figures as the contract answers them: hours to two decimals, shares to four. */
function present(figures: Figures) {
  return {
    bookableHours: roundHours(figures.bookableMs),
    bookedHours: roundHours(figures.bookedMs),
    utilisation: ratio(figures.bookedMs, figures.bookableMs),
    bookings: figures.bookings,
    due: figures.due,
    checkedIn: figures.checkedIn,
    noShows: figures.noShows,
    checkInRate: ratio(figures.checkedIn, figures.due),
    noShowRate: ratio(figures.noShows, figures.due),
  };
}

/** The days `from` to `to` on a zone's clock, each with the rules' working day (Monday to Friday are working days). */
function floorDays(rules: DeskRules, from: LocalDate, to: LocalDate, zone: string): FloorDay[] {
  const days: FloorDay[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const weekday = ((weekdayOf(date) + 6) % 7) + 1;
    const bounds = deskSlot(rules, date, 'day', zone);
    days.push({ date, weekday, startAt: fromZoned(date, '00:00', zone), dayStartAt: bounds.startAt, dayEndAt: bounds.endAt, isWorking: weekday <= 5 });
  }
  return days;
}

/** The day of `days` (in order) an instant falls on; undefined before the first or after the last. */
function dayOf(days: readonly FloorDay[], endAt: number, at: number): FloorDay | undefined {
  if (days.length === 0 || at < days[0]!.startAt || at >= endAt) return undefined;
  let [low, high] = [0, days.length - 1];
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (days[middle]!.startAt <= at) low = middle;
    else high = middle - 1;
  }
  return days[low];
}

/**
 * Desk monitoring (decision 0019, "Monitoring"). Utilisation: desk-hours booked (bookings still holding
 * time, within the rules' working day) over desk-hours bookable (desks not out of use times the working
 * day, Monday to Friday, on each floor's clock). Check-in rate and no-show rate: bookings checked in and
 * bookings released for nobody checking in, each over the bookings due (not cancelled, started by now).
 */
export function createDeskMonitoringService({ monitoring, deskBookings, desks, layout, clock }: DeskMonitoringServiceDeps) {
  /** The floors with desks, and the one asked about (404 for one not among them). */
  async function floorsOf(companyId: number, floorId: number | undefined): Promise<DeskFloor[]> {
    const floors = (await desks.listFloors(companyId)).filter((floor) => floor.deskCount > 0);
    if (floorId !== undefined && !floors.some((floor) => floor.floorId === floorId)) throw notFound('deskFloorNotFound');
    return floors;
  }

  /** Each floor's zone (its building's, as everywhere; UTC when none). */
  async function zonesOf(companyId: number) {
    const view = await layout(companyId);
    return (floorId: number) => view.zoneOf(floorId) ?? 'UTC';
  }

  /**
   * The period's figures by desk and by weekday: each desk's floor's days, the period's bookings not
   * cancelled (one read over the span of every floor's days, each kept when it starts on one of its
   * floor's days), clipped to the working day for the hours.
   */
  async function period(companyId: number, query: DeskPeriodQuery) {
    const floors = await floorsOf(companyId, query.floorId);
    const [rules, zoneOf, list] = await Promise.all([deskBookings.rules(companyId), zonesOf(companyId), monitoring.listDesks(companyId, query.floorId)]);
    const zones = new Map(list.map((desk) => [desk.floorId, zoneOf(desk.floorId)]));
    const daysByFloor = new Map([...zones].map(([floorId, zone]) => [floorId, { days: floorDays(rules, query.from, query.to, zone), endAt: fromZoned(addDays(query.to, 1), '00:00', zone) }]));
    const spans = [...daysByFloor.values()];
    const from = Math.min(...spans.map((span) => span.days[0]?.startAt ?? Infinity));
    const to = Math.max(...spans.map((span) => span.endAt));
    const bookings = spans.length === 0 ? [] : await monitoring.listBookings(companyId, query.floorId, from, to, ['confirmed', 'released']);
    const now = clock.now();
    const byDesk = new Map(list.map((desk) => [desk.id, emptyFigures()]));
    const byWeekday = Array.from({ length: 7 }, () => ({ ...emptyFigures(), days: 0 }));
    const deskById = new Map(list.map((desk) => [desk.id, desk]));

    // Bookable hours: each desk in use on each working day of its floor, for the desk and for the weekday.
    for (const desk of list) {
      if (desk.mode === 'unavailable') continue;
      for (const day of daysByFloor.get(desk.floorId)!.days) {
        if (!day.isWorking) continue;
        byDesk.get(desk.id)!.bookableMs += day.dayEndAt - day.dayStartAt;
        byWeekday[day.weekday - 1]!.bookableMs += day.dayEndAt - day.dayStartAt;
      }
    }
    const anyFloorDays = spans[0]?.days ?? floorDays(rules, query.from, query.to, 'UTC');
    for (const day of anyFloorDays) byWeekday[day.weekday - 1]!.days++;

    for (const booking of bookings) {
      const desk = deskById.get(booking.deskId);
      if (!desk) continue;
      const { days, endAt } = daysByFloor.get(desk.floorId)!;
      const day = dayOf(days, endAt, booking.startAt);
      if (!day) continue;
      const figures = [byDesk.get(desk.id)!, byWeekday[day.weekday - 1]!];
      const isDue = booking.startAt <= now || booking.checkedInAt !== null;
      const booked = booking.status === 'confirmed' && day.isWorking && desk.mode !== 'unavailable' ? Math.max(0, Math.min(booking.endAt, day.dayEndAt) - Math.max(booking.startAt, day.dayStartAt)) : 0;
      for (const sums of figures) {
        sums.bookings++;
        sums.bookedMs += booked;
        if (isDue) sums.due++;
        if (isDue && booking.checkedInAt !== null) sums.checkedIn++;
        if (isDue && booking.status === 'released') sums.noShows++;
      }
    }
    return { floors, list, byDesk, byWeekday, zoneOf, workingDays: anyFloorDays.filter((day) => day.isWorking).length };
  }

  const add = (into: Figures, figures: Figures) => {
    for (const key of Object.keys(into) as Array<keyof Figures>) into[key] += figures[key];
  };

  async function overview(companyId: number, query: DeskPeriodQuery): Promise<DeskOverview> {
    const { floors, list, byDesk, byWeekday, workingDays } = await period(companyId, query);
    const totals = emptyFigures();
    const areas = new Map<number | null, { desk: MonitoredDesk; desks: number; figures: Figures }>();
    for (const desk of list) {
      if (desk.mode === 'unavailable') continue;
      const figures = byDesk.get(desk.id)!;
      add(totals, figures);
      const area = areas.get(desk.neighbourhoodId) ?? { desk, desks: 0, figures: emptyFigures() };
      area.desks++;
      add(area.figures, figures);
      areas.set(desk.neighbourhoodId, area);
    }
    const byNeighbourhood = [...areas.entries()]
      .sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : 0))
      .map(([neighbourhoodId, { desk, desks: count, figures }]) => ({
        neighbourhoodId,
        name: neighbourhoodId === null ? null : desk.neighbourhoodName,
        color: neighbourhoodId === null ? null : desk.neighbourhoodColor,
        floorName: neighbourhoodId === null ? null : desk.floorName,
        desks: count,
        ...present(figures),
      }));
    return {
      from: query.from,
      to: query.to,
      floors,
      desks: list.filter((desk) => desk.mode !== 'unavailable').length,
      workingDays,
      totals: present(totals),
      byNeighbourhood,
      byWeekday: byWeekday.map(({ days, ...figures }, index) => ({ weekday: index + 1, days, ...present(figures) })),
    };
  }

  async function stations(companyId: number, query: DeskPeriodQuery): Promise<DeskStations> {
    const [{ floors, list, byDesk, zoneOf }, lastUsed] = await Promise.all([period(companyId, query), monitoring.lastCheckIns(companyId, query.floorId, clock.now())]);
    return {
      from: query.from,
      to: query.to,
      floors,
      desks: list.map((desk) => ({
        deskId: desk.id,
        number: desk.number,
        mode: desk.mode,
        floorId: desk.floorId,
        floorName: desk.floorName,
        buildingName: desk.buildingName,
        neighbourhoodName: desk.neighbourhoodName,
        lastUsedAt: lastUsed.get(desk.id) ?? null,
        timeZone: zoneOf(desk.floorId),
        ...present(byDesk.get(desk.id)!),
      })),
    };
  }

  /** Figures as cells: hours and counts as numbers, shares as percentages to one decimal. */
  const percent = (value: number | null): ExportCell => (value === null ? null : Math.round(value * 1000) / 10);
  const figureCells = (row: ReturnType<typeof present>, desks: number): ExportCell[] => [
    desks,
    row.bookableHours,
    row.bookedHours,
    percent(row.utilisation),
    row.bookings,
    row.due,
    row.checkedIn,
    row.noShows,
    percent(row.checkInRate),
    percent(row.noShowRate),
  ];

  return {
    /**
     * Today at a glance on each floor's clock: desks bookable, booked, checked in and free now, bookings
     * released today and still to start, and today's bookings with their state.
     */
    async today(companyId: number, floorId: number | undefined): Promise<DeskToday> {
      const floors = await floorsOf(companyId, floorId);
      const [rules, zoneOf, list] = await Promise.all([deskBookings.rules(companyId), zonesOf(companyId), monitoring.listDesks(companyId, floorId)]);
      const now = clock.now();
      const windows = new Map(
        [...new Set(list.map((desk) => desk.floorId))].map((id) => {
          const zone = zoneOf(id);
          const date = toZoned(now, zone).date;
          return [id, { zone, date, from: fromZoned(date, '00:00', zone), to: fromZoned(addDays(date, 1), '00:00', zone) }];
        }),
      );
      const deskById = new Map(list.map((desk) => [desk.id, desk]));
      const spans = [...windows.values()];
      const rows =
        spans.length === 0
          ? []
          : await monitoring.listBookings(companyId, floorId, Math.min(...spans.map((span) => span.from)), Math.max(...spans.map((span) => span.to)), ['confirmed', 'released', 'cancelled']);
      const todays = rows.filter((row) => {
        const desk = deskById.get(row.deskId);
        const window = desk && windows.get(desk.floorId);
        return window !== undefined && row.startAt >= window.from && row.startAt < window.to;
      });
      // Bookable now: in use, and not kept out of use by a repair.
      const bookable = list.filter((desk) => desk.mode !== 'unavailable' && !desk.underRepair);
      const holding = new Map<number, MonitoredBooking>();
      for (const row of todays) if (row.status === 'confirmed' && row.startAt <= now && row.endAt > now) holding.set(row.deskId, row);
      const bookedNow = bookable.filter((desk) => holding.has(desk.id));
      const partOf = (row: MonitoredBooking, desk: MonitoredDesk) => {
        const { zone, date } = windows.get(desk.floorId)!;
        for (const part of ['day', 'am', 'pm'] as const) {
          const slot = deskSlot(rules, date, part, zone);
          if (slot.startAt === row.startAt && slot.endAt === row.endAt) return part;
        }
        return 'hours' as const;
      };
      const stateOf = (row: MonitoredBooking): DeskTodayState => (row.status === 'cancelled' ? 'cancelled' : row.status === 'released' ? 'released' : row.checkedInAt !== null ? 'checkedIn' : 'booked');
      return {
        floors,
        now,
        bookable: bookable.length,
        bookedNow: bookedNow.length,
        checkedInNow: bookedNow.filter((desk) => holding.get(desk.id)!.checkedInAt !== null).length,
        freeNow: bookable.length - bookedNow.length,
        releasedToday: todays.filter((row) => row.status === 'released').length,
        upcomingToday: todays.filter((row) => row.status === 'confirmed' && row.startAt > now).length,
        bookings: todays.slice(0, DESK_TODAY_MAX_BOOKINGS).map((row) => {
          const desk = deskById.get(row.deskId)!;
          return {
            id: row.id,
            deskId: desk.id,
            deskNumber: desk.number,
            floorId: desk.floorId,
            floorName: desk.floorName,
            buildingName: desk.buildingName,
            timeZone: windows.get(desk.floorId)!.zone,
            userName: row.userName,
            startAt: row.startAt,
            endAt: row.endAt,
            part: partOf(row, desk),
            state: stateOf(row),
            checkedInAt: row.checkedInAt,
          };
        }),
      };
    },

    overview,
    stations,

    /** The overview as an xlsx workbook: the totals, the neighbourhoods and the weekdays, each a sheet. */
    async exportOverview(companyId: number, query: DeskPeriodQuery, lang: Lang) {
      const answer = await overview(companyId, query);
      const texts = DESK_OVERVIEW_EXPORT[lang];
      const header = [texts.headers.label, ...texts.headers.figures];
      const data = await writeXlsxSheets([
        { name: texts.sheets.totals, header, rows: [[`${answer.from} - ${answer.to}`, ...figureCells(answer.totals, answer.desks)]] },
        {
          name: texts.sheets.neighbourhoods,
          header,
          rows: answer.byNeighbourhood.map((row) => [row.name === null ? texts.none : `${row.floorName} / ${row.name}`, ...figureCells(row, row.desks)]),
        },
        { name: texts.sheets.weekdays, header, rows: answer.byWeekday.map((row) => [texts.weekdays[row.weekday - 1]!, ...figureCells(row, answer.desks)]) },
      ]);
      return { filename: `desk-overview-${query.from}-${query.to}.xlsx`, contentType: XLSX, data };
    },

    /** Each desk's figures as an xlsx sheet named for the station numbers; the last use on the desk's floor's clock. */
    async exportStations(companyId: number, query: DeskPeriodQuery, lang: Lang) {
      const answer = await stations(companyId, query);
      const texts = DESK_STATIONS_EXPORT[lang];
      const rows: ExportCell[][] = answer.desks.map((desk) => [
        desk.number,
        desk.buildingName,
        desk.floorName,
        desk.neighbourhoodName,
        desk.bookings,
        desk.bookedHours,
        desk.bookableHours,
        percent(desk.utilisation),
        desk.checkedIn,
        desk.noShows,
        percent(desk.noShowRate),
        desk.lastUsedAt === null ? null : localDateTime(desk.lastUsedAt, desk.timeZone),
      ]);
      const data = await writeXlsxSheets([{ name: texts.sheet, header: texts.headers, rows }]);
      return { filename: `desk-stations-${query.from}-${query.to}.xlsx`, contentType: XLSX, data };
    },
  };
}
