import type { Lang, PadMeeting, PadSchedule } from '@atrium/contract';
import { useTranslation } from 'react-i18next';
import { padDayKey, padTime } from '../model/pad-time';

export interface PadStatusProps {
  schedule: PadSchedule;
  now: number;
  lang: Lang;
  /** The room's QR code (an object URL) while a check-in by code is due. */
  qr: string | undefined;
  busy: boolean;
  onCheckIn: (meeting: PadMeeting) => void;
  onEnd: (meeting: PadMeeting) => void;
  onBook: () => void;
}

/** Free or in use, the meeting now (or until when the room is free), and what can be done at the door. */
export function PadStatus({ schedule, now, lang, qr, busy, onCheckIn, onEnd, onBook }: PadStatusProps) {
  const { t } = useTranslation();
  const zone = schedule.room.timeZone;
  const current = schedule.current;
  const next = schedule.next[0];
  const dueCheckIn = [current, ...schedule.next].find((meeting): meeting is PadMeeting => !!meeting?.canCheckIn);
  const canBook = !current && schedule.bookChoices.some((minutes) => minutes <= schedule.freeMinutes);
  return (
    <section className="pad-status" aria-live="polite">
      <div className="pad-state">{schedule.busy ? t('pad.busy') : t('pad.free')}</div>
      {current ? (
        <div className="pad-current">
          <div className="pad-current-title" title={current.title ?? undefined}>
            {current.title ?? t('pad.occupied')}
          </div>
          {current.hostName ? <div className="pad-muted">{t('pad.host', { name: current.hostName })}</div> : null}
          {current.participants?.length ? <div className="pad-muted">{current.participants.join(', ')}</div> : null}
          <div className="pad-muted">
            {t('pad.until', { time: padTime(current.endAt, zone, lang) })}
            {current.checkedInAt ? ` · ${t('pad.checkedIn')}` : ''}
          </div>
        </div>
      ) : (
        <div className="pad-muted">
          {next && padDayKey(next.startAt, zone) === padDayKey(now, zone) ? t('pad.freeUntil', { time: padTime(next.startAt, zone, lang) }) : t('pad.freeRestOfDay')}
        </div>
      )}
      {qr ? (
        <figure className="pad-qr">
          <img src={qr} alt={t('pad.scanToCheckIn')} data-testid="pad-qr" />
          <figcaption>{t('pad.scanToCheckIn')}</figcaption>
        </figure>
      ) : null}
      <div className="pad-actions">
        {dueCheckIn ? (
          <button type="button" className="pad-button pad-primary" disabled={busy} onClick={() => onCheckIn(dueCheckIn)}>
            {t('pad.checkIn')}
            {dueCheckIn.checkInUntil ? <small>{t('pad.checkInUntil', { time: padTime(dueCheckIn.checkInUntil, zone, lang) })}</small> : null}
          </button>
        ) : null}
        {current?.canEnd ? (
          <button type="button" className="pad-button" disabled={busy} onClick={() => onEnd(current)}>
            {t('pad.endMeeting')}
          </button>
        ) : null}
        {canBook ? (
          <button type="button" className="pad-button pad-primary" disabled={busy} onClick={onBook}>
            {t('pad.bookNow')}
          </button>
        ) : null}
      </div>
    </section>
  );
}
