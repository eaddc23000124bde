import { randomInt } from 'node:crypto';
import { addDays, DOOR_DISPLAY_LIMITS, fromZoned, toZoned } from '@atrium/contract';
import { MINUTE_MS } from '../../platform/clock.js';
import { hashSessionToken, newSessionToken } from '../../platform/session-token.js';
import { nameKey } from '../name-key.js';
import type { SeedContext } from './factories.js';

/**
 * A believable week of visitors for the demo company (issue 20): the visit reasons a company keeps,
 * and visits from three days ago to four days ahead at the London reception and the Shanghai 8th
 * floor, in each building's zone: past ones checked in and out (one no-show, one cancelled), today's
 * checked in or on their way, coming ones confirmed or not yet answered, a VIP and a group; and
 * walk-ins who registered at the kiosk: one approved and come, one rejected, one waiting for the
 * administrator's approval now; and the receptions' visit rules for walk-ins.
 */

const REASONS = ['Interview', 'Client meeting', 'Partner visit', 'Delivery', 'Contractor work', 'Audit'] as const;
type Reason = (typeof REASONS)[number];

interface DemoVisit {
  day: number;
  /** Local start time and length in minutes. */
  at: string;
  minutes: number;
  place: 'london' | 'shanghai';
  host: string;
  reason: Reason;
  visitor: { name: string; email?: string; phone?: string; company?: string; isVip?: boolean };
  companions?: { name: string; email?: string; phone?: string }[];
  type?: 'individual' | 'group' | 'temporary';
  /** What happened, for past and today's visits. */
  outcome?: 'came' | 'here' | 'noShow' | 'cancelled' | 'confirmed';
  /** A walk-in who registered themselves: their application's state (a pending one arrived minutes ago, whatever `at` says). */
  walkIn?: { state: 'pending' | 'approved' | 'rejected'; reason?: string };
}

const VISITS: DemoVisit[] = [
  { day: -3, at: '10:00', minutes: 60, place: 'london', host: 'marcus.okafor', reason: 'Interview', visitor: { name: 'Olivia Bennett', email: 'olivia.bennett@mail.example' }, outcome: 'came' },
  { day: -3, at: '14:30', minutes: 90, place: 'london', host: 'liang.chen', reason: 'Client meeting', visitor: { name: 'Anna Schmidt', email: 'anna.schmidt@northwind.example', company: 'Northwind Traders' }, outcome: 'came' },
  { day: -2, at: '09:30', minutes: 240, place: 'london', host: 'daniel.hughes', reason: 'Contractor work', type: 'temporary', visitor: { name: 'Kevin Doyle', phone: '+44 7700 900123', company: 'Brightline Electrical' }, outcome: 'came' },
  { day: -2, at: '11:00', minutes: 60, place: 'shanghai', host: 'admin', reason: 'Partner visit', visitor: { name: '王磊', phone: '+86 138 0013 8000', company: '蓝海科技' }, outcome: 'came' },
  { day: -1, at: '15:00', minutes: 60, place: 'london', host: 'priya.raman', reason: 'Interview', visitor: { name: 'Samuel Price', email: 'sam.price@mail.example' }, outcome: 'noShow' },
  { day: -1, at: '10:00', minutes: 120, place: 'london', host: 'sophie.martin', reason: 'Client meeting', visitor: { name: 'Julien Martin', email: 'j.martin@fabrikam.example', company: 'Fabrikam' }, outcome: 'cancelled' },
  { day: 0, at: '09:00', minutes: 480, place: 'london', host: 'eleanor.whitfield', reason: 'Audit', type: 'group', visitor: { name: 'Rachel Green', email: 'rachel.green@audit.example', company: 'Green & Partners LLP' }, companions: [{ name: 'Tom Avery', email: 'tom.avery@audit.example' }, { name: 'Nadia Khan', email: 'nadia.khan@audit.example' }], outcome: 'here' },
  { day: 0, at: '13:00', minutes: 30, place: 'london', host: 'daniel.hughes', reason: 'Delivery', type: 'temporary', visitor: { name: 'Parcelway courier', phone: '+44 7700 900456', company: 'Parcelway' }, outcome: 'came' },
  { day: 0, at: '16:00', minutes: 60, place: 'london', host: 'hannah.cole', reason: 'Interview', visitor: { name: 'Maya Lindqvist', email: 'maya.lindqvist@mail.example' }, outcome: 'confirmed' },
  { day: 0, at: '14:00', minutes: 90, place: 'shanghai', host: 'admin', reason: 'Client meeting', visitor: { name: '李明', email: 'li.ming@contoso.example', company: 'Contoso 中国', isVip: true }, outcome: 'confirmed' },
  { day: 1, at: '10:30', minutes: 60, place: 'london', host: 'marcus.okafor', reason: 'Interview', visitor: { name: 'Ethan Brooks', email: 'ethan.brooks@mail.example' }, outcome: 'confirmed' },
  { day: 1, at: '14:00', minutes: 120, place: 'london', host: 'admin', reason: 'Partner visit', visitor: { name: 'Isabel Ortiz', email: 'isabel.ortiz@adventure-works.example', company: 'Adventure Works', isVip: true } },
  { day: 2, at: '09:00', minutes: 300, place: 'london', host: 'daniel.hughes', reason: 'Contractor work', type: 'temporary', visitor: { name: 'Gareth Lewis', phone: '+44 7700 900789', company: 'CoolAir HVAC' } },
  { day: 2, at: '10:00', minutes: 90, place: 'shanghai', host: 'admin', reason: 'Partner visit', type: 'group', visitor: { name: '张伟', email: 'zhang.wei@huaxin.example', company: '华信咨询' }, companions: [{ name: '刘洋', phone: '+86 139 0013 9000' }] },
  { day: 3, at: '11:00', minutes: 60, place: 'london', host: 'jack.thornton', reason: 'Client meeting', visitor: { name: 'Chloe Turner', email: 'chloe.turner@tailspin.example', company: 'Tailspin Toys' } },
  { day: 4, at: '15:00', minutes: 60, place: 'london', host: 'tomasz.nowak', reason: 'Interview', visitor: { name: 'Aisha Rahman', email: 'aisha.rahman@mail.example' } },
  { day: -1, at: '11:15', minutes: 60, place: 'london', host: 'daniel.hughes', reason: 'Delivery', type: 'temporary', visitor: { name: 'Ben Carter', phone: '+44 7700 900321', company: 'Swift Couriers' }, outcome: 'came', walkIn: { state: 'approved' } },
  { day: -2, at: '16:40', minutes: 60, place: 'london', host: 'sophie.martin', reason: 'Partner visit', type: 'temporary', visitor: { name: 'Leo Fischer', email: 'leo.fischer@mail.example' }, outcome: 'cancelled', walkIn: { state: 'rejected', reason: 'I am not in today; please book a visit with me first.' } },
  { day: 0, at: '00:00', minutes: 120, place: 'london', host: 'admin', reason: 'Partner visit', type: 'temporary', visitor: { name: 'Grace Liu', email: 'grace.liu@litware.example', company: 'Litware' }, walkIn: { state: 'pending' } },
];

