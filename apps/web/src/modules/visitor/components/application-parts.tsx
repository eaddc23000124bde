import { hasPermission, type Visit } from '@atrium/contract';
import { Card, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { TruncatedText } from '../../../shared/ui/data-table';
import { ApplicationActions } from './application-actions';
import { ApplicationTag, useVisitTime, VisitTimeCell, WatchTag } from './visit-parts';
import './application-parts.css';

/**
 * Whether the caller decides a pending application, as the server's list has it: the visitor's host
 * (in the invite page's area) or reception with edit. The server has the last word (a watchlist entry
 * may leave it to reception) and answers with a message.
 */
export function canDecideApplication(user: { id: number; permissions: readonly string[] }, visit: Pick<Visit, 'host' | 'approval'>): boolean {
  if (visit.approval?.state !== 'pending') return false;
  return hasPermission(user.permissions, 'visitorDisplay:edit') || (hasPermission(user.permissions, 'events:view') && visit.host?.id === user.id);
}

/** The applicant's name (with VIP and the watchlist's word, reception's only) over their company. */
export function ApplicantCell({ visit }: { visit: Visit }) {
  const { t } = useTranslation();
  return (
    <span className="atrium-person">
      <span className="atrium-person-line">
        <TruncatedText text={visit.visitorName} isStrong />
        {visit.isVip ? <Tag color="gold">{t('visitor.fields.vip')}</Tag> : null}
        <WatchTag visit={visit} />
      </span>
      {visit.visitorCompany ? <TruncatedText text={visit.visitorCompany} className="atrium-muted" /> : null}
    </span>
  );
}

/** The visitor's e-mail address and phone, each on its line. */
export function ContactCell({ visit }: { visit: Visit }) {
  return (
    <span className="atrium-person">
      {visit.email ? <TruncatedText text={visit.email} /> : null}
      {visit.phone ? <span className="atrium-nowrap">{visit.phone}</span> : null}
    </span>
  );
}

/** Where the visitor is (or will be) and when, in the viewer's zone with the location's clock beneath. */
export function PlaceTimeCell({ visit }: { visit: Visit }) {
  return (
    <span className="atrium-person">
      <TruncatedText text={visit.location?.name ?? '—'} />
      <VisitTimeCell visit={visit} />
    </span>
  );
}

/** Who decided and when, and the reason the visitor was given for a rejection. */
export function DecisionCell({ visit }: { visit: Visit }) {
  const { t } = useTranslation();
  const time = useVisitTime();
  const approval = visit.approval;
  if (!approval || approval.state === 'pending') return null;
  const decider = approval.decidedBy?.name ?? t('visitor.detail.none');
  return (
    <span className="atrium-application-decision" data-testid={`visit-decision-${visit.id}`}>
      <span>{approval.decidedAt === null ? decider : t('visitor.apply.decision', { name: decider, time: time(approval.decidedAt) })}</span>
      {approval.reason ? <span className="atrium-muted">{t('visitor.apply.reasonGiven', { reason: approval.reason })}</span> : null}
    </span>
  );
}

/** One application as a card, for a phone: the table's columns one under the other, the actions at the foot. */
export function ApplicationCard({ visit, canDecide }: { visit: Visit; canDecide: boolean }) {
  const { t } = useTranslation();
  const time = useVisitTime();
  return (
    <Card size="small" className="atrium-application-card" data-testid={`application-row-${visit.id}`}>
      <div className="atrium-application-card-head">
        <ApplicantCell visit={visit} />
        <ApplicationTag visit={visit} />
      </div>
      <dl className="atrium-application-facts">
        <dt>{t('visitor.apply.fields.contact')}</dt>
        <dd>
          <ContactCell visit={visit} />
        </dd>
        <dt>{t('visitor.fields.reason')}</dt>
        <dd>{visit.reason}</dd>
        <dt>{t('visitor.apply.fields.visit')}</dt>
        <dd>
          <PlaceTimeCell visit={visit} />
        </dd>
        <dt>{t('visitor.apply.fields.registeredAt')}</dt>
        <dd>{time(visit.createdAt)}</dd>
        <dt>{t('visitor.fields.host')}</dt>
        <dd>{visit.host?.name ?? '—'}</dd>
        {visit.approval && visit.approval.state !== 'pending' ? (
          <>
            <dt>{t('visitor.apply.fields.decision')}</dt>
            <dd>
              <DecisionCell visit={visit} />
            </dd>
          </>
        ) : null}
      </dl>
      {canDecide ? <ApplicationActions visit={visit} /> : null}
    </Card>
  );
}
