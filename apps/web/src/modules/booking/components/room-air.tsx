import { AIR_METRICS, type AvailableRoom, type RoomAir } from '@atrium/contract';
import { Alert, Button, Space, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatAirValue } from '../../air/components/air-format';
import { useRoomAir, type RoomAirParams } from '../api/booking.api';

/** The metrics past their limits, with their values: "CO₂ 1,250 ppm, TVOC 620 µg/m³". */
function poorMetrics(air: RoomAir, t: TFunction, lang: string): string {
  return AIR_METRICS.filter((metric) => air.states[metric] !== undefined && air.states[metric] !== 'ok')
    .map((metric) => {
      const value = air.values[metric];
      return value === undefined ? t(`booking.air.metric.${metric}`) : `${t(`booking.air.metric.${metric}`)} ${formatAirValue(metric, value, lang)}`;
    })
    .join(', ');
}

/** Beside a room in the finder: its air now, green when good, amber or red when poor (nothing when unknown). */
export function RoomAirTag({ roomId, air }: { roomId: number; air: RoomAir | null }) {
  const { t, i18n } = useTranslation();
  if (!air) return null;
  const isAlert = Object.values(air.states).includes('alert');
  return (
    <Tag color={air.isPoor ? (isAlert ? 'error' : 'warning') : 'success'} data-testid={`reserve-finder-air-${roomId}`}>
      {air.isPoor ? t('booking.air.poor', { metrics: poorMetrics(air, t, i18n.language) }) : t('booking.air.good')}
    </Tag>
  );
}

interface RoomAirNoticeProps {
  roomName: string;
  /** The form's room and slot; null while either is missing. */
  params: RoomAirParams | null;
  onChoose: (room: AvailableRoom) => void;
}

/**
 * Under the booking form's room: when the room's air is poor now, a warning naming what is past its
 * limit and up to three free rooms with good air for the same slot, one click away. Booking the room
 * stays possible (decision 0020, "Air in the room finder").
 */
export function RoomAirNotice({ roomName, params, onChoose }: RoomAirNoticeProps) {
  const { t, i18n } = useTranslation();
  const answer = useRoomAir(params).data;
  if (!answer?.air?.isPoor) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginTop: 8 }}
      data-testid="reserve-air-warning"
      message={t('booking.air.poorTitle', { room: roomName })}
      description={
        <>
          <div>{t('booking.air.poorBody', { metrics: poorMetrics(answer.air, t, i18n.language) })}</div>
          <div>{answer.better.length > 0 ? t('booking.air.betterIntro') : t('booking.air.noBetter')}</div>
          {answer.better.length > 0 ? (
            <Space direction="vertical" size={4} style={{ marginTop: 8 }}>
              {answer.better.map((room) => (
                <span key={room.id}>
                  <Button size="small" onClick={() => onChoose(room)} data-testid={`reserve-air-better-${room.id}`}>
                    {t('booking.air.useRoom', { room: room.name })}
                  </Button>{' '}
                  <Typography.Text type="secondary">{t('booking.air.betterRoom', { capacity: room.capacity, path: room.locationPath })}</Typography.Text>
                </span>
              ))}
            </Space>
          ) : null}
        </>
      }
    />
  );
}
