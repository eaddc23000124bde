import type { LiveRoom } from '@atrium/contract';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { clockTime, meetingLabel, meetingSpan } from './live-format';

const MARKS = [0, 6, 12, 18, 24];

/** Today's meetings of a room on a bar from midnight to midnight in its zone, with a line at now. */
export function DayTimeline({ room, now }: { room: LiveRoom; now: number }) {
  const { t, i18n } = useTranslation();
  const span = room.dayEndAt - room.dayStartAt;
  const at = (ms: number) => `${(Math.min(Math.max(ms - room.dayStartAt, 0), span) / span) * 100}%`;
  const nowInside = now >= room.dayStartAt && now < room.dayEndAt;
  // One picture for assistive technology: its name lists the day's meetings the bar draws.
  const label = [t('live.column.timeline'), ...room.today.map((meeting) => `${meetingSpan(meeting, room.timeZone, i18n.language)} ${meetingLabel(meeting, t)}`)].join('; ');
  return (
    <div className="live-timeline" role="img" aria-label={label}>
      <div className="live-timeline-bar">
        {room.today.map((meeting) => {
          const left = Math.max(meeting.startAt, room.dayStartAt);
          const right = Math.min(meeting.endAt, room.dayEndAt);
          const past = meeting.endAt <= now;
          return (
            <Tooltip key={meeting.id} title={`${meetingSpan(meeting, room.timeZone, i18n.language)} ${meetingLabel(meeting, t)}`}>
              <span
                className={`live-timeline-meeting${past ? ' is-past' : ''}`}
                style={{ left: at(left), width: `${((right - left) / span) * 100}%` }}
                data-testid="timeline-meeting"
              />
            </Tooltip>
          );
        })}
        {nowInside ? <span className="live-timeline-now" style={{ left: at(now) }} /> : null}
      </div>
      <div className="live-timeline-marks" aria-hidden>
        {MARKS.map((hour) => (
          <span key={hour} style={{ left: `${(hour / 24) * 100}%` }}>
            {hour === 24 ? '' : clockTime(room.dayStartAt + hour * 3_600_000, room.timeZone, i18n.language)}
          </span>
        ))}
      </div>
    </div>
  );
}
