import { createHash, randomUUID } from 'node:crypto';
import type { Visit } from '@atrium/contract';
import { HOUR_MS, type Clock } from '../../platform/clock.js';
import type { MqttPublisher } from '../../platform/mqtt.js';
import type { Outbox } from '../../platform/outbox.js';
import type { VisitorRepository } from './visitor.repository.js';
import { VISIT_ARRIVED, VISIT_LEFT, type Arrival } from './visitor-arrivals.js';

/**
 * The spec's access unlock threshold (spec 001 section 9: 1 hour): a visitor checked in earlier than
 * this before their visit time is let through the doors from then on, not from the check-in.
 */
export const DOOR_UNLOCK_THRESHOLD_MS = HOUR_MS;

/** A time-boxed permission to pass the doors of a location, as an access system receives it. */
export interface DoorGrant {
  /** Stable per visit: controllers drop a grant id they already have (delivery is at least once). */
  grantId: string;
  companyId: number;
  visitId: number;
  locationId: number | null;
  visitorName: string;
  validFrom: number;
  validUntil: number;
  /**
   * SHA-256 (hex) of the code on the visitor's pass: a reader hashes what it scans and compares, so
   * the pass itself never travels to the doors.
   */
  credential: string;
}

export interface DoorRevocation {
  grantId: string;
  companyId: number;
  visitId: number;
  locationId: number | null;
}

/**
 * Where grants go: an access control system. The MQTT adapter below is built; OSDP panels and the
 * vendors' clouds (HID Origo, Genetec, LenelS2, Brivo) would be further adapters of this interface,
 * and are not built (decision 0018, "Door access").
 */
export interface DoorAccessAdapter {
  grant(grant: DoorGrant): Promise<void>;
  revoke(revocation: DoorRevocation): Promise<void>;
}

/** The topic a place's door controllers listen on for grants or revocations. */
export const doorGrantTopic = (prefix: string, companyId: number, locationId: number | null, what: 'grant' | 'revoke') => `${prefix}/${companyId}/access/${locationId ?? 'any'}/${what}`;

/**
 * Grants and revocations published with QoS 1 to `<prefix>/<company id>/access/<location id>/grant`
 * and `.../revoke` (`any` for a visit without a location), JSON bodies carrying the grant id.
 */
export function mqttDoorAccess(publisher: MqttPublisher, prefix: string): DoorAccessAdapter {
  const topic = (companyId: number, locationId: number | null, what: 'grant' | 'revoke') => doorGrantTopic(prefix, companyId, locationId, what);
  return {
    grant: (grant) => publisher.publish(topic(grant.companyId, grant.locationId, 'grant'), grant),
    revoke: (revocation) => publisher.publish(topic(revocation.companyId, revocation.locationId, 'revoke'), revocation),
  };
}

export interface VisitorDoorAccessDeps {
  visitors: VisitorRepository;
  adapter: DoorAccessAdapter;
  outbox: Pick<Outbox, 'on'>;
  clock: Clock;
  /** The code on the visitor's pass (its signed token), hashed into the grant's credential. */
  passCodeOf: (companyId: number, visit: Visit) => Promise<string>;
}

const GRANT_BATCH = 100;

/**
 * Door access for visitors (decision 0018, "Door access"): a check-in's outbox row issues the visit's
 * grant (from the check-in, or from the unlock threshold before the visit time if that is later, to the
 * visit's expected end); a check-out's row revokes it; a job revokes grants that ran out or whose
 * visitor left while the grant was on its way. Nothing is granted to a visit no longer checked in
 * (checked out, cancelled) or past its end, and a visit the watchlist refuses is never checked in.
 */
export function createVisitorDoorAccess({ visitors, adapter, outbox, clock, passCodeOf }: VisitorDoorAccessDeps) {
  async function revoke(grant: { id: number; grant_id: string; company_id: number; visit_id: number; location_id: number | null }): Promise<void> {
    // The adapter first: a revocation the access system never took is tried again, not marked done.
    await adapter.revoke({ grantId: grant.grant_id, companyId: grant.company_id, visitId: grant.visit_id, locationId: grant.location_id });
    await visitors.markRevoked(grant.id, clock.now());
  }

  outbox.on(VISIT_ARRIVED, 'doorGrant', async (payload, event) => {
    const now = clock.now();
    const visit = await visitors.find({ companyId: event.companyId, all: true }, (payload as Arrival).visitId, now);
    if (!visit || visit.status !== 'checkedIn' || visit.checkedInAt === null || visit.expectedEndAt <= now) return;
    const grant = await visitors.issueGrant(
      {
        companyId: event.companyId,
        visitId: visit.id,
        locationId: visit.location?.id ?? null,
        grantId: randomUUID(),
        validFrom: Math.max(visit.checkedInAt, visit.visitAt - DOOR_UNLOCK_THRESHOLD_MS),
        validUntil: visit.expectedEndAt,
      },
      now,
    );
    if (grant.revoked_at !== null) return;
    const credential = createHash('sha256').update(await passCodeOf(event.companyId, visit)).digest('hex');
    await adapter.grant({
      grantId: grant.grant_id,
      companyId: event.companyId,
      visitId: visit.id,
      locationId: grant.location_id,
      visitorName: visit.visitorName,
      validFrom: Number(grant.valid_from),
      validUntil: Number(grant.valid_until),
      credential,
    });
  });

  outbox.on(VISIT_LEFT, 'doorRevoke', async (payload, event) => {
    const grant = await visitors.grantOf(event.companyId, (payload as Arrival).visitId);
    if (grant && grant.revoked_at === null) await revoke(grant);
  });

  return {
    /** The job: revokes grants that ran out or whose visitor left; answers how many. */
    async revokeOverdue(): Promise<number> {
      const overdue = await visitors.overdueGrants(clock.now(), GRANT_BATCH);
      for (const grant of overdue) await revoke(grant);
      return overdue.length;
    },
  };
}
