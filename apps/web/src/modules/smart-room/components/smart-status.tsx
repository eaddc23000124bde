import type { RoomPresence, SensorPresence, SmartDeviceStatus, SmartRoomState } from '@atrium/contract';
import { Badge, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const ROOM_STATE_BADGE = { normal: 'success', abnormal: 'warning', offline: 'error', not_enabled: 'default' } as const;
const DEVICE_STATUS_BADGE = { online: 'success', partially_online: 'warning', offline: 'error', inactive: 'default' } as const;
const PRESENCE_COLOR = { someone: 'blue', unmanned: 'default', unknown: 'default' } as const;
const SENSOR_COLOR = { present: 'blue', absent: 'default', unknown: 'default' } as const;

export function RoomStateBadge({ state, testId }: { state: SmartRoomState; testId?: string }) {
  const { t } = useTranslation();
  return <Badge status={ROOM_STATE_BADGE[state]} text={t(`smart-room.state.${state}`)} data-testid={testId} />;
}

export function DeviceStatusBadge({ status, testId }: { status: SmartDeviceStatus; testId?: string }) {
  const { t } = useTranslation();
  return <Badge status={DEVICE_STATUS_BADGE[status]} text={t(`smart-room.deviceStatus.${status}`)} data-testid={testId} />;
}

export function PresenceTag({ presence, testId }: { presence: RoomPresence; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={PRESENCE_COLOR[presence]} data-testid={testId}>
      {t(`smart-room.presence.${presence}`)}
    </Tag>
  );
}

export function SensorPresenceTag({ presence, testId }: { presence: SensorPresence; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={SENSOR_COLOR[presence]} data-testid={testId}>
      {t(`smart-room.sensorPresence.${presence}`)}
    </Tag>
  );
}
