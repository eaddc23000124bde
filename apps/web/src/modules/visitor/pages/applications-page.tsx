import { ArrowLeftOutlined } from '@ant-design/icons';
import { VISIT_APPROVAL_STATES, type Visit, type VisitApprovalState } from '@atrium/contract';
import { Alert, Button, Pagination, Spin, Tabs } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { usePagination } from '../../../shared/hooks/use-pagination';
import { useSession } from '../../../shared/session/session-context';
import { DataTable, TruncatedText } from '../../../shared/ui/data-table';
import { EmptyState, tableEmpty } from '../../../shared/ui/empty-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { useApplications } from '../api/visitor.api';
import { ApplicationActions } from '../components/application-actions';
import { ApplicantCell, ApplicationCard, canDecideApplication, ContactCell, DecisionCell, PlaceTimeCell } from '../components/application-parts';
import { useVisitTime } from '../components/visit-parts';
import './applications-page.css';

/**
 * /guider-apply (under Invitations in the menu): the walk-ins who registered themselves and wait for
 * the caller's decision (their host's; reception's for the whole company), and those decided.
 * Read again every 30 seconds: a visitor may be standing at the door.
 */
export function ApplicationsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const isPhone = useMediaQuery('(max-width: 640px)');
  const [state, setState] = useState<VisitApprovalState>('pending');
  const paging = usePagination({ state });
  const applications = useApplications({ ...paging.request, state });
  const time = useVisitTime();
  const list = applications.data?.list ?? [];
  const pagination = paging.tablePagination(applications.data?.total ?? 0);
  const empty = t(`visitor.apply.empty.${state}`);
  // A spinner for another tab or page, not for the refresh every 30 seconds.
  const isLoading = applications.isPending || applications.isPlaceholderData;

  const columns: ColumnsType<Visit> = [
    { key: 'visitor', title: t('visitor.fields.visitor'), render: (_, visit) => <ApplicantCell visit={visit} /> },
    { key: 'contact', title: t('visitor.apply.fields.contact'), render: (_, visit) => <ContactCell visit={visit} /> },
    { key: 'reason', title: t('visitor.fields.reason'), render: (_, visit) => <TruncatedText text={visit.reason} /> },
    { key: 'visit', title: t('visitor.apply.fields.visit'), render: (_, visit) => <PlaceTimeCell visit={visit} /> },
    { key: 'registeredAt', title: t('visitor.apply.fields.registeredAt'), render: (_, visit) => <span className="atrium-nowrap">{time(visit.createdAt)}</span> },
    { key: 'host', title: t('visitor.fields.host'), render: (_, visit) => <TruncatedText text={visit.host?.name ?? '—'} /> },
    state === 'pending'
      ? { key: 'actions', title: t('visitor.fields.actions'), render: (_, visit) => (canDecideApplication(user, visit) ? <ApplicationActions visit={visit} size="small" /> : null) }
      : { key: 'decision', title: t('visitor.apply.fields.decision'), className: 'atrium-wide-column', render: (_, visit) => <DecisionCell visit={visit} /> },
  ];

  return (
    <div className="atrium-page" data-testid="page-visitor-applications">
      <PageHeader
        title={t('visitor.apply.title')}
        subtitle={t('visitor.apply.subtitle')}
        extra={
          <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate('/guider-invite')} data-testid="applications-back">
            {t('visitor.apply.back')}
          </Button>
        }
      />
      <Tabs
        activeKey={state}
        onChange={(key) => setState(key as VisitApprovalState)}
        items={VISIT_APPROVAL_STATES.map((value) => ({ key: value, label: <span data-testid={`applications-tab-${value}`}>{t(`visitor.apply.tabs.${value}`)}</span> }))}
      />
      {applications.isError ? <Alert type="warning" showIcon className="atrium-applications-alert" title={applications.error.message} data-testid="applications-failed" /> : null}
      {isPhone ? (
        <Spin spinning={isLoading}>
          <div className="atrium-application-cards" data-testid="applications-list">
            {list.length === 0 ? <EmptyState description={empty} /> : null}
            {list.map((visit) => (
              <ApplicationCard key={visit.id} visit={visit} canDecide={canDecideApplication(user, visit)} />
            ))}
            <Pagination
              size="small"
              align="end"
              {...pagination}
              showSizeChanger={false}
              onChange={(current, pageSize) => paging.onTableChange({ current, pageSize })}
            />
          </div>
        </Spin>
      ) : (
        <DataTable<Visit>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list}
          loading={isLoading}
          pagination={pagination}
          onChange={paging.onTableChange}
          onRow={(visit) => ({ 'data-testid': `application-row-${visit.id}` }) as object}
          locale={tableEmpty(empty)}
          data-testid="applications-list"
        />
      )}
    </div>
  );
}
