import { DOOR_DISPLAY_LIMITS, fullNameOf, type SmartAlarmCause, type SmartAlarmListQuery, type SmartAlarmPage, type SmartAlarmSource, type SmartDeviceKind } from '@atrium/contract';
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

const SILENT_MINUTES = DOOR_DISPLAY_LIMITS.onlineWindowMs / 60_000;

/** What the mail says of each source's alarm, in both languages. */
const MAIL_TEXT = {
  device: (name: string, where: string, cause: SmartAlarmCause) => ({
    en: `The smart device "${name}"${where} ${CAUSE_TEXT[cause].en}.`,
    zh: `智能设备"${name}"${where}${CAUSE_TEXT[cause].zh}。`,
  }),
  doorDisplay: (name: string, where: string) => ({
    en: `The door display "${name}"${where} dropped off (no heartbeat for ${SILENT_MINUTES} minutes).`,
    zh: `门口屏"${name}"${where}已离线（${SILENT_MINUTES} 分钟未收到心跳）。`,
  }),
};

/** A door display's name as its alarm shows it; one without a name is named after its room. */
function displayAlarmName(name: string | null, roomName: string | null): string {
  return name?.trim() || `Door display ${roomName ?? ''}`.trim();
}

/**
 * Device alarms (decision 0020, "Device alarms"): the alarm job raises one per device and cause when a
 * smart device drops off or reports a fault, and one when an activated door display is not heard within
 * its online window (the door-display status rule); tells the device's deployers (a display's: the
 * deployers of its room's smart devices) in the console (kept in the message log) and by mail, and clears
 * the alarm when the device is back; the console lists and acknowledges them. Both channels follow the
 * reminder rules' switches for device alarms (console on, mail on by default).
 */
export function createSmartAlarmService({ rooms, locations, notifications, noticeConfig, mailer, clock }: SmartAlarmServiceDeps) {
  async function tell(
    alarm: { companyId: number; cause: SmartAlarmCause; source: SmartAlarmSource },
    audience: { name: string; roomId: number | null; userIds: number[]; emails: string[] } | undefined,
    now: number,
  ): Promise<void> {
    if (!audience || audience.userIds.length === 0) return;
    const index = await locations(alarm.companyId);
    const place = audience.roomId !== null ? (pathName(index, audience.roomId) ?? '') : '';
    const name = alarm.source === 'doorDisplay' ? displayAlarmName(audience.name, audience.roomId !== null ? (index.byId.get(audience.roomId)?.name ?? null) : null) : audience.name;
    const config = await noticeConfig(alarm.companyId);
    if (config.events.deviceAlarm && audience.emails.length > 0) {
      const where = place ? ` (${place})` : '';
      const footer = config.footer ? `\n\n${config.footer}` : '';
      const said = alarm.source === 'doorDisplay' ? MAIL_TEXT.doorDisplay(name, where) : MAIL_TEXT.device(name, where, alarm.cause);
      const text = [
        `${said.en} Open Smart rooms > Locations to see its room and acknowledge the alarm.`,
        '',
        `${said.zh}请在 智能会议室 > 位置 中查看所在会议室并确认告警。`,
      ].join('\n');
      await mailer.sendMany(
        audience.emails.map((to) => ({ companyId: alarm.companyId, event: 'deviceAlarm' as const, to, subject: `Device alarm / 设备告警 – ${name}`, text: text + footer })),
      );
    }
    await notifications.post({
      companyId: alarm.companyId,
      event: 'deviceAlarm',
      actorUserId: null,
      userIds: audience.userIds,
      params: { title: name, place, startAt: now, endAt: now, zone: audience.roomId !== null ? roomTimeZone(index, audience.roomId) : null, more: 0, by: null, reason: alarm.cause, minutes: null },
      link: '/smart-location',
      reservationId: null,
    });
  }

  return {
    /** The alarm job: raise, tell, clear, for smart devices and door displays. Answers how many it raised. */
    async scan(): Promise<number> {
      const now = clock.now();
      // The door-display status rule: offline once not heard within the online window.
      const silentBefore = now - DOOR_DISPLAY_LIMITS.onlineWindowMs;
      const raised = await rooms.raiseAlarms(now);
      for (const alarm of raised) await tell({ ...alarm, source: 'device' }, await rooms.alarmAudience(alarm.companyId, alarm.deviceId), now);
      const silent = await rooms.raiseDisplayAlarms(now, silentBefore);
      for (const alarm of silent) await tell({ ...alarm, source: 'doorDisplay' }, await rooms.displayAlarmAudience(alarm.companyId, alarm.displayId), now);
      await rooms.clearAlarms(now);
      await rooms.clearDisplayAlarms(now, silentBefore);
      return raised.length + silent.length;
    },

    async list(companyId: number, query: SmartAlarmListQuery): Promise<SmartAlarmPage> {
      const [index, found] = await Promise.all([locations(companyId), rooms.listAlarms(companyId, query.state, query.page, query.pageSize)]);
      return {
        list: found.rows.map((row) => {
          const isDisplay = row.display_id !== null;
          const placeId = isDisplay ? row.display_room_id : (row.room_id ?? row.location_id);
          const roomName = placeId !== null ? (index.byId.get(placeId)?.name ?? null) : null;
          return {
            id: row.id,
            source: isDisplay ? ('doorDisplay' as const) : ('device' as const),
            deviceId: row.device_id,
            displayId: row.display_id,
            deviceName: isDisplay ? displayAlarmName(row.display_name, roomName) : (row.name ?? ''),
            kind: isDisplay ? ('door_display' as const) : (row.kind as SmartDeviceKind),
            roomId: placeId,
            roomName,
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
