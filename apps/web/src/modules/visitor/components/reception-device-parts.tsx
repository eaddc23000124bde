import type { PadStatus, VisitLocation, VisitorDevice } from '@atrium/contract';
import { Badge, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../../shared/i18n/i18n';
import './reception-devices.css';

/** A place as the pickers name it: "Building · Floor" for a floor, the building's name for a building. */
export const placeLabel = (place: Pick<VisitLocation, 'name' | 'buildingName'>) => (place.buildingName ? `${place.buildingName} · ${place.name}` : place.name);

const STATUS_BADGE: Record<PadStatus, 'success' | 'error' | 'default'> = { online: 'success', offline: 'error', inactive: 'default' };

/** A kiosk's status as a badge. */
export function KioskStatus({ device }: { device: VisitorDevice }) {
  const { t } = useTranslation();
  if (!device.status) return null;
  return <Badge status={STATUS_BADGE[device.status]} text={t(`visitor.devices.status.${device.status}`)} data-testid={`reception-status-${device.id}`} />;
}

/** A kiosk's activation code, large enough to read across the desk while someone types it on the tablet. */
export function ActivationCode({ code, testId }: { code: string; testId?: string }) {
  return (
    <Typography.Text copyable={{ text: code }} className="atrium-reception-code" data-testid={testId}>
      {code}
    </Typography.Text>
  );
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "2 minutes ago", "yesterday", "just now" in the reader's language, from `now`. */
export function relativeTime(at: number, now: number, lang: string): string {
  const format = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
  const past = Math.max(0, now - at);
  for (const [unit, ms] of UNITS) {
    if (past >= ms) return format.format(-Math.floor(past / ms), unit);
  }
  return format.format(0, 'second');
}

/** When a kiosk was last heard from, relative to now, the exact time on hover. */
export function LastSeen({ at, now }: { at: number | null; now: number }) {
  const { t } = useTranslation();
  if (at === null) return <span className="atrium-muted">{t('visitor.devices.never')}</span>;
  return (
    <Tooltip title={dayjs(at).format('YYYY-MM-DD HH:mm:ss')}>
      <span className="atrium-nowrap">{relativeTime(at, now, currentLang())}</span>
    </Tooltip>
  );
}

/** A printer's offset in millimetres, signed ("+1.5 mm", "0 mm"). */
export const offsetText = (mm: number) => `${mm > 0 ? '+' : ''}${mm} mm`;
