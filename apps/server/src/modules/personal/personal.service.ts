import type { OwnProfile, OwnSession, UpdateProfileValues } from '@atrium/contract';
import { fullNameOf } from '@atrium/contract';
import type { AuthContext } from '../../platform/access.js';
import type { Clock } from '../../platform/clock.js';
import { notFound, refused, sessionInvalid } from '../../platform/errors.js';
import type { SessionRepository } from '../session/session.repository.js';
import type { Actor, OperationLog } from '../operation-log/operation-log.service.js';
import type { UploadService } from '../upload/upload.service.js';
import type { PersonalRepository } from './personal.repository.js';

export interface PersonalServiceDeps {
  personal: PersonalRepository;
  sessions: SessionRepository;
  clock: Clock;
  operationLog: OperationLog;
  uploads: Pick<UploadService, 'isOwnImage'>;
  /** Sessions unused this long are over (the session service's idle timeout). */
  idleMs: number;
}

export type PersonalService = ReturnType<typeof createPersonalService>;

/** /personal: one's own profile and sessions; always allowed to a signed-in user. */
export function createPersonalService({ personal, sessions, clock, operationLog, uploads, idleMs }: PersonalServiceDeps) {
  async function getProfile(auth: Pick<AuthContext, 'companyId' | 'userId'>): Promise<OwnProfile> {
    const row = await personal.findOwnProfile(auth.companyId, auth.userId);
    if (!row) throw sessionInvalid();
    return {
      id: row.id,
      userName: row.user_name,
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      fullName: row.full_name,
      phone: row.phone,
      gender: row.gender,
      avatar: row.avatar,
      timeZone: row.time_zone,
    };
  }

  return {
    getProfile,

    /** Changes one's own names, phone, gender, avatar and time zone; the user name and e-mail never change. */
    async updateProfile(actor: Actor, values: UpdateProfileValues): Promise<OwnProfile> {
      const fullName = fullNameOf(values.firstName, values.lastName);
      await operationLog.track(
        actor,
        { action: 'personal.updateProfile', targetType: 'user', targetId: actor.userId, targetName: fullName, detail: { ...values } },
        async () => {
          // The avatar kept as it is needs no check; a new one must be a file this company uploaded.
          const before = await getProfile(actor);
          if (values.avatar !== null && values.avatar !== before.avatar && !(await uploads.isOwnImage(actor.companyId, values.avatar))) throw notFound();
          await personal.updateOwnProfile(actor.companyId, actor.userId, { ...values, fullName }, clock.now());
        },
      );
      return getProfile(actor);
    },

    async listSessions(auth: AuthContext): Promise<OwnSession[]> {
      const now = clock.now();
      const rows = await personal.listLiveSessions(auth.companyId, auth.userId, now, now - idleMs);
      return rows.map((row) => ({
        id: row.id,
        createdAt: Number(row.created_at),
        lastSeenAt: Number(row.last_seen_at),
        ip: row.ip,
        userAgent: row.user_agent,
        isCurrent: row.id === auth.sessionId,
      }));
    },

    /** Ends one of one's other sessions, or all of them when no id is given; this one stays. */
    async endSessions(auth: AuthContext, sessionId?: number): Promise<void> {
      const now = clock.now();
      if (sessionId === undefined) {
        await sessions.revokeUserSessions(auth.companyId, auth.userId, now, auth.sessionId);
        return;
      }
      if (sessionId === auth.sessionId) throw refused('cannotEndCurrentSession');
      if (!(await personal.revokeOwnSession(auth.companyId, auth.userId, sessionId, now))) throw notFound();
    },
  };
}
