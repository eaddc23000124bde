import { addDays, expandOccurrences, fromZoned, timeOfMinutes, toZoned, weekdayOf, type LocalDate, type RepeatRule } from '@atrium/contract';
import { MINUTE_MS } from '../../platform/clock.js';
import type { DemoRooms } from './demo-rooms.js';
import type { SeedContext } from './factories.js';

/**
 * A believable week of meetings for the demo company: the working days from three days ago to four
 * days ahead in each building's zone, rooms filled to between a third and two thirds of the day,
 * two repeating series, requests waiting for approval in rooms that need it, past meetings checked
 * in (and the odd no-show released) in rooms with sign-in, a few cancellations. The pattern comes
 * from a seeded generator, so every fresh install looks the same.
 */

type DemoRoom = DemoRooms['rooms'][number];

export interface DemoBookers {
  /** Colleagues who can sign in or are on single sign-on, by user name. */
  people: Map<string, number>;
  /** Users who decide approval requests. */
  approverIds: number[];
}

const LONDON_TITLES: Record<DemoRoom['type'], string[]> = {
  meeting: ['Sprint planning', 'Design review', 'Customer call: Northwind', 'Quarterly budget check', 'Hiring debrief', 'Roadmap sync', 'Release go/no-go', 'Incident review', 'Partner onboarding', 'Pricing workshop'],
  boardroom: ['Board preparation', 'Leadership team', 'Investor update', 'Quarterly business review'],
  focus: ['Focus time', 'Candidate phone screen', 'Vendor call', 'Deep work'],
  training: ['New starter induction', 'Security awareness training', 'Accessibility workshop', 'Product demo day'],
  zoom: ['Weekly sync with Shanghai', 'Customer demo: Contoso', 'All-hands rehearsal', 'Platform architecture review'],
};
const SHANGHAI_TITLES: Record<DemoRoom['type'], string[]> = {
  meeting: ['需求评审', '迭代计划会', '周报复盘', '客户拜访准备', '接口联调', '招聘面试', '产品走查', '质量周会'],
  boardroom: ['管理层例会', '季度经营分析会', '预算评审'],
  focus: ['专注时间', '电话面试', '供应商电话'],
  training: ['新员工培训', '信息安全培训', '技术分享会'],
  zoom: ['与伦敦团队周会', '客户演示', '跨时区项目同步'],
};
const PRIVATE_TITLES = ['1:1', 'Performance review', 'Interview'];
const OUTSIDE_GUESTS = ['anna.schmidt@northwind.example', 'li.ming@contoso.example', 'j.martin@fabrikam.example'];

