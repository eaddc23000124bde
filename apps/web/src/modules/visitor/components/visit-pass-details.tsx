import { toZoned, type Lang, type VisitPass } from '@atrium/contract';
import { useTranslation } from 'react-i18next';
import { calendarDate, dayTitle } from '../../../shared/i18n/date-titles';
import { browserZone } from '../../../shared/time-zone/viewer-zone';
import { spanIn, zoneName } from '../../../shared/time-zone/zone-text';

/** The zone a pass shows times in: the location's, where the visitor will be, else the browser's. */
export const passZone = (pass: VisitPass) => pass.location?.timeZone ?? browserZone();

/** The visit's day, hours and zone as the location's clocks show them ("Tuesday, December 1, 2026", "14:00–15:30", "Shanghai time"). */
function useVisitTime(pass: VisitPass) {
  const { t, i18n } = useTranslation();
  const zone = passZone(pass);
  return {
    day: dayTitle(calendarDate(toZoned(pass.visitAt, zone).date), i18n.language as Lang),
    hours: spanIn(pass.visitAt, pass.expectedEndAt, zone),
    zone: t('visitor.pass.zone', { zone: zoneName(zone, t) }),
  };
}

/** Who is expected, when, where, by whom and why, and the visit's status. */
export function VisitPassDetails({ pass }: { pass: VisitPass }) {
  const { t } = useTranslation();
  const time = useVisitTime(pass);
  return (
    <section data-testid="visit-pass-details">
      <h1>{t('visitor.pass.greeting', { name: pass.visitorName })}</h1>
      <p className="atrium-pass-lead">{t('visitor.pass.invited', { company: pass.companyName })}</p>
      <dl className="atrium-pass-facts">
        <dt>{t('visitor.fields.status')}</dt>
        <dd>
          <span className={`atrium-pass-status is-${pass.status}`} data-testid="visit-pass-status">
            {t(`visitor.pass.statuses.${pass.status}`)}
          </span>
        </dd>
        <dt>{t('visitor.fields.visitAt')}</dt>
        <dd data-testid="visit-pass-time">
          <div>{time.day}</div>
          <div>
            <strong>{time.hours}</strong> <span className="atrium-muted">{time.zone}</span>
          </div>
        </dd>
        {pass.location ? (
          <>
            <dt>{t('visitor.fields.location')}</dt>
            <dd>{pass.location.name}</dd>
          </>
        ) : null}
        {pass.hostName ? (
          <>
            <dt>{t('visitor.fields.host')}</dt>
            <dd>{pass.hostName}</dd>
          </>
        ) : null}
        <dt>{t('visitor.fields.reason')}</dt>
        <dd>{pass.reason}</dd>
        {pass.companions.length > 0 ? (
          <>
            <dt>{t('visitor.fields.companions')}</dt>
            <dd>{pass.companions.map((companion) => companion.name).join(t('visitor.pass.listSeparator'))}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}
