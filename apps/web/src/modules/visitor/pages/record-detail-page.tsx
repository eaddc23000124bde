import { ArrowLeftOutlined } from '@ant-design/icons';
import { hasPermission, type Visit, type VisitApproval } from '@atrium/contract';
import { Button, Card, Descriptions, Result, Skeleton, Space, Tag, Timeline } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useTabTitle } from '../../../shared/routing/use-tab-title';
import { useSession } from '../../../shared/session/session-context';
import { PageHeader } from '../../../shared/ui/page-header';
import { useVisit } from '../api/visitor.api';
import { BadgePrintButton } from '../components/badge-print-button';
import { ApplicationActions } from '../components/application-actions';
import { canDecideApplication } from '../components/application-parts';
import { ApplicationTag, useVisitTime, VisitStateTags } from '../components/visit-parts';
import { hasVisitSteps, VisitStepsCard } from '../components/visit-steps-card';
import { roomLocalText } from '../../../shared/time-zone/zone-text';
import { useViewerZone } from '../../../shared/time-zone/viewer-zone';
import './record-detail-page.css';

/** /record-detail/:id: one visit, who came with whom, what they did before check-in, and what happened when (under Visit records in the menu). */
export function RecordDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id: idParam } = useParams();
  const id = Number(idParam);
  const visit = useVisit(id);
  useTabTitle(`/record-detail/${idParam ?? ''}`, visit.data?.visitorName);
  const { user } = useSession();
  // Reception prints badges (visitor display view), for a visit not cancelled.
  const canPrintBadge = visit.data !== undefined && visit.data.status !== 'cancelled' && hasPermission(user.permissions, 'visitorDisplay:view');
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate('/guider-record')} data-testid="visit-detail-back">
      {t('visitor.detail.back')}
    </Button>
  );

  if (visit.isError || !Number.isInteger(id) || id <= 0) {
    return (
      <div className="atrium-page" data-testid="page-visit-detail">
        <Result status="404" title={t('visitor.detail.notFound')} extra={back} />
      </div>
    );
  }

  return (
    <div className="atrium-page" data-testid="page-visit-detail">
      <PageHeader
        title={visit.data ? visit.data.visitorName : t('visitor.detail.title')}
        subtitle={visit.data ? <VisitStateTags visit={visit.data} /> : null}
        extra={
          <Space>
            {canPrintBadge ? <BadgePrintButton visitId={id} /> : null}
            {back}
          </Space>
        }
      />
      {visit.data ? <VisitDetails visit={visit.data} /> : <Skeleton active />}
    </div>
  );
}

/** A walk-in's application: its state, who decided it and when, the reason the visitor was given; the decision while pending. */
function ApplicationDecisionCard({ visit, approval }: { visit: Visit; approval: VisitApproval }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const visitTime = useVisitTime();
  return (
    <Card title={t('visitor.apply.detailTitle')} extra={<ApplicationTag visit={visit} />} data-testid="visit-detail-application">
      {approval.state === 'pending' ? (
        <>
          <p className="atrium-muted">{t('visitor.apply.detailPending')}</p>
          {canDecideApplication(user, visit) ? <ApplicationActions visit={visit} /> : null}
        </>
      ) : (
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('visitor.apply.fields.decidedBy')}>{approval.decidedBy?.name ?? t('visitor.detail.none')}</Descriptions.Item>
          {approval.decidedAt !== null ? <Descriptions.Item label={t('visitor.apply.fields.decidedAt')}>{visitTime(approval.decidedAt)}</Descriptions.Item> : null}
          {approval.state === 'rejected' ? <Descriptions.Item label={t('visitor.apply.fields.rejectReason')}>{approval.reason ?? t('visitor.detail.none')}</Descriptions.Item> : null}
        </Descriptions>
      )}
    </Card>
  );
}

