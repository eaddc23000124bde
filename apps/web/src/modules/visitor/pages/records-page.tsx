import { ScanOutlined, TeamOutlined } from '@ant-design/icons';
import { FILTER_DEBOUNCE_MS, hasPermission, VISIT_STATUSES, type Visit, type VisitStatus } from '@atrium/contract';
import { App, Button, DatePicker, Input, Select, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { usePagination } from '../../../shared/hooks/use-pagination';
import { DataTable, TruncatedText } from '../../../shared/ui/data-table';
import { tableEmpty } from '../../../shared/ui/empty-state';
import { MountWhenOpened } from '../../../shared/ui/mount-when-opened';
import { PageHeader } from '../../../shared/ui/page-header';
import { ApiError } from '../../../shared/api/api-client';
import { useSession } from '../../../shared/session/session-context';
import { useCheckInVisit, useCheckOutVisit, useScanVisitPass, useVisits } from '../api/visitor.api';
import { BadgePrintButton } from '../components/badge-print-button';
import { VisitorCell, VisitStateTags, VisitTimeCell } from '../components/visit-parts';
import { VisitExportButton } from '../components/visit-export-button';
import { ToolbarSearch } from '../../../shared/ui/toolbar-search';

/**
 * /guider-record: the visits the caller may read (decision 0018: reception and administrators the
 * company's, everyone else those they host or invited), by visitor, status and visit dates.
 */
export function RecordsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<VisitStatus>();
  const [dates, setDates] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const filters = {
    keyword: useDebouncedValue(keyword.trim(), FILTER_DEBOUNCE_MS) || undefined,
    status,
    from: dates?.[0]?.startOf('day').valueOf(),
    to: dates?.[1]?.add(1, 'day').startOf('day').valueOf(),
  };
  const paging = usePagination(filters);
  const visits = useVisits({ ...paging.request, ...filters });
  const { message } = App.useApp();
  const { user } = useSession();
  const checkIn = useCheckInVisit();
  const checkOut = useCheckOutVisit();
  // Reception checks anyone in and out; a host (in the invite page's area) their own visitors.
  const canAct = (visit: Visit) =>
    hasPermission(user.permissions, 'visitorDisplay:edit') || (hasPermission(user.permissions, 'events:view') && (visit.host?.id === user.id || visit.inviter?.id === user.id));

  // A walk-in is checked in only once their application is approved (a rejected one is cancelled).
  const canCheckIn = (visit: Visit) => canAct(visit) && (visit.status === 'notResponded' || visit.status === 'responded') && (!visit.approval || visit.approval.state === 'approved');

  const isReception = hasPermission(user.permissions, 'visitorDisplay:edit');
  // Badges are reception's (visitor display view), for any visit not cancelled.
  const canPrintBadge = (visit: Visit) => hasPermission(user.permissions, 'visitorDisplay:view') && visit.status !== 'cancelled';
  const scan = useScanVisitPass();
  const [code, setCode] = useState('');

  /** A scanner types the pass's link and Enter: the visitor is checked in, and the field is ready for the next. */
  async function checkInScanned(value: string) {
    if (!value.trim()) return;
    try {
      const { name } = await scan.mutateAsync(value);
      setCode('');
      void message.success(t('visitor.records.checkedIn', { name }));
    } catch (error) {
      if (error instanceof ApiError) void message.error(error.message);
      else throw error;
    }
  }

  async function act(visit: Visit, kind: 'checkIn' | 'checkOut') {
    try {
      await (kind === 'checkIn' ? checkIn : checkOut).mutateAsync(visit.id);
      void message.success(t(kind === 'checkIn' ? 'visitor.records.checkedIn' : 'visitor.records.checkedOut', { name: visit.visitorName }));
    } catch (error) {
      if (error instanceof ApiError) void message.error(error.message);
      else throw error;
    }
  }

  const columns: ColumnsType<Visit> = [
    { key: 'visitor', title: t('visitor.fields.visitor'), render: (_, visit) => <VisitorCell visit={visit} /> },
    { key: 'visitAt', title: t('visitor.fields.visitAt'), render: (_, visit) => <VisitTimeCell visit={visit} /> },
    { key: 'location', title: t('visitor.fields.location'), render: (_, visit) => <TruncatedText text={visit.location?.name ?? '—'} /> },
    { key: 'reason', title: t('visitor.fields.reason'), render: (_, visit) => <TruncatedText text={visit.reason} /> },
    { key: 'host', title: t('visitor.fields.host'), render: (_, visit) => <TruncatedText text={visit.host?.name ?? '—'} /> },
    { key: 'status', title: t('visitor.fields.status'), render: (_, visit) => <VisitStateTags visit={visit} /> },
    {
      key: 'actions',
      title: t('visitor.fields.actions'),
      render: (_, visit) => (
        <Space size="small" wrap>
          {canCheckIn(visit) ? (
            <Button size="small" type="primary" ghost onClick={() => void act(visit, 'checkIn')} data-testid={`visit-check-in-${visit.id}`}>
              {t('visitor.records.checkIn')}
            </Button>
          ) : null}
          {canAct(visit) && visit.status === 'checkedIn' ? (
            <Button size="small" onClick={() => void act(visit, 'checkOut')} data-testid={`visit-check-out-${visit.id}`}>
              {t('visitor.records.checkOut')}
            </Button>
          ) : null}
          {canPrintBadge(visit) ? <BadgePrintButton visitId={visit.id} size="small" /> : null}
          <Button size="small" onClick={() => void navigate(`/record-detail/${visit.id}`)} data-testid={`visit-open-${visit.id}`}>
            {t('visitor.records.open')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div className="atrium-page" data-testid="page-visitor-records">
      <PageHeader title={t('visitor.records.title')} subtitle={t('visitor.records.subtitle')} extra={hasPermission(user.permissions, 'visitorDisplay:view') ? <OnSiteButton /> : null} />
      <div className="atrium-toolbar">
        <ToolbarSearch value={keyword} onChange={setKeyword} label={t('visitor.records.keyword')} maxLength={100} data-testid="visit-keyword" />
        <div className="atrium-toolbar-actions">
        {isReception ? (
          <Input.Search
            value={code}
            onChange={(event) => setCode(event.target.value)}
            onSearch={(value) => void checkInScanned(value)}
            prefix={<ScanOutlined />}
            enterButton={t('visitor.records.checkIn')}
            loading={scan.isPending}
            placeholder={t('visitor.records.scan')}
            aria-label={t('visitor.records.scan')}
            style={{ width: 300 }}
            data-testid="visit-scan"
          />
        ) : null}
        <Select<VisitStatus>
          allowClear
          value={status}
          onChange={(value) => setStatus(value)}
          options={VISIT_STATUSES.map((value) => ({ value, label: t(`visitor.statuses.${value}`) }))}
          placeholder={t('visitor.records.status')}
          aria-label={t('visitor.records.status')}
          style={{ minWidth: 160 }}
          data-testid="visit-status-filter"
        />
        <DatePicker.RangePicker value={dates} onChange={(value) => setDates(value)} aria-label={t('visitor.records.dates')} data-testid="visit-dates" />
        <VisitExportButton filters={filters} hasVisits={visits.data?.total !== 0} />
        </div>
      </div>
      <DataTable<Visit>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={visits.data?.list ?? []}
        loading={visits.isFetching}
        pagination={paging.tablePagination(visits.data?.total ?? 0)}
        onChange={paging.onTableChange}
        onRow={(visit) => ({ 'data-testid': `visit-row-${visit.id}` }) as object}
        locale={tableEmpty(t('visitor.records.empty'))}
        data-testid="visit-table"
      />
    </div>
  );
}

// ---- On site now ----

const loadOnSiteDrawer = () => import('../components/on-site-drawer');
const OnSiteDrawer = lazy(() => loadOnSiteDrawer().then((module) => ({ default: module.OnSiteDrawer })));

/**
 * Reception's "On site now" (visitor display view): the muster list in a drawer. Its code is fetched
 * in the background with the page, not with it, so that the drawer still opens once the network drops.
 */
function OnSiteButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    // Offline already: the drawer's code loads when it is opened, if it can.
    loadOnSiteDrawer().catch(() => undefined);
  }, []);
  return (
    <>
      <Button icon={<TeamOutlined />} onClick={() => setOpen(true)} data-testid="visit-on-site-open">
        {t('visitor.onSite.open')}
      </Button>
      <MountWhenOpened open={open}>
        <OnSiteDrawer open={open} onClose={() => setOpen(false)} />
      </MountWhenOpened>
    </>
  );
}
