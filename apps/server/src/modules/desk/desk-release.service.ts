import { addDays, fromZoned, hasPermission, toZoned, type Permission, type ReleasableDesk, type SaveDeskReleaseBody } from '@atrium/contract';
import type { Kysely } from 'kysely';
import { withKeyLocks } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import { noPermission, notFound, refused } from '../../platform/errors.js';
import { createBookingRepository } from '../booking/engine/booking.repository.js';
import type { BookingDesks } from './desk-bookable.js';
import { createDeskReleaseRepository, type DeskReleaseRepository, type DeskReleaseRow, type ReleasableDeskRow } from './desk-release.repository.js';

export interface DeskReleaseServiceDeps {
  db: Kysely<DB>;
  releases: DeskReleaseRepository;
  bookingDesks: BookingDesks;
  clock: Clock;
}

export type DeskReleaseService = ReturnType<typeof createDeskReleaseService>;

/** Who asks: the owner of the desk, or a desk settings editor (`roomsLocations:edit`) on the owner's behalf. */
export interface ReleaseCaller {
  companyId: number;
  userId: number;
  permissions: ReadonlySet<Permission>;
}

/** What a take-back kept released: the days someone else booked, with who. */
export interface TakeBackResult {
  desk: ReleasableDesk;
  keptDays: Array<{ date: string; userName: string | null }>;
}

/** Runs of consecutive days (sorted, distinct) as [first, last] pairs. */
function runsOf(days: string[]): Array<[string, string]> {
  const runs: Array<[string, string]> = [];
  for (const day of days) {
    const last = runs.at(-1);
    if (last && addDays(last[1], 1) === day) last[1] = day;
    else runs.push([day, day]);
  }
  return runs;
}

/**
 * Assigned desks on their owner's away days (decision 0019): the owner of a desk assigned to them as a
 * person releases it for days; on those days the booking path (`desk-booking.service.ts`) lets whoever
 * may book in its neighbourhood book it. Taking a release back keeps the days someone else has booked
 * (and those past) released. A department's desk is shared by its members already and is not released.
 * Writes hold the desk's booking lock, so a release taken back and a booking of one of its days are
 * judged one after the other.
 */
