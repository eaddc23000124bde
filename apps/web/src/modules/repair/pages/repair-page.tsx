import { CameraOutlined, PlusOutlined } from '@ant-design/icons';
import {
  FILTER_DEBOUNCE_MS,
  hasPermission,
  LOG_TIME_FORMAT,
  REPAIR_PHOTOS_MAX,
  REPAIR_STATUSES,
  REPAIR_TARGET_KINDS,
  REPAIR_TEXT_MAX,
  type RepairReport,
  type RepairReportDetail,
  type RepairStatus,
  type RepairTargetKind,
} from '@atrium/contract';
import { App, Button, Checkbox, Drawer, Image, Input, Select, Space, Tabs, Tag, Timeline } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { usePagination } from '../../../shared/hooks/use-pagination';
import { useSession } from '../../../shared/session/session-context';
import { DataTable, TruncatedText } from '../../../shared/ui/data-table';
import { tableEmpty } from '../../../shared/ui/empty-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { QueryBody } from '../../../shared/ui/query-body';
import { repairPhotoUrl, useAddRepairPhoto, useRepairReport, useRepairReports, useSetRepairStatus, useUpdateRepair } from '../api/repair.api';
import { InspectionsPanel } from '../../inspection/components/inspections-panel';
import { ReportProblemDialog } from '../components/report-problem-dialog';
import './repair-page.css';
import { ToolbarSearch } from '../../../shared/ui/toolbar-search';

const STATUS_COLORS: Record<RepairStatus, string> = { open: 'red', in_progress: 'gold', resolved: 'green', closed: 'default' };
const when = (ms: number) => dayjs(ms).format(LOG_TIME_FORMAT);

/** /deskeeper-repair: the repair centre's reports, with their details, photos, history and the bookings they moved. */
export function RepairPage() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<RepairStatus>();
  const [kind, setKind] = useState<RepairTargetKind>();
  const [blocking, setBlocking] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [openId, setOpenId] = useState<number>();
  // ?tab=inspections opens the inspections (a phone's shortcut for a daily round).
  const [searchParams] = useSearchParams();
  const [tab, setTab] = useState<'reports' | 'inspections'>(searchParams.get('tab') === 'inspections' ? 'inspections' : 'reports');
  const filters = { keyword: useDebouncedValue(keyword.trim(), FILTER_DEBOUNCE_MS) || undefined, status, kind, blocking: blocking ? ('true' as const) : undefined };
  const paging = usePagination(filters);
  const list = useRepairReports({ ...paging.request, ...filters });

  const columns: ColumnsType<RepairReport> = [
    {
      key: 'title',
      title: t('repair.fields.title'),
      render: (_, report) => (
        <Button type="link" className="atrium-repair-title" onClick={() => setOpenId(report.id)} data-testid={`repair-open-${report.id}`}>
          {report.title}
        </Button>
      ),
    },
    {
      key: 'target',
      title: t('repair.fields.target'),
      render: (_, report) => (
        <span className="atrium-person">
          <TruncatedText text={`${t(`repair.kinds.${report.target.kind}`)} ${report.target.name}`} isStrong />
          <TruncatedText text={report.target.place} className="atrium-muted" />
        </span>
      ),
    },
    {
      key: 'status',
      title: t('repair.fields.status'),
      render: (_, report) => (
        <Space size={4} wrap>
          <Tag color={STATUS_COLORS[report.status]} data-testid={`repair-status-${report.id}`}>
            {t(`repair.statuses.${report.status}`)}
          </Tag>
          {report.blocksUse && (report.status === 'open' || report.status === 'in_progress') ? <Tag color="volcano">{t('repair.blocksUseTag')}</Tag> : null}
        </Space>
      ),
    },
    { key: 'reportedBy', title: t('repair.fields.reportedBy'), render: (_, report) => report.reportedBy?.name ?? '—' },
    { key: 'createdAt', title: t('repair.fields.createdAt'), render: (_, report) => <span className="atrium-nowrap">{when(report.createdAt)}</span> },
  ];

  const reports = (
    <>
      <div className="atrium-toolbar">
        <ToolbarSearch value={keyword} onChange={setKeyword} label={t('repair.filters.keyword')} maxLength={100} data-testid="repair-keyword" />
        <Select<RepairStatus>
          allowClear
          value={status}
          onChange={setStatus}
          options={REPAIR_STATUSES.map((value) => ({ value, label: t(`repair.statuses.${value}`) }))}
          placeholder={t('repair.filters.status')}
          aria-label={t('repair.filters.status')}
          style={{ minWidth: 140 }}
          data-testid="repair-status-filter"
        />
        <Select<RepairTargetKind>
          allowClear
          value={kind}
          onChange={setKind}
          options={REPAIR_TARGET_KINDS.map((value) => ({ value, label: t(`repair.kinds.${value}`) }))}
          placeholder={t('repair.filters.kind')}
          aria-label={t('repair.filters.kind')}
          style={{ minWidth: 140 }}
        />
        <Checkbox checked={blocking} onChange={(event) => setBlocking(event.target.checked)} data-testid="repair-blocking-filter">
          {t('repair.filters.blocking')}
        </Checkbox>
      </div>
      <DataTable<RepairReport>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        pagination={paging.tablePagination(list.data?.total ?? 0)}
        onChange={paging.onTableChange}
        onRow={(report) => ({ 'data-testid': `repair-row-${report.id}` }) as object}
        locale={tableEmpty(t('repair.empty'))}
        data-testid="repair-table"
      />
    </>
  );

  return (
    <div className="atrium-page" data-testid="page-repair">
      <PageHeader
        title={t('repair.title')}
        subtitle={t('repair.subtitle')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setReporting(true)} data-testid="repair-new">
            {t('repair.report')}
          </Button>
        }
      />
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as 'reports' | 'inspections')}
        items={[
          { key: 'reports', label: t('inspection.reportsTab'), children: reports },
          { key: 'inspections', label: t('inspection.tab'), children: <InspectionsPanel /> },
        ]}
        data-testid="repair-tabs"
      />
      {reporting ? <ReportProblemDialog onClose={() => setReporting(false)} /> : null}
      {openId !== undefined ? <RepairDrawer id={openId} onClose={() => setOpenId(undefined)} /> : null}
    </div>
  );
}

