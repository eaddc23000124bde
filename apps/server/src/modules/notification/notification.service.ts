import { CONSOLE_SWITCH_OF, type NoticeConfigResult, type NotificationEvent, type NotificationListQuery, type NotificationPage, type NotificationParams, type NotificationUnread, type NotificationReadResult } from '@atrium/contract';
import type { Clock } from '../../platform/clock.js';
import type { AuthContext } from '../../platform/access.js';
import type { NotificationRepository } from './notification.repository.js';

/** One message for the console: the same facts to every recipient. */
export interface NotificationPost {
  companyId: number;
  event: NotificationEvent;
  /** Whose action caused it (they are not told of their own action); null: the system. */
  actorUserId: number | null;
  /** Recipients by user id (null entries are skipped) … */
  userIds?: ReadonlyArray<number | null>;
  /** … and by address: only addresses of active colleagues reach the console; outside guests have none. */
  emails?: readonly string[];
  params: NotificationParams;
  /** The console page it opens. */
  link: string | null;
  /** The meeting it is about (the first of a series): its facts tell when the action asked for is over. */
  reservationId: number | null;
}

export interface NotificationServiceDeps {
  repository: NotificationRepository;
  clock: Clock;
  noticeConfig: (companyId: number) => Promise<NoticeConfigResult>;
}

export type NotificationService = ReturnType<typeof createNotificationService>;

type Caller = Pick<AuthContext, 'companyId' | 'userId'>;

/**
 * In-console notifications (issue 6): the booking messages written for the header's bell, beside
 * the mails. The notification settings' console switches (`consoleEvents`) decide which events
 * are written; each recipient must be an active colleague; nobody is told of their own action.
 */
export function createNotificationService({ repository, clock, noticeConfig }: NotificationServiceDeps) {
  async function unread(caller: Caller): Promise<NotificationUnread> {
    const [count, latestId] = await Promise.all([repository.unreadCount(caller.companyId, caller.userId, clock.now()), repository.latestId(caller.companyId, caller.userId)]);
    return { count, latestId };
  }

  return {
    /**
     * Writes one notification per recipient; answers how many were written. The recipients of all
     * posts of a company are looked up together; `configs` are notification settings the caller
     * already read (by company), not read again.
     */
    async post(posts: NotificationPost | readonly NotificationPost[], configs: ReadonlyMap<number, NoticeConfigResult> = new Map()): Promise<number> {
      const list = Array.isArray(posts) ? (posts as readonly NotificationPost[]) : [posts as NotificationPost];
      const byCompany = new Map<number, NotificationPost[]>();
      for (const post of list) byCompany.set(post.companyId, [...(byCompany.get(post.companyId) ?? []), post]);
      const rows = [];
      const now = clock.now();
      for (const [companyId, own] of byCompany) {
        const config = configs.get(companyId) ?? (await noticeConfig(companyId));
        const shown = own.filter((post) => {
          const toggle = CONSOLE_SWITCH_OF[post.event];
          return toggle === null || config.consoleEvents[toggle];
        });
        if (shown.length === 0) continue;
        const byEmail = await repository.colleaguesByEmail(companyId, shown.flatMap((post) => post.emails ?? []));
        const active = new Set(await repository.activeColleagues(companyId, shown.flatMap((post) => post.userIds ?? []).filter((id): id is number => id !== null)));
        for (const post of shown) {
          const byId = (post.userIds ?? []).filter((id): id is number => id !== null && active.has(id));
          const recipients = new Set([...byId, ...(post.emails ?? []).flatMap((email) => byEmail.get(email.toLowerCase()) ?? [])]);
          if (post.actorUserId !== null) recipients.delete(post.actorUserId);
          for (const userId of recipients) {
            rows.push({ companyId, userId, event: post.event, actorUserId: post.actorUserId, params: post.params, link: post.link, createdAt: now, reservationId: post.reservationId });
          }
        }
      }
      await repository.insertMany(rows);
      return rows.length;
    },

    async list(caller: Caller, query: NotificationListQuery): Promise<NotificationPage> {
      const now = clock.now();
      const [page, unreadCount] = await Promise.all([repository.list(caller.companyId, caller.userId, query, now), repository.unreadCount(caller.companyId, caller.userId, now)]);
      return { ...page, unreadCount };
    },

    unread,

    /** Marks some (or all) of the caller's own read; others' ids are left alone. */
    async read(caller: Caller, ids: number[] | 'all'): Promise<NotificationReadResult> {
      const updated = await repository.markRead(caller.companyId, caller.userId, ids, clock.now());
      return { updated, unreadCount: await repository.unreadCount(caller.companyId, caller.userId, clock.now()) };
    },
  };
}