/** Mulberry32: a small deterministic generator. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (probability: number) => next() < probability,
  };
}

interface Interval {
  startAt: number;
  endAt: number;
}

export async function seedDemoBookings(ctx: SeedContext, companyId: number, rooms: DemoRooms['rooms'], bookers: DemoBookers): Promise<number> {
  let random = generator(20261122);
  const hosts = [...bookers.people.values()];
  const personId = (userName: string) => bookers.people.get(userName) ?? hosts[0]!;
  const busy = new Map<number, Interval[]>();
  const isFree = (roomId: number, slot: Interval) => !(busy.get(roomId) ?? []).some((taken) => taken.startAt < slot.endAt && slot.startAt < taken.endAt);
  const hold = (roomId: number, slot: Interval) => busy.set(roomId, [...(busy.get(roomId) ?? []), slot]);
  let count = 0;

  const insert = async (
    room: DemoRoom,
    slot: Interval,
    values: { title: string; hostId: number; participants: number[]; guests?: string[]; privacy?: 'public' | 'busy' | 'private'; seriesId?: number; occurrenceDate?: LocalDate; remarks?: string; channel?: 'console' | 'display' | 'api' },
  ) => {
    const now = ctx.now;
    const past = slot.endAt <= now;
    const createdAt = Math.min(now, slot.startAt) - Math.floor(1 + random.next() * 6) * 24 * 60 * MINUTE_MS;
    let status: 'pending' | 'confirmed' | 'cancelled' | 'released' = 'confirmed';
    let extra: Record<string, unknown> = {};
    if (random.chance(0.04)) {
      status = 'cancelled';
      extra = { cancelled_at: createdAt + 60 * MINUTE_MS };
    } else if (room.needsApproval) {
      // Past and most future requests have been decided; the rest wait for an approver.
      const decided = past || random.chance(0.5);
      status = decided ? 'confirmed' : 'pending';
      extra = decided
        ? { decided_by: random.pick(bookers.approverIds), decided_at: createdAt + 3 * 60 * MINUTE_MS }
        : { approval_deadline_at: now + 24 * 60 * MINUTE_MS - Math.floor(random.next() * 20) * 60 * MINUTE_MS };
    }
    if (status === 'confirmed' && room.signInEnabled && slot.startAt <= now) {
      if (random.chance(0.85) || slot.startAt + room.signInAfterMinutes * MINUTE_MS > now) {
        if (slot.startAt + 2 * MINUTE_MS <= now) {
          extra = { ...extra, checked_in_at: slot.startAt + 2 * MINUTE_MS, check_in_channel: random.pick(['display', 'qr', 'console'] as const), checked_in_by: values.hostId };
        }
      } else {
        status = 'released';
        extra = { ...extra, no_show_at: slot.startAt + room.signInAfterMinutes * MINUTE_MS };
      }
    }
    const row = await ctx.db
      .insertInto('reservations')
      .values({
        company_id: companyId,
        resource_id: room.id,
        host_user_id: values.hostId,
        title: values.title,
        start_at: slot.startAt,
        end_at: slot.endAt,
        status,
        privacy: values.privacy ?? 'public',
        remarks: values.remarks ?? null,
        channel: values.channel ?? (random.chance(0.1) ? 'display' : 'console'),
        series_id: values.seriesId ?? null,
        occurrence_date: values.occurrenceDate ?? null,
        reminder_minutes: random.pick([5, 15, 15, 30]),
        created_at: createdAt,
        updated_at: createdAt,
        ...extra,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const attendees = [...new Set(values.participants.filter((id) => id !== values.hostId))];
    for (const userId of attendees) {
      await ctx.db.insertInto('reservation_participants').values({ company_id: companyId, reservation_id: row.id, user_id: userId, email: null }).execute();
    }
    for (const email of values.guests ?? []) {
      await ctx.db.insertInto('reservation_participants').values({ company_id: companyId, reservation_id: row.id, user_id: null, email }).execute();
    }
    if (status === 'pending' || status === 'confirmed') hold(room.id, slot);
    count += 1;
  };

  // Two series: the platform team's weekly sync in London and the daily stand-up in Shanghai.
  const series: Array<{ roomName: string; title: string; hostName: string; team: string[]; startTime: string; endTime: string; rule: RepeatRule; weeksBack: number }> = [
    { roomName: 'Kew', title: 'Platform weekly sync', hostName: 'priya.raman', team: ['marcus.okafor', 'noah.fischer', 'zhang.wei'], startTime: '10:00', endTime: '11:00', rule: { frequency: 'weekly' }, weeksBack: 3 },
    { roomName: 'Jing’an 静安', title: '每日站会', hostName: 'wang.fang', team: ['zhou.jie', 'lin.xiaoyu'], startTime: '09:30', endTime: '09:45', rule: { frequency: 'workday' }, weeksBack: 1 },
  ];
  for (const plan of series) {
    const room = rooms.find((candidate) => candidate.name === plan.roomName);
    if (!room) continue;
    const today = toZoned(ctx.now, room.timeZone).date;
    // Start on the same weekday a few weeks back (Monday for the weekly one).
    let firstDate = addDays(today, -7 * plan.weeksBack);
    while (weekdayOf(firstDate) !== 1) firstDate = addDays(firstDate, -1);
    const rule: RepeatRule = { ...plan.rule, until: addDays(firstDate, 7 * 12) };
    const hostId = personId(plan.hostName);
    const seriesRow = await ctx.db
      .insertInto('reservation_series')
      .values({ company_id: companyId, resource_id: room.id, host_user_id: hostId, rule: JSON.stringify(rule), first_date: firstDate, start_time: plan.startTime, end_time: plan.endTime, time_zone: room.timeZone, created_at: ctx.now - 30 * 24 * 60 * MINUTE_MS, updated_at: ctx.now - 30 * 24 * 60 * MINUTE_MS })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const occurrence of expandOccurrences({ firstDate, startTime: plan.startTime, endTime: plan.endTime, timeZone: room.timeZone, rule })) {
      await insert(room, occurrence, { title: plan.title, hostId, participants: plan.team.map(personId), seriesId: seriesRow.id, occurrenceDate: occurrence.date });
    }
  }

  // Everyday meetings on the working days around today, between 08:30 and 18:30 local time.
  for (const room of rooms) {
    if (!room.isAvailable) continue;
    const titles = room.timeZone === 'Asia/Shanghai' ? SHANGHAI_TITLES[room.type] : LONDON_TITLES[room.type];
    const today = toZoned(ctx.now, room.timeZone).date;
    for (let offset = -3; offset <= 4; offset += 1) {
      const date = addDays(today, offset);
      const weekday = weekdayOf(date);
      if (weekday === 0 || weekday === 6) continue;
      let minute = 8 * 60 + 30;
      while (minute < 18 * 60) {
        minute += random.pick([0, 15, 30, 30, 60, 90, 120]);
        const length = room.type === 'training' ? random.pick([90, 120, 180]) : room.type === 'focus' ? random.pick([30, 45, 60]) : random.pick([30, 30, 45, 60, 60, 90]);
        if (minute + length > 18 * 60 + 30) break;
        const slot = { startAt: fromZoned(date, timeOfMinutes(minute), room.timeZone), endAt: fromZoned(date, timeOfMinutes(minute + length), room.timeZone) };
        if (isFree(room.id, slot) && random.chance(0.7)) {
          const isPrivate = random.chance(0.08);
          const privacy = isPrivate ? 'private' : random.chance(0.12) ? 'busy' : 'public';
          const size = Math.max(0, Math.min(room.capacity - 1, Math.floor(random.next() * 5)));
          const participants = Array.from({ length: size }, () => random.pick(hosts));
          await insert(room, slot, {
            title: isPrivate ? random.pick(PRIVATE_TITLES) : random.pick(titles),
            hostId: random.pick(hosts),
            participants,
            guests: random.chance(0.15) ? [random.pick(OUTSIDE_GUESTS)] : [],
            privacy,
            ...(random.chance(0.2) ? { remarks: room.timeZone === 'Asia/Shanghai' ? '请提前 5 分钟到场' : 'Coffee and water, please' } : {}),
          });
        }
        minute += length;
      }
    }
  }

  // History for the reports: four more weeks of working days before the week above, a little
  // quieter, from its own generator so the week above stays as it was. The rooms date from before it.
  random = generator(20261125);
  await ctx.db.updateTable('rooms').set({ created_at: ctx.now - HISTORY_ROOM_AGE_DAYS * DAY_MS }).where('company_id', '=', companyId).execute();
  for (const room of rooms) {
    if (!room.isAvailable) continue;
    const titles = room.timeZone === 'Asia/Shanghai' ? SHANGHAI_TITLES[room.type] : LONDON_TITLES[room.type];
    const today = toZoned(ctx.now, room.timeZone).date;
    for (let offset = -HISTORY_DAYS; offset < -3; offset += 1) {
      const date = addDays(today, offset);
      const weekday = weekdayOf(date);
      if (weekday === 0 || weekday === 6) continue;
      // Busier mid-week, quieter on Fridays; the morning peak shows in the hours chart.
      let minute = 8 * 60 + random.pick([30, 60, 60, 90]);
      const busy = weekday === 5 ? 0.35 : weekday === 1 ? 0.5 : 0.6;
      while (minute < 18 * 60) {
        const length = room.type === 'training' ? random.pick([90, 120, 180, 240]) : room.type === 'focus' ? random.pick([30, 45, 60]) : random.pick([15, 30, 30, 45, 60, 60, 90, 120]);
        if (minute + length > 18 * 60 + 30) break;
        const slot = { startAt: fromZoned(date, timeOfMinutes(minute), room.timeZone), endAt: fromZoned(date, timeOfMinutes(minute + length), room.timeZone) };
        if (isFree(room.id, slot) && random.chance(minute < 12 * 60 ? busy + 0.15 : busy)) {
          await insert(room, slot, {
            title: random.pick(titles),
            hostId: random.pick(hosts),
            participants: Array.from({ length: Math.floor(random.next() * 3) }, () => random.pick(hosts)),
            privacy: random.chance(0.1) ? 'busy' : 'public',
            channel: random.chance(0.12) ? 'display' : random.chance(0.08) ? 'api' : 'console',
          });
        }
        minute += length + random.pick([0, 15, 30, 60, 90]);
      }
    }
  }
  return count;
}

/** Working days of history before the demo's week, for the reports' charts. */
const HISTORY_DAYS = 31;
/** The demo rooms date from this many days back, so the history's hours count as available. */
const HISTORY_ROOM_AGE_DAYS = 120;
const DAY_MS = 24 * 60 * MINUTE_MS;