const ZONES = { london: 'Europe/London', shanghai: 'Asia/Shanghai' } as const;

/**
 * What can have happened by `now` (the seed runs at any hour): nobody checks in before arriving or
 * out before the visit's end, and a no-show is only one once the visit is over.
 */
function outcomeAt(outcome: DemoVisit['outcome'], visitAt: number, endAt: number, now: number): DemoVisit['outcome'] {
  if (outcome === 'came' || outcome === 'here') {
    if (visitAt - 5 * MINUTE_MS > now) return 'confirmed';
    return outcome === 'came' && endAt <= now ? 'came' : 'here';
  }
  if (outcome === 'noShow') return 'confirmed';
  return outcome;
}

export async function seedDemoVisits(ctx: SeedContext, companyId: number, { hosts, places }: { hosts: Map<string, number>; places: { london: number; shanghai: number } }) {
  const reasonIds = new Map<Reason, number>();
  for (const name of REASONS) {
    const { id } = await ctx.db.insertInto('visit_reasons').values({ company_id: companyId, name, name_key: nameKey(name), created_at: ctx.now }).returning('id').executeTakeFirstOrThrow();
    reasonIds.set(name, id);
  }
  const adminId = hosts.get('admin')!;
  for (const visit of VISITS) {
    const zone = ZONES[visit.place];
    const today = toZoned(ctx.now, zone).date;
    const walkIn = visit.walkIn;
    const visitAt = walkIn?.state === 'pending' ? ctx.now - 4 * MINUTE_MS : fromZoned(addDays(today, visit.day), visit.at, zone);
    const expectedEndAt = visitAt + visit.minutes * MINUTE_MS;
    // A walk-in registers as they arrive (a decided one some minutes before its visit time, so its check-in follows the decision); an invitation went out two days before.
    const invitedAt = walkIn ? (walkIn.state === 'pending' ? visitAt : visitAt - 10 * MINUTE_MS) : Math.min(ctx.now, visitAt) - 2 * 24 * 60 * MINUTE_MS;
    const outcome = outcomeAt(visit.outcome, visitAt, expectedEndAt, ctx.now);
    const came = outcome === 'came' || outcome === 'here';
    const hostId = hosts.get(visit.host) ?? adminId;
    const { id } = await ctx.db
      .insertInto('visits')
      .values({
        company_id: companyId,
        location_id: places[visit.place],
        host_id: hostId,
        inviter_id: walkIn ? null : hostId,
        reason_id: reasonIds.get(visit.reason)!,
        reason: visit.reason,
        visitor_type: visit.type ?? (visit.companions ? 'group' : 'individual'),
        method: walkIn ? 'selfRegistration' : 'manual',
        is_vip: visit.visitor.isVip ? 1 : 0,
        visitor_name: visit.visitor.name,
        email: visit.visitor.email ?? null,
        phone: visit.visitor.phone ?? null,
        visitor_company: visit.visitor.company ?? null,
        note: null,
        visit_at: visitAt,
        expected_end_at: expectedEndAt,
        responded_at: walkIn ? invitedAt : outcome && outcome !== 'cancelled' ? invitedAt + 3 * 60 * MINUTE_MS : null,
        // Arrived a few minutes early; left on time unless still here.
        checked_in_at: came ? visitAt - 5 * MINUTE_MS : null,
        checked_out_at: outcome === 'came' ? expectedEndAt : null,
        cancelled_at: outcome === 'cancelled' ? (walkIn ? invitedAt + 3 * MINUTE_MS : Math.min(ctx.now, visitAt - 20 * 60 * MINUTE_MS)) : null,
        cancelled_by: outcome === 'cancelled' ? hostId : null,
        approval: walkIn?.state ?? null,
        approval_reason: walkIn?.reason ?? null,
        approved_by: walkIn && walkIn.state !== 'pending' ? hostId : null,
        // The host decided a few minutes after the walk-in registered.
        approved_at: walkIn && walkIn.state !== 'pending' ? invitedAt + 3 * MINUTE_MS : null,
        created_at: invitedAt,
        updated_at: invitedAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [position, companion] of (visit.companions ?? []).entries()) {
      await ctx.db.insertInto('visit_companions').values({ visit_id: id, position, name: companion.name, email: companion.email ?? null, phone: companion.phone ?? null }).execute();
    }
  }  // Visit rules: London takes no walk-in interviews (candidates are invited); Shanghai signs couriers in without their host's approval.
  const rule = (locationId: number, reason: Reason, walkIns: boolean, approval: boolean) => {
    const reasonId = reasonIds.get(reason)!;
    return ctx.db
      .insertInto('visit_rules')
      .values({ company_id: companyId, location_id: locationId, reason_id: reasonId, reason_key: reasonId, walk_ins: walkIns ? 1 : 0, approval: approval ? 1 : 0, updated_by: adminId, created_at: ctx.now, updated_at: ctx.now })
      .execute();
  };
  await rule(places.london, 'Interview', false, true);
  await rule(places.shanghai, 'Delivery', true, false);
  // London's contractors sign the site's agreement, give a photo for their badge and answer the safety questions before check-in.
  const contractors = reasonIds.get('Contractor work')!;
  await ctx.db
    .insertInto('visit_rules')
    .values({ company_id: companyId, location_id: places.london, reason_id: contractors, reason_key: contractors, walk_ins: 1, approval: 1, nda_text: CONTRACTOR_NDA, photo: 1, questions: JSON.stringify(CONTRACTOR_QUESTIONS), updated_by: adminId, created_at: ctx.now, updated_at: ctx.now })
    .execute();
}

const CONTRACTOR_NDA = [
  'While working at our premises you may see or hear information that is not public: designs, customer names, plans and the layout of our systems.',
  'You agree to keep it confidential, to use it only for the work you were asked to do, and not to photograph screens, documents or whiteboards.',
  'These duties continue after your visit. Please tell your host or reception at once if you believe confidential information has been disclosed.',
].join('\n\n');

const CONTRACTOR_QUESTIONS = [
  { text: 'Have you read the site safety rules sent with your invitation?', admitWhen: 'yes' },
  { text: 'Will you do hot work today (welding, cutting, grinding)?', admitWhen: 'no' },
];

/**
 * The receptions' devices: at London's ground floor a kiosk waiting for its code (typed at
 * /visitor-kiosk, shown on /guider-location), a Brother QL label printer it prints to, and a door
 * controller; at Shanghai's 8th floor a kiosk last heard from a few hours ago.
 */
export async function seedDemoReceptionDevices(ctx: SeedContext, companyId: number, places: { london: number; shanghai: number }) {
  const device = (values: { location_id: number; kind: 'pad' | 'printer' | 'door'; name: string; serial: string } & Record<string, unknown>) =>
    ctx.db
      .insertInto('visitor_devices')
      .values({ company_id: companyId, created_at: ctx.now, updated_at: ctx.now, ...values })
      .returning('id')
      .executeTakeFirstOrThrow();
  const { id: printerId } = await device({ location_id: places.london, kind: 'printer', name: 'Reception label printer', serial: 'QL820-D4F1', stock: 'ql62x100' });
  const length = DOOR_DISPLAY_LIMITS.activationCodeLength;
  await device({ location_id: places.london, kind: 'pad', name: 'Reception kiosk', serial: 'KSK-LON-01', printer_id: printerId, activation_code: String(randomInt(0, 10 ** length)).padStart(length, '0') });
  await device({ location_id: places.london, kind: 'door', name: 'Main entrance', serial: 'DC-LON-ENT' });
  const seen = ctx.now - 3 * 60 * MINUTE_MS;
  await device({
    location_id: places.shanghai,
    kind: 'pad',
    name: '8F reception kiosk',
    serial: 'KSK-SHA-08',
    activated_at: seen - 14 * 24 * 60 * MINUTE_MS,
    last_seen_at: seen,
    platform: 'ipados',
    app_version: '1.0.0',
    battery: 64,
    network: 'wifi',
    ip: '10.8.0.21',
    mac: '3C:22:FB:10:8A:41',
    // The token is thrown away: a real kiosk would activate with its own code.
    token_hash: hashSessionToken(newSessionToken()),
  });
}
