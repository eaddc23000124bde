import { fullNameOf, type SmartAlarmListQuery, type SmartAlarmPage, type SmartDeviceKind } from '@atrium/contract';
import type { Clock } from '../../platform/clock.js';
import type { Mailer } from '../../platform/mailer.js';
import { notFound } from '../../platform/errors.js';
import { pathName, type LocationIndex } from '../location/location.presenter.js';
import type { NotificationService } from '../notification/notification.service.js';
import { roomTimeZone } from '../room/room-layout.js';
import type { SmartRoomRepository } from './smart-room.repository.js';

export interface SmartAlarmServiceDeps {
  rooms: SmartRoomRepository;
  locations: (companyId: number) => Promise<LocationIndex>;
  notifications: Pick<NotificationService, 'post'>;
  /** The mail switches of the reminder rules (/message-remind): `events.deviceAlarm`. */
  noticeConfig: (companyId: number) => Promise<{ events: { deviceAlarm: boolean }; footer: string }>;
  mailer: Pick<Mailer, 'sendMany'>;
  clock: Clock;
}

const CAUSE_TEXT = {
  disconnected: { en: 'dropped off (lost or disconnected)', zh: '已离线（失联或断开）' },
  alert: { en: 'reports a fault', zh: '报告故障' },
} as const;

/**
 * Device alarms (decision 0020, "Device alarms"): the alarm job raises one per device and cause when a
 * device drops off or reports a fault, tells its deployers in the console (kept in the message log),
 * and clears it when the device is back; the console lists and acknowledges them. Both channels follow
 * the reminder rules' switches for device alarms (console on, mail on by default).
 */
export function createSmartAlarmService({ rooms, locations, notifications, noticeConfig, mailer, clock }: SmartAlarmServiceDeps) {
  return {
    /** The alarm job: raise, tell, clear. Answers how many it raised. */
    async scan(): Promise<number> {
      const now = clock.now();
      const raised = await rooms.raiseAlarms(now);
      for (const alarm of raised) {
        const audience = await rooms.alarmAudience(alarm.companyId, alarm.deviceId);
        if (!audience || audience.userIds.length === 0) continue;
        const index = await locations(alarm.companyId);
        const place = audience.roomId !== null ? (pathName(index, audience.roomId) ?? '') : '';
        const config = await noticeConfig(alarm.companyId);
        if (config.events.deviceAlarm && audience.emails.length > 0) {
          const where = place ? ` (${place})` : '';
          const footer = config.footer ? `\n\n${config.footer}` : '';
          const cause = CAUSE_TEXT[alarm.cause];
          const text = [
            `The smart device "${audience.name}"${where} ${cause.en}. Open Smart rooms > Locations to see its room and acknowledge the alarm.`,
            '',
            `智能设备"${audience.name}"${where}${cause.zh}。请在 智能会议室 > 位置 中查看所在会议室并确认告警。`,
          ].join('\n');
          await mailer.sendMany(
            audience.emails.map((to) => ({ companyId: alarm.companyId, event: 'deviceAlarm' as const, to, subject: `Device alarm / 设备告警 – ${audience.name}`, text: text + footer })),
          );
        }
        await notifications.post({
          companyId: alarm.companyId,
          event: 'deviceAlarm',
          actorUserId: null,
          userIds: audience.userIds,
          params: { title: audience.name, place, startAt: now, endAt: now, zone: audience.roomId !== null ? roomTimeZone(index, audience.roomId) : null, more: 0, by: null, reason: alarm.cause, minutes: null },
          link: '/smart-location',
          reservationId: null,
        });
      }
      await rooms.clearAlarms(now);
      return raised.length;
    },

    async list(companyId: number, query: SmartAlarmListQuery): Promise<SmartAlarmPage> {
      const [index, found] = await Promise.all([locations(companyId), rooms.listAlarms(companyId, query.state, query.page, query.pageSize)]);
      return {
        list: found.rows.map((row) => {
          const placeId = row.room_id ?? row.location_id;
          return {
            id: row.id,
            deviceId: row.device_id,
            deviceName: row.name,
            kind: row.kind as SmartDeviceKind,
            roomId: placeId,
            roomName: placeId !== null ? (index.byId.get(placeId)?.name ?? null) : null,
            cause: row.cause,
            raisedAt: Number(row.raised_at),
            clearedAt: row.cleared_at === null ? null : Number(row.cleared_at),
            acknowledgedAt: row.acknowledged_at === null ? null : Number(row.acknowledged_at),
            acknowledgedByName: row.acknowledged_at === null ? null : fullNameOf(row.first_name, row.last_name),
          };
        }),
        total: found.total,
        page: query.page,
        pageSize: query.pageSize,
        openCount: found.open,
        unacknowledgedCount: found.unacknowledged,
      };
    },

    async acknowledge(companyId: number, id: number, userId: number): Promise<null> {
      if (!(await rooms.acknowledgeAlarm(companyId, id, userId, clock.now()))) throw notFound('smartAlarmNotFound');
      return null;
    },
  };
}

export type SmartAlarmService = ReturnType<typeof createSmartAlarmService>;
