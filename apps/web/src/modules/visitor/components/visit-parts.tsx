import { toZoned, type Visit, type VisitApprovalState, type VisitStatus } from '@atrium/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useViewerZone } from '../../../shared/time-zone/viewer-zone';
import { roomLocalText } from '../../../shared/time-zone/zone-text';
import { TruncatedText } from '../../../shared/ui/data-table';

/** How the invite form's pickers show a moment. */
export const VISIT_TIME_FORMAT = 'YYYY-MM-DD HH:mm';

/** `YYYY-MM-DD HH:mm` of an instant in a zone. */
export function zonedText(ms: number, zone: string): string {
  const { date, time } = toZoned(ms, zone);
  return `${date} ${time}`;
}

/** A moment in the viewer's zone (decision 0011), as lists and details show it. */
export function useVisitTime(): (ms: number | null) => string | null {
  const zone = useViewerZone();
  return (ms) => (ms === null ? null : zonedText(ms, zone));
}

/**
 * A visit's time in the viewer's zone, with its local time at the location beneath when that zone
 * shows it differently ("14:00–15:30 Shanghai"), as the booking pages do for rooms.
 */
export function VisitTimeCell({ visit }: { visit: Visit }) {
  const { t } = useTranslation();
  const zone = useViewerZone();
  const local = roomLocalText({ startAt: visit.visitAt, endAt: visit.expectedEndAt }, visit.location?.timeZone ?? null, zone, t);
  return (
    <span className="atrium-person">
      <span className="atrium-nowrap">{zonedText(visit.visitAt, zone)}</span>
      {local ? <span className="atrium-muted atrium-nowrap">{local}</span> : null}
    </span>
  );
}

const STATUS_COLORS: Record<VisitStatus, string> = {
  notResponded: 'default',
  responded: 'blue',
  checkedIn: 'green',
  checkedOut: 'default',
  expired: 'default',
  noShow: 'orange',
  cancelled: 'red',
};

/** A visit's status as a tag. */
export function VisitStatusTag({ visit }: { visit: Pick<Visit, 'id' | 'status'> }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLORS[visit.status]} data-testid={`visit-status-${visit.id}`}>
      {t(`visitor.statuses.${visit.status}`)}
    </Tag>
  );
}

const APPROVAL_COLORS: Record<VisitApprovalState, string> = { pending: 'gold', approved: 'green', rejected: 'red' };

/** A walk-in's application as a tag ("Awaiting approval", "Approved", "Rejected"); nothing for an invitation. */
export function ApplicationTag({ visit }: { visit: Pick<Visit, 'id' | 'approval'> }) {
  const { t } = useTranslation();
  if (!visit.approval) return null;
  return (
    <Tag color={APPROVAL_COLORS[visit.approval.state]} data-testid={`visit-approval-${visit.id}`}>
      {t(`visitor.apply.states.${visit.approval.state}`)}
    </Tag>
  );
}

/** A visit's status, and its application's state while that matters (a walk-in's). */
export function VisitStateTags({ visit }: { visit: Pick<Visit, 'id' | 'status' | 'approval'> }) {
  return (
    <span className="atrium-nowrap">
      <VisitStatusTag visit={visit} />
      <ApplicationTag visit={visit} />
    </span>
  );
}

/** The visitor's name (with VIP and companions) over their company or contact. */
export function VisitorCell({ visit }: { visit: Visit }) {
  const { t } = useTranslation();
  const extra = [visit.visitorCompany ?? visit.email ?? visit.phone, visit.companions.length > 0 ? `+${visit.companions.length}` : null].filter(Boolean).join(' · ');
  return (
    <span className="atrium-person">
      <span>
        <TruncatedText text={visit.visitorName} isStrong />
        {visit.isVip ? (
          <Tag color="gold" style={{ marginInlineStart: 6 }}>
            {t('visitor.fields.vip')}
          </Tag>
        ) : null}
        <WatchTag visit={visit} />
      </span>
      {extra ? <TruncatedText text={extra} className="atrium-muted" /> : null}
    </span>
  );
}

const WATCH_COLORS = { alert: 'orange', approval: 'gold', refuse: 'red' } as const;

/** The watchlist's word on a visitor: only reception's answers carry it (decision 0018). */
export function WatchTag({ visit }: { visit: Visit }) {
  const { t } = useTranslation();
  if (!visit.watch) return null;
  return (
    <Tag color={WATCH_COLORS[visit.watch.action]} style={{ marginInlineStart: 6 }} title={visit.watch.name} data-testid={`visit-watch-${visit.id}`}>
      {t(`visitor.watch.tag.${visit.watch.action}`)}
    </Tag>
  );
}
