import type { OnSiteList, OnSiteVisit, VisitLocation } from '@atrium/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useVisitTime } from './visit-parts';

/** A place as the invite form's picker names it: "Building / Floor", or a building alone. */
export const placeName = (place: Pick<VisitLocation, 'name' | 'buildingName'>) => (place.buildingName ? `${place.buildingName} / ${place.name}` : place.name);

/** The people at one location: its visits in the list's order, and how many people they are. */
export interface OnSiteGroup {
  /** The location's id, or `none` for visits whose location was deleted. */
  key: string;
  location: OnSiteVisit['location'];
  visits: OnSiteVisit[];
  people: number;
}

/** The list by location, in the server's order (building, location, visitor); each visitor with their companions counts. */
export function groupByLocation(visits: readonly OnSiteVisit[]): OnSiteGroup[] {
  const groups = new Map<string, OnSiteGroup>();
  for (const visit of visits) {
    const key = visit.location ? String(visit.location.id) : 'none';
    const group = groups.get(key) ?? { key, location: visit.location, visits: [], people: 0 };
    group.visits.push(visit);
    group.people += 1 + visit.companions.length;
    groups.set(key, group);
  }
  return [...groups.values()];
}

export interface MusterTableProps {
  list: OnSiteList;
  /** `print` adds the roll call's tick column and leaves out test ids (the printed copy repeats the screen's). */
  variant: 'screen' | 'print';
}

/**
 * Everyone on site as one table, a header row per location with its count: each visitor with their
 * company, host and check-in time (the viewer's zone), their companions indented beneath them.
 */
export function MusterTable({ list, variant }: MusterTableProps) {
  const { t } = useTranslation();
  const time = useVisitTime();
  const isPrint = variant === 'print';
  const columns = isPrint ? 5 : 4;
  const id = (value: string) => (isPrint ? undefined : value);
  return (
    <table className="atrium-muster-table">
      <thead>
        <tr>
          {isPrint ? <th className="atrium-muster-tick">{t('visitor.onSite.tick')}</th> : null}
          <th>{t('visitor.fields.name')}</th>
          <th>{t('visitor.fields.company')}</th>
          <th>{t('visitor.fields.host')}</th>
          <th>{t('visitor.fields.checkedInAt')}</th>
        </tr>
      </thead>
      {groupByLocation(list.visits).map((group) => (
        <tbody key={group.key} data-testid={id(`visit-on-site-group-${group.key}`)}>
          <tr className="atrium-muster-group">
            <th colSpan={columns} scope="colgroup">
              {group.location ? placeName(group.location) : t('visitor.onSite.noLocation')}
              <span className="atrium-muster-count" data-testid={id(`visit-on-site-count-${group.key}`)}>
                {t('visitor.onSite.people', { count: group.people })}
              </span>
            </th>
          </tr>
          {group.visits.map((visit) => (
            <MusterRows key={visit.id} visit={visit} isPrint={isPrint} checkedIn={time(visit.checkedInAt) ?? ''} />
          ))}
        </tbody>
      ))}
    </table>
  );
}

function MusterRows({ visit, isPrint, checkedIn }: { visit: OnSiteVisit; isPrint: boolean; checkedIn: string }) {
  const { t } = useTranslation();
  const tick = isPrint ? <td className="atrium-muster-tick" aria-hidden /> : null;
  return (
    <>
      <tr data-testid={isPrint ? undefined : `visit-on-site-person-${visit.id}`}>
        {tick}
        <td className="atrium-muster-name">
          {visit.visitorName}
          {visit.isVip ? isPrint ? ` (${t('visitor.fields.vip')})` : <Tag color="gold" style={{ marginInlineStart: 6 }}>{t('visitor.fields.vip')}</Tag> : null}
        </td>
        <td>{visit.visitorCompany ?? ''}</td>
        <td>{visit.host?.name ?? ''}</td>
        <td className="atrium-nowrap">{checkedIn}</td>
      </tr>
      {visit.companions.map((companion, n) => (
        <tr key={n} className="atrium-muster-companion" data-testid={isPrint ? undefined : `visit-on-site-companion-${visit.id}-${n}`}>
          {tick}
          <td className="atrium-muster-name">{companion.name}</td>
          <td colSpan={3} className="atrium-muted">
            {t('visitor.onSite.companionOf', { name: visit.visitorName })}
          </td>
        </tr>
      ))}
    </>
  );
}