/** A report: what, where, photos, the bookings it moved, its history, and (for editors) the next step. */
function RepairDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 640px)');
  const report = useRepairReport(id);
  return (
    <Drawer open title={t('repair.detail.title', { id })} width={phone ? '100%' : 560} onClose={onClose} destroyOnHidden data-testid="repair-drawer">
      <QueryBody query={report}>{(detail) => <RepairDetail detail={detail} />}</QueryBody>
    </Drawer>
  );
}

function RepairDetail({ detail }: { detail: RepairReportDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { user } = useSession();
  const canEdit = hasPermission(user.permissions, 'events:edit');
  const setStatus = useSetRepairStatus();
  const update = useUpdateRepair();
  const addPhoto = useAddRepairPhoto();
  const [note, setNote] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const isOpen = detail.status === 'open' || detail.status === 'in_progress';

  async function run(action: () => Promise<RepairReportDetail>) {
    try {
      await action();
      void message.success(t('repair.form.done'));
      setNote('');
    } catch {
      // The client has shown the server's reason.
    }
  }
  const next = (status: RepairStatus) => run(() => setStatus.mutateAsync({ id: detail.id, status, note: note.trim() || null }));
  const busy = setStatus.isPending || update.isPending || addPhoto.isPending;

  return (
    <div className="atrium-repair-detail">
      <h3 className="atrium-repair-detail-title">{detail.title}</h3>
      <Space size={4} wrap>
        <Tag color={STATUS_COLORS[detail.status]} data-testid="repair-detail-status">
          {t(`repair.statuses.${detail.status}`)}
        </Tag>
        {detail.blocksUse && isOpen ? <Tag color="volcano">{t('repair.blocksUseTag')}</Tag> : null}
      </Space>
      <dl className="atrium-repair-facts">
        <dt>{t('repair.fields.target')}</dt>
        <dd>
          {t(`repair.kinds.${detail.target.kind}`)} {detail.target.name} · {detail.target.place}
        </dd>
        <dt>{t('repair.fields.reportedBy')}</dt>
        <dd>
          {detail.reportedBy?.name ?? '—'} · {when(detail.createdAt)}
        </dd>
        <dt>{t('repair.fields.assignee')}</dt>
        <dd>{detail.assignee?.name ?? t('repair.detail.nobody')}</dd>
        {detail.description ? (
          <>
            <dt>{t('repair.fields.description')}</dt>
            <dd className="atrium-repair-description">{detail.description}</dd>
          </>
        ) : null}
      </dl>

      <h4>{t('repair.fields.photos')}</h4>
      <Space wrap data-testid="repair-photos">
        <Image.PreviewGroup>
          {detail.photoIds.map((photoId) => (
            <Image key={photoId} src={repairPhotoUrl(photoId)} width={96} height={96} className="atrium-repair-photo" alt={`${detail.title} (${photoId})`} />
          ))}
        </Image.PreviewGroup>
        {detail.status !== 'closed' && detail.photoIds.length < REPAIR_PHOTOS_MAX ? (
          <Button icon={<CameraOutlined />} onClick={() => fileInput.current?.click()} loading={addPhoto.isPending} data-testid="repair-detail-add-photo">
            {t('repair.detail.addPhoto')}
          </Button>
        ) : null}
        <input
          ref={fileInput}
          type="file"
          accept="image/jpeg,image/png"
          style={{ display: 'none' }}
          tabIndex={-1}
          aria-label={t('repair.detail.addPhoto')}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void run(() => addPhoto.mutateAsync({ reportId: detail.id, file }));
          }}
        />
      </Space>

      <h4>{t('repair.detail.moves')}</h4>
      {detail.moves.length === 0 ? (
        <p className="atrium-muted">{t('repair.detail.noMoves')}</p>
      ) : (
        <ul className="atrium-repair-moves" data-testid="repair-moves">
          {detail.moves.map((move) => {
            const values = { person: move.personName ?? t('repair.detail.someone'), when: dayjs(move.startAt).format('YYYY-MM-DD HH:mm'), from: move.fromName, to: move.toName };
            return <li key={`${move.reservationId}-${move.at}`}>{move.toName === null ? t('repair.detail.cancelledMove', values) : t('repair.detail.movedTo', values)}</li>;
          })}
        </ul>
      )}

      <h4>{t('repair.detail.history')}</h4>
      <Timeline
        items={detail.events.map((event) => ({
          children: (
            <div>
              <strong>{event.status ? t(`repair.detail.event.${event.status}`) : '—'}</strong> · {when(event.at)}
              {event.byName ? ` · ${event.byName}` : ''}
              {event.note ? <div className="atrium-repair-description">{event.note}</div> : null}
            </div>
          ),
        }))}
      />

      {canEdit && detail.status !== 'closed' ? (
        <div className="atrium-repair-actions" data-testid="repair-actions">
          <Input.TextArea
            value={note}
            onChange={(event) => setNote(event.target.value)}
            maxLength={REPAIR_TEXT_MAX}
            autoSize={{ minRows: 2, maxRows: 4 }}
            placeholder={t('repair.detail.note')}
            aria-label={t('repair.detail.note')}
            data-testid="repair-note"
          />
          <Space wrap>
            {detail.status === 'open' ? (
              <Button onClick={() => void next('in_progress')} disabled={busy} data-testid="repair-start">
                {t('repair.detail.start')}
              </Button>
            ) : null}
            {isOpen ? (
              <Button type="primary" onClick={() => void next('resolved')} disabled={busy} data-testid="repair-resolve">
                {t('repair.detail.resolve')}
              </Button>
            ) : (
              <Button onClick={() => void next('open')} disabled={busy} data-testid="repair-reopen">
                {t('repair.detail.reopen')}
              </Button>
            )}
            <Button onClick={() => void next('closed')} disabled={busy} data-testid="repair-close">
              {t('repair.detail.close')}
            </Button>
            {isOpen ? (
              <Button danger={!detail.blocksUse} onClick={() => void run(() => update.mutateAsync({ id: detail.id, blocksUse: !detail.blocksUse }))} disabled={busy} data-testid="repair-toggle-block">
                {detail.blocksUse ? t('repair.detail.unblock') : t('repair.detail.block')}
              </Button>
            ) : null}
          </Space>
        </div>
      ) : null}
    </div>
  );
}
