import type { Reservation } from '@atrium/contract';
import { useMutation } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api } from '../../../shared/api/api';
import { currentLang } from '../../../shared/i18n/i18n';
import { useViewerZone } from '../../../shared/time-zone/viewer-zone';
import { padTime } from '../model/pad-time';

/** /check-in?room=<id>: the page a room's QR code opens; checks the signed-in caller in to their meeting there. */
export function CheckInPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const roomId = Number(params.get('room'));
  const viewerZone = useViewerZone();
  const checkIn = useMutation({
    mutationFn: () => api.post<Reservation>('/meeting/reservation/check-in-room', { roomId }, { notify: false }),
  });
  const { mutate } = checkIn;
  useEffect(() => {
    if (Number.isInteger(roomId) && roomId > 0) mutate();
  }, [roomId, mutate]);

  if (!Number.isInteger(roomId) || roomId <= 0) return <Result status="warning" title={t('pad.qr.noRoom')} />;
  if (checkIn.isPending || checkIn.isIdle) return <Spin size="large" style={{ display: 'block', margin: '96px auto' }} aria-label={t('pad.loading')} />;
  if (checkIn.isError) {
    return (
      <Result
        status="warning"
        title={t('pad.qr.failed')}
        subTitle={checkIn.error.message}
        extra={
          <Button type="primary" onClick={() => mutate()}>
            {t('pad.qr.retry')}
          </Button>
        }
      />
    );
  }
  const meeting = checkIn.data;
  const lang = currentLang();
  // The room's clock, else the viewer's (decision 0011); the door display keeps UTC for a room without one.
  const zone = meeting.timeZone ?? viewerZone;
  return (
    <Result
      status="success"
      title={t('pad.qr.done')}
      subTitle={`${meeting.title ?? ''} · ${meeting.roomName} · ${padTime(meeting.startAt, zone, lang)}–${padTime(meeting.endAt, zone, lang)}`}
    />
  );
}
