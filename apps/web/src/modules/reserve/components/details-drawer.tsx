import type { Reservation } from '@atrium/contract';
import { App, Button, Descriptions, Drawer, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-client';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { useCancelReservation } from '../api/reserve.api';
import { differsFromBrowser } from '../model/booking-form';
import { toZoned } from '@atrium/contract';

export interface DetailsDrawerProps {
  reservation: Reservation | null;
  onClose: () => void;
  onEdit: (reservation: Reservation) => void;
  askScope: () => Promise<'one' | 'following' | 'all' | null>;
}

const STATUS_KEY = {
  pending: 'statusPending',
  confirmed: 'statusConfirmed',
  cancelled: 'statusCancelled',
  rejected: 'statusRejected',
  expired: 'statusExpired',
  released: 'statusReleased',
} as const;

/** One meeting: time in the room's zone, room, host, attendees when visible, privacy, status, repeat; change and cancel for the host. */
export function DetailsDrawer({ reservation, onClose, onEdit, askScope }: DetailsDrawerProps) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const phone = useMediaQuery('(max-width: 640px)');
  const cancel = useCancelReservation();
  const r = reservation;
  const zone = r?.timeZone ?? 'UTC';
  const start = r ? toZoned(r.startAt, zone) : null;
  const end = r ? toZoned(r.endAt, zone) : null;
  const privacyLabel = r ? t(`reserve.form.${r.privacy === 'public' ? 'privacyPublic' : r.privacy === 'busy' ? 'privacyBusy' : 'privacyPrivate'}`) : '';

  async function cancelMeeting() {
    if (!r) return;
    const scope = r.seriesId !== null ? await askScope() : null;
    if (r.seriesId !== null && scope === null) return;
    const confirmed = scope !== null || (await modal.confirm({ title: t('reserve.details.cancelConfirm'), okText: t('reserve.details.cancelMeeting'), cancelText: t('reserve.details.keep'), okButtonProps: { danger: true } }));
    if (!confirmed) return;
    try {
      await cancel.mutateAsync({ id: r.id, ...(scope ? { scope } : {}) });
      void message.success(t('reserve.details.cancelled'));
      onClose();
    } catch (error) {
      if (error instanceof ApiError) void message.error(error.message);
      else throw error;
    }
  }

  return (
    <Drawer
      open={r !== null}
      onClose={onClose}
      width={phone ? '100%' : 480}
      title={r?.title ?? (r?.privacy === 'private' ? t('reserve.private') : t('reserve.busy'))}
      footer={
        r?.canEdit ? (
          <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
            <Button danger onClick={() => void cancelMeeting()} loading={cancel.isPending} data-testid="reserve-details-cancel">
              {t('reserve.details.cancelMeeting')}
            </Button>
            <Button type="primary" onClick={() => r && onEdit(r)} data-testid="reserve-details-edit">
              {t('reserve.details.edit')}
            </Button>
          </Space>
        ) : null
      }
    >
      {r && start && end ? (
        <Descriptions column={1} size="small" data-testid="reserve-details">
          <Descriptions.Item label={t('reserve.details.time')}>
            <span data-testid="reserve-details-time">
              {start.date} {start.time}–{end.date !== start.date ? `${end.date} ` : ''}
              {end.time}
            </span>
            {differsFromBrowser(r.timeZone) ? <Tag style={{ marginLeft: 8 }}>{r.timeZone}</Tag> : null}
          </Descriptions.Item>
          <Descriptions.Item label={t('reserve.details.room')}>{r.roomName}</Descriptions.Item>
          <Descriptions.Item label={t('reserve.details.host')}>{r.hostName ?? t('reserve.details.hidden')}</Descriptions.Item>
          <Descriptions.Item label={t('reserve.details.participants')}>
            {r.participants === null ? t('reserve.details.hidden') : r.participants.length === 0 ? '—' : r.participants.map((p) => p.name ?? p.email).join(', ')}
          </Descriptions.Item>
          <Descriptions.Item label={t('reserve.details.privacy')}>{privacyLabel}</Descriptions.Item>
          <Descriptions.Item label={t('reserve.details.status')}>
            <Tag color={r.status === 'confirmed' ? 'green' : r.status === 'pending' ? 'gold' : 'default'}>{t(`reserve.details.${STATUS_KEY[r.status]}`)}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('reserve.details.repeat')}>{r.seriesId !== null ? t('reserve.details.series') : t('reserve.details.single')}</Descriptions.Item>
          {r.remarks ? <Descriptions.Item label={t('reserve.details.remarks')}>{r.remarks}</Descriptions.Item> : null}
        </Descriptions>
      ) : null}
    </Drawer>
  );
}
