import type { Lang, PadMeeting } from '@atrium/contract';
import { useTranslation } from 'react-i18next';
import { padDay, padDayKey, padTime } from '../model/pad-time';

/** The room's next meetings, grouped by day in the room's zone. */
export function PadAgenda({ meetings, now, timeZone, lang }: { meetings: PadMeeting[]; now: number; timeZone: string | null; lang: Lang }) {
  const { t } = useTranslation();
  const byDay = new Map<string, PadMeeting[]>();
  for (const meeting of meetings) {
    const key = padDayKey(meeting.startAt, timeZone);
    byDay.set(key, [...(byDay.get(key) ?? []), meeting]);
  }
  const today = padDayKey(now, timeZone);
  return (
    <section className="pad-agenda" aria-label={t('pad.upcoming')}>
      <h2>{t('pad.upcoming')}</h2>
      {meetings.length === 0 ? <p className="pad-muted">{t('pad.nothingUpcoming')}</p> : null}
      {[...byDay.entries()].map(([key, list]) => (
        <div key={key} className="pad-day">
          <h3>{key === today ? t('pad.today') : padDay(list[0]!.startAt, timeZone, lang)}</h3>
          <ul>
            {list.map((meeting) => (
              <li key={meeting.id}>
                <span className="pad-slot">
                  {padTime(meeting.startAt, timeZone, lang)}–{padTime(meeting.endAt, timeZone, lang)}
                </span>
                <span className="pad-what" title={[meeting.title, meeting.hostName].filter(Boolean).join(' · ') || undefined}>
                  {meeting.title ?? t('pad.occupied')}
                  {meeting.hostName ? <small> · {meeting.hostName}</small> : null}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
