import type { Lang } from '@atrium/contract';
import { useTranslation } from 'react-i18next';
import { padDay, padTime } from '../model/pad-time';

export interface PadHeaderProps {
  roomName: string;
  /** The logo's object URL, once fetched. */
  logo: string | undefined;
  now: number;
  timeZone: string | null;
  lang: Lang;
}

/** The room's name beside its logo, and the clock in the room's zone. */
export function PadHeader({ roomName, logo, now, timeZone, lang }: PadHeaderProps) {
  const { t } = useTranslation();
  return (
    <header className="pad-header">
      <div className="pad-brand">
        {logo ? <img src={logo} alt="" className="pad-logo" /> : null}
        <h1 className="pad-room" title={roomName}>
          {roomName}
        </h1>
      </div>
      <div className="pad-clock" aria-label={t('pad.clock')}>
        <span className="pad-time">{padTime(now, timeZone, lang)}</span>
        <span className="pad-date">{padDay(now, timeZone, lang)}</span>
      </div>
    </header>
  );
}