export function createDeskReleaseService({ db, releases, bookingDesks, clock }: DeskReleaseServiceDeps) {
  const zoneOf = async (companyId: number, floorId: number) => (await bookingDesks.current(companyId)).zoneOf(floorId) ?? 'UTC';

  /** The desk if the caller may release it: its owner, or a desk settings editor. */
  async function releasableDesk(caller: ReleaseCaller, deskId: number): Promise<ReleasableDeskRow> {
    const desk = await releases.findAssignedDesk(caller.companyId, deskId);
    if (!desk) {
      if (!(await bookingDesks.load(caller.companyId, deskId)).bookable) throw notFound('deskNotFound');
      throw refused('deskReleaseNotAssigned');
    }
    const isEditor = hasPermission(caller.permissions, 'roomsLocations:edit');
    if (desk.assignedUserId !== caller.userId && !isEditor) throw noPermission();
    if (desk.assignedUserId === null) throw refused('deskReleaseNotAssigned');
    return desk;
  }

  /** The days of `release` someone other than the owner has booked (holding time, not ended), each with the first booker. */
  async function bookedDays(repo: DeskReleaseRepository, companyId: number, desk: ReleasableDeskRow, release: Pick<DeskReleaseRow, 'firstDay' | 'lastDay'>, zone: string, now: number) {
    const from = fromZoned(release.firstDay, '00:00', zone);
    const to = fromZoned(addDays(release.lastDay, 1), '00:00', zone);
    const byDay = new Map<string, string | null>();
    for (const booking of await repo.bookingsByOthers(companyId, desk.deskId, desk.assignedUserId ?? 0, from, to, now)) {
      const date = toZoned(booking.startAt, zone).date;
      if (!byDay.has(date)) byDay.set(date, booking.userName);
    }
    return [...byDay].map(([date, userName]) => ({ date, userName }));
  }

  /** The desks with their releases not ended, each release with the days others booked. */
  async function present(companyId: number, desks: ReleasableDeskRow[]): Promise<ReleasableDesk[]> {
    const now = clock.now();
    const layout = await bookingDesks.current(companyId);
    const zones = new Map(desks.map((desk) => [desk.deskId, layout.zoneOf(desk.floorId) ?? 'UTC']));
    // The earliest "today" of the desks' zones: a release ending then may still hold for one of them.
    const earliest = [...zones.values()].map((zone) => toZoned(now, zone).date).sort()[0];
    const rows = earliest === undefined ? [] : await releases.listReleases(companyId, desks.map((desk) => desk.deskId), earliest);
    return Promise.all(
      desks.map(async (desk) => {
        const zone = zones.get(desk.deskId)!;
        const today = toZoned(now, zone).date;
        const own = rows.filter((row) => row.deskId === desk.deskId && row.lastDay >= today);
        return {
          deskId: desk.deskId,
          deskNumber: desk.deskNumber,
          floorId: desk.floorId,
          floorName: desk.floorName,
          buildingName: desk.buildingName,
          timeZone: zone,
          today,
          releases: await Promise.all(
            own.map(async (row) => ({ id: row.id, firstDay: row.firstDay, lastDay: row.lastDay, createdAt: row.createdAt, bookedDays: await bookedDays(releases, companyId, desk, row, zone, now) })),
          ),
        };
      }),
    );
  }

  /** Runs `fn` in a write transaction holding the desk's booking lock (the book path takes it too). */
  const underDeskLock = <T>(deskId: number, fn: (repo: DeskReleaseRepository, trx: Kysely<DB>) => Promise<T>) =>
    withKeyLocks(db, [], async (trx) => {
      await createBookingRepository(trx).lockResource(deskId);
      return fn(createDeskReleaseRepository(trx), trx);
    });

  return {
    /** Without `deskId`: the caller's own assigned desks (as a person); with it: that desk, for its owner or an editor. */
    async list(caller: ReleaseCaller, deskId?: number): Promise<ReleasableDesk[]> {
      const desks = deskId === undefined ? await releases.listOwnedDesks(caller.companyId, caller.userId) : [await releasableDesk(caller, deskId)];
      return present(caller.companyId, desks);
    },

    /** Releases the desk from the first to the last day (merged with releases it overlaps or touches). Days past are refused. */
    async release(caller: ReleaseCaller, body: SaveDeskReleaseBody): Promise<ReleasableDesk> {
      const desk = await releasableDesk(caller, body.deskId);
      const zone = await zoneOf(caller.companyId, desk.floorId);
      const today = toZoned(clock.now(), zone).date;
      if (body.firstDay < today) throw refused('deskReleasePast');
      await underDeskLock(desk.deskId, async (repo) => {
        const touching = await repo.listTouching(caller.companyId, desk.deskId, addDays(body.firstDay, -1), addDays(body.lastDay, 1));
        const firstDay = [body.firstDay, ...touching.map((row) => row.firstDay)].sort()[0]!;
        const lastDay = [body.lastDay, ...touching.map((row) => row.lastDay)].sort().at(-1)!;
        await repo.delete(caller.companyId, touching.map((row) => row.id));
        await repo.insert({ companyId: caller.companyId, deskId: desk.deskId, userId: caller.userId, firstDay, lastDay, now: clock.now() });
      });
      return (await present(caller.companyId, [desk]))[0]!;
    },

    /**
     * Takes a release back: its days from today on that nobody else has booked are the owner's again; the
     * days someone else booked stay released (answered, with who), and so do those past (history).
     */
    async takeBack(caller: ReleaseCaller, id: number): Promise<TakeBackResult> {
      const found = await releases.findRelease(caller.companyId, id);
      if (!found) throw notFound('deskReleaseNotFound');
      const desk = await releasableDesk(caller, found.deskId);
      const zone = await zoneOf(caller.companyId, desk.floorId);
      const keptDays = await underDeskLock(desk.deskId, async (repo) => {
        const now = clock.now();
        const release = await repo.findRelease(caller.companyId, id);
        if (!release) throw notFound('deskReleaseNotFound');
        const today = toZoned(now, zone).date;
        const booked = await bookedDays(repo, caller.companyId, desk, { firstDay: release.firstDay > today ? release.firstDay : today, lastDay: release.lastDay }, zone, now);
        const kept: Array<[string, string]> = release.firstDay < today ? [[release.firstDay, addDays(today, -1)]] : [];
        kept.push(...runsOf(booked.map((day) => day.date).filter((day) => day >= today && day <= release.lastDay)));
        await repo.delete(caller.companyId, [release.id]);
        for (const [firstDay, lastDay] of kept) await repo.insert({ companyId: caller.companyId, deskId: desk.deskId, userId: caller.userId, firstDay, lastDay, now });
        return booked;
      });
      return { desk: (await present(caller.companyId, [desk]))[0]!, keptDays };
    },
  };
}
