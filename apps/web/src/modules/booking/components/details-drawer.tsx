import type { Reservation } from '@atrium/contract';
import { App, Button, Descriptions, Drawer, Space, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-client';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { useSession } from '../../../shared/session/session-context';
import { useViewerZone } from '../../../shared/time-zone/viewer-zone';
import { showsDifferently, spanIn, zoneName } from '../../../shared/time-zone/zone-text';
import { useCancelReservation, useCheckIn, useEndEarly, useRestoreReservation } from '../api/booking.api';
import { seriesText } from '../model/booking-form';
import { toZoned } from '@atrium/contract';

export interface DetailsDrawerProps {
  reservation: Reservation | null;
  onClose: () => void;
  onEdit: (reservation: Reservation) => void;
  askScope: () => Promise<'one' | 'following' | 'all' | null>;
}

/** How long the "Undo" of a cancellation stays offered, in seconds (the server accepts it for a minute). */
const UNDO_SECONDS = 10;

const STATUS_KEY = {
  pending: 'statusPending',
  confirmed: 'statusConfirmed',
  cancelled: 'statusCancelled',
  rejected: 'statusRejected',
  expired: 'statusExpired',
  released: 'statusReleased',
} as const;

/** What the viewer may do about checking a meeting in or ending it now (the server checks again). */
function checkInState(r: Reservation, userId: number, now: number) {
  const attends = r.hostUserId === userId || (r.participants ?? []).some((p) => p.userId === userId);
  const live = attends && r.status === 'confirmed';
  const window = r.checkIn;
  const open = window !== null && r.checkedInAt === null && now >= window.opensAt && now <= window.closesAt && now < r.endAt;
  return {
    canCheckIn: live && open && window?.way === 'manual',
    scanToCheckIn: live && open && window?.way === 'qr',
    canEnd: live && r.endedEarlyAt === null && r.startAt <= now && now < r.endAt,
  };
}

/** One meeting: time in the room's zone, room, host, attendees when visible, privacy, status, repeat, check-in; change and cancel for the host; check in and end now for attendees. */
export function DetailsDrawer({ reservation, onClose, onEdit, askScope }: DetailsDrawerProps) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const phone = useMediaQuery('(max-width: 640px)');
  const { user } = useSession();
  const cancel = useCancelReservation();
  const restore = useRestoreReservation();
  const checkIn = useCheckIn();
  const endEarly = useEndEarly();
  const r = reservation;
  // The clock the buttons follow: a window opens or closes while the drawer is open.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 15_000);
    return () => window.clearInterval(timer);
  }, []);
  // Edit hands the focus to the form it opens: the details must not hand it back to the meeting's
  // block once they have slid away (the form's focus trap would then move it to its close button).
  const [handedOver, setHandedOver] = useState(false);
  const state = r ? checkInState(r, user.id, now) : { canCheckIn: false, scanToCheckIn: false, canEnd: false };
  // Times in the viewer's zone; the room's own clock beside them when it differs.
  const zone = useViewerZone();
  const roomZone = r?.timeZone ?? 'UTC';
  const local = (ms: number) => toZoned(ms, zone).time;
  const start = r ? toZoned(r.startAt, zone) : null;
  const elsewhere = r !== null && showsDifferently(r.startAt, roomZone, zone);
  const privacyLabel = r ? t(`booking.form.${r.privacy === 'public' ? 'privacyPublic' : r.privacy === 'busy' ? 'privacyBusy' : 'privacyPrivate'}`) : '';

  /** Puts a just-cancelled meeting back; a refusal (too late, the slot taken meanwhile) is said once. */
  async function undoCancel(id: number, key: string) {
    message.destroy(key);
    try {
      await restore.mutateAsync(id);
      void message.success(t('booking.details.restored'));
    } catch (error) {
      if (error instanceof ApiError) void message.error(error.message);
      else throw error;
    }
  }

  /**
   * Cancels at once with a short "Undo" in the success message (no question first). A series'
   * scope dialog asks which occurrences; cancelling the following or all ends the series and has
   * no undo, so that dialog is its confirmation.
   */
  async function cancelMeeting() {
    if (!r) return;
    const scope = r.seriesId !== null ? await askScope() : null;
    if (r.seriesId !== null && scope === null) return;
    try {
      await cancel.mutateAsync({ id: r.id, ...(scope ? { scope } : {}) });
      onClose();
      if (scope !== null && scope !== 'one') {
        void message.success(t('booking.details.cancelled'));
        return;
      }
      const key = `reserve-cancelled-${r.id}`;
      const id = r.id;
      void message.success({
        key,
        duration: UNDO_SECONDS,
        content: (
          <span className="reserve-undo" data-testid="reserve-cancelled-notice">
            {t('booking.details.cancelled')}
            <Button type="link" size="small" onClick={() => void undoCancel(id, key)} data-testid="reserve-undo-cancel">
              {t('booking.details.undo')}
            </Button>
          </span>
        ),
      });
    } catch (error) {
      if (error instanceof ApiError) void message.error(error.message);
      else throw error;
    }
  }

  async function act(kind: 'checkIn' | 'end') {
    if (!r) return;
    if (kind === 'end') {
      // Ending frees the room for others at once: there is no undo, so it is confirmed first.
      const confirmed = await modal.confirm({
        title: t('booking.details.endConfirm'),
        content: t('booking.details.cannotUndo'),
        okText: t('booking.details.endNow'),
        cancelText: t('booking.details.keep'),
        okButtonProps: { danger: true },
      });
      if (!confirmed) return;
    }
    try {
      await (kind === 'checkIn' ? checkIn : endEarly).mutateAsync(r.id);
      void message.success(t(kind === 'checkIn' ? 'booking.details.checkedInDone' : 'booking.details.ended'));
      onClose();
    } catch (error) {
      if (error instanceof ApiError) void message.error(error.message);
      else throw error;
    }
  }

  const checkInText = !r?.checkIn
    ? null
    : r.checkedInAt !== null
      ? t('booking.details.checkedInAt', { time: local(r.checkedInAt) })
      : state.scanToCheckIn
        ? t('booking.details.checkInByQr', { until: local(r.checkIn.closesAt) })
        : r.status === 'confirmed' && now > r.checkIn.closesAt
          ? t('booking.details.checkInMissed', { until: local(r.checkIn.closesAt) })
          : t('booking.details.checkInOpens', { time: local(r.checkIn.opensAt), until: local(r.checkIn.closesAt) });
  const hostActions = r?.canEdit ?? false;

  return (
    <Drawer
      open={r !== null}
      onClose={onClose}
      focusable={{ focusTriggerAfterClose: !handedOver }}
      afterOpenChange={(isOpen) => isOpen && setHandedOver(false)}
      width={phone ? '100%' : 480}
      title={r?.title ?? (r?.privacy === 'private' ? t('booking.private') : t('booking.busy'))}
      footer={
        hostActions || state.canCheckIn || state.canEnd ? (
          <Space style={{ justifyContent: 'flex-end', width: '100%' }} wrap>
            {state.canEnd ? (
              <Button onClick={() => void act('end')} loading={endEarly.isPending} data-testid="reserve-details-end">
                {t('booking.details.endNow')}
              </Button>
            ) : null}
            {hostActions ? (
              <Button danger onClick={() => void cancelMeeting()} loading={cancel.isPending} data-testid="reserve-details-cancel">
                {t('booking.details.cancelMeeting')}
              </Button>
            ) : null}
            {hostActions ? (
              <Button
                type={state.canCheckIn ? 'default' : 'primary'}
                onClick={() => {
                  if (!r) return;
                  setHandedOver(true);
                  onEdit(r);
                }}
                data-testid="reserve-details-edit"
              >
                {t('booking.details.edit')}
              </Button>
            ) : null}
            {state.canCheckIn ? (
              <Button type="primary" onClick={() => void act('checkIn')} loading={checkIn.isPending} data-testid="reserve-details-check-in">
                {t('booking.details.checkInButton')}
              </Button>
            ) : null}
          </Space>
        ) : null
      }
    >
      {r && start ? (
        <Descriptions column={1} size="small" data-testid="reserve-details">
          <Descriptions.Item label={t('booking.details.time')}>
            <div>
              <span data-testid="reserve-details-time">
                {start.date} {spanIn(r.startAt, r.endAt, zone)}
              </span>
              {elsewhere ? <Tag style={{ marginLeft: 8 }}>{t('booking.zone.yourTime')}</Tag> : null}
              {elsewhere ? (
                <div data-testid="reserve-details-local">
                  {t('booking.zone.local', { time: `${toZoned(r.startAt, roomZone).date} ${spanIn(r.startAt, r.endAt, roomZone)}`, zone: zoneName(roomZone, t) })}
                </div>
              ) : null}
            </div>
          </Descriptions.Item>
          <Descriptions.Item label={t('booking.details.room')}>{r.roomName}</Descriptions.Item>
          <Descriptions.Item label={t('booking.details.host')}>{r.hostName ?? t('booking.details.hidden')}</Descriptions.Item>
          {r.bookedByName ? <Descriptions.Item label={t('booking.details.bookedBy')}>{r.bookedByName}</Descriptions.Item> : null}
          <Descriptions.Item label={t('booking.details.participants')}>
            {r.participants === null ? t('booking.details.hidden') : r.participants.length === 0 ? '—' : r.participants.map((p) => p.name ?? p.email).join(', ')}
          </Descriptions.Item>
          <Descriptions.Item label={t('booking.details.privacy')}>{privacyLabel}</Descriptions.Item>
          <Descriptions.Item label={t('booking.details.status')}>
            <Tag color={r.status === 'confirmed' ? 'green' : r.status === 'pending' ? 'gold' : 'default'}>{t(`booking.details.${STATUS_KEY[r.status]}`)}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('booking.details.repeat')}>
            <span data-testid="reserve-details-repeat">
              {r.seriesId === null ? t('booking.details.single') : r.repeat ? seriesText(r, r.repeat, zone, t) : t('booking.details.series')}
            </span>
          </Descriptions.Item>
          {checkInText ? (
            <Descriptions.Item label={t('booking.details.checkIn')}>
              <span data-testid="reserve-details-check-in-state">{checkInText}</span>
            </Descriptions.Item>
          ) : null}
          {r.remarks ? <Descriptions.Item label={t('booking.details.remarks')}>{r.remarks}</Descriptions.Item> : null}
        </Descriptions>
      ) : null}
    </Drawer>
  );
}