function VisitDetails({ visit }: { visit: Visit }) {
  const { t } = useTranslation();
  const visitTime = useVisitTime();
  const local = roomLocalText({ startAt: visit.visitAt, endAt: visit.expectedEndAt }, visit.location?.timeZone ?? null, useViewerZone(), t);
  const none = t('visitor.detail.none');
  const approval = visit.approval;
  const decided = approval?.state === 'pending' ? null : approval;
  // A walk-in registered themselves, and was approved or rejected; an invitation was sent.
  const history = (
    [
      [t(approval ? 'visitor.apply.fields.registeredAt' : 'visitor.fields.createdAt'), visit.createdAt],
      [decided ? t(`visitor.apply.states.${decided.state}`) : '', decided?.decidedAt ?? null],
      [t('visitor.fields.respondedAt'), visit.respondedAt],
      [t('visitor.fields.checkedInAt'), visit.checkedInAt],
      [t('visitor.fields.checkedOutAt'), visit.checkedOutAt],
      [t('visitor.fields.cancelledAt'), visit.cancelledAt],
    ] as const
  ).filter((entry): entry is [string, number] => entry[1] !== null);

  return (
    <div className="atrium-visit-detail">
      {visit.approval ? <ApplicationDecisionCard visit={visit} approval={visit.approval} /> : null}
      {hasVisitSteps(visit) ? <VisitStepsCard visit={visit} /> : null}
      <Card title={t('visitor.detail.visitor')}>
        <Descriptions column={1} size="small" data-testid="visit-detail-visitor">
          <Descriptions.Item label={t('visitor.fields.name')}>
            {visit.visitorName}
            {visit.isVip ? (
              <Tag color="gold" style={{ marginInlineStart: 6 }}>
                {t('visitor.fields.vip')}
              </Tag>
            ) : null}
          </Descriptions.Item>
          <Descriptions.Item label={t('visitor.fields.email')}>{visit.email ?? none}</Descriptions.Item>
          <Descriptions.Item label={t('visitor.fields.phone')}>{visit.phone ?? none}</Descriptions.Item>
          <Descriptions.Item label={t('visitor.fields.company')}>{visit.visitorCompany ?? none}</Descriptions.Item>
          <Descriptions.Item label={t('visitor.fields.type')}>{t(`visitor.types.${visit.type}`)}</Descriptions.Item>
          <Descriptions.Item label={t('visitor.fields.companions')}>
            {visit.companions.length === 0 ? (
              none
            ) : (
              <ul className="atrium-visit-companion-list" data-testid="visit-detail-companions">
                {visit.companions.map((companion, index) => (
                  <li key={index}>{[companion.name, companion.email, companion.phone].filter(Boolean).join(' · ')}</li>
                ))}
              </ul>
            )}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('visitor.detail.visit')}>
        <Descriptions column={1} size="small" data-testid="visit-detail-visit">
          <Descriptions.Item label={t('visitor.fields.visitAt')}>{visitTime(visit.visitAt)}</Descriptions.Item>
          <Descriptions.Item label={t('visitor.fields.expectedEndAt')}>{visitTime(visit.expectedEndAt)}</Descriptions.Item>
          {local ? <Descriptions.Item label={t('visitor.detail.localTime')}>{local}</Descriptions.Item> : null}
          <Descriptions.Item label={t('visitor.fields.location')}>{visit.location?.name ?? none}</Descriptions.Item>
          <Descriptions.Item label={t('visitor.fields.reason')}>{visit.reason}</Descriptions.Item>
          <Descriptions.Item label={t('visitor.fields.host')}>{visit.host?.name ?? none}</Descriptions.Item>
          <Descriptions.Item label={t('visitor.fields.inviter')}>{visit.inviter?.name ?? none}</Descriptions.Item>
          <Descriptions.Item label={t('visitor.fields.method')}>{t(`visitor.methods.${visit.method}`)}</Descriptions.Item>
          <Descriptions.Item label={t('visitor.fields.note')}>{visit.note ?? none}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('visitor.detail.history')}>
        <Timeline
          data-testid="visit-detail-history"
          items={history.map(([label, at]) => ({ children: `${label} · ${visitTime(at)}` }))}
        />
      </Card>
    </div>
  );
}
