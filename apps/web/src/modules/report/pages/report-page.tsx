import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import {
  FILTER_DATE_FORMAT,
  FILTER_DEBOUNCE_MS,
  LOCATION_LEVELS,
  REPORT_CHANNELS,
  REPORT_RANGES,
  RESERVATION_STATUSES,
  toZoned,
  type ReportChannel,
  type ReportExportFormat,
  type ReportOptions,
  type ReportRange,
  type ReportRecord,
  type ReportScope,
  type ReservationStatus,
} from '@atrium/contract';
import { App, Button, DatePicker, Dropdown, Input, Select, Tabs, Tag, Tooltip, TreeSelect } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { Suspense, lazy, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { usePagination } from '../../../shared/hooks/use-pagination';
import { PageHeader } from '../../../shared/ui/page-header';
import { downloadReport, useReportAnalysis, useReportList, useReportOptions } from '../api/report.api';
import { tableEmpty } from '../../../shared/ui/empty-state';
import './report-page.css';
import { DataTable } from '../../../shared/ui/data-table';

// ECharts comes with the analysis tab alone: its own chunk, fetched when the tab first opens.
const AnalysisPanel = lazy(() => import('../components/analysis-panel').then((m) => ({ default: m.AnalysisPanel })));

type DateRange = [Dayjs | null, Dayjs | null] | null;
type Tab = 'records' | 'analysis';

const STATUS_COLORS: Record<ReservationStatus, string> = { pending: 'gold', confirmed: 'green', cancelled: 'default', rejected: 'red', expired: 'default', released: 'volcano' };

interface PlaceNode {
  value: number;
  title: string;
  children: PlaceNode[];
}

/** The location tree as a TreeSelect's data (rooms are leaves). */
function placeTree(places: ReportOptions['places']): PlaceNode[] {
  const nodes = new Map(places.map((place) => [place.id, { value: place.id, title: place.name, children: [] as PlaceNode[] }]));
  const roots: PlaceNode[] = [];
  for (const place of places) {
    const node = nodes.get(place.id)!;
    const parent = place.parentId === null ? undefined : nodes.get(place.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** "2026-11-21 09:00–10:00" in the room's zone (the end's date too when it differs). */
function localSpan(record: ReportRecord): string {
  const zone = record.timeZone ?? 'UTC';
  const start = toZoned(record.startAt, zone);
  const end = toZoned(record.endAt, zone);
  return `${start.date} ${start.time}–${end.date === start.date ? end.time : `${end.date} ${end.time}`}`;
}

const compactDay = (ms: number) => new Date(ms).toISOString().slice(0, 10).replace(/-/g, '');

/** /report: meeting records with filters and export, and the data analysis with its charts (area reports). */
export function ReportPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const isNarrow = useMediaQuery('(max-width: 767px)');
  const [tab, setTab] = useState<Tab>('records');
  const [range, setRange] = useState<ReportRange>('last30');
  const [dates, setDates] = useState<DateRange>(null);
  const [placeId, setPlaceId] = useState<number>();
  const [host, setHost] = useState('');
  const [status, setStatus] = useState<ReservationStatus>();
  const [channel, setChannel] = useState<ReportChannel>();
  const [isExporting, setExporting] = useState(false);
  const debouncedHost = useDebouncedValue(host.trim(), FILTER_DEBOUNCE_MS);

  const options = useReportOptions();
  const places = options.data?.places;
  const placeLevel = places?.find((place) => place.id === placeId)?.level;
  const tree = useMemo(() => placeTree(places ?? []), [places]);

  // A custom range is whole days in the browser's zone, half-open: [first day 00:00, day after the last 00:00).
  const custom = range === 'custom' && dates?.[0] && dates[1] ? { from: dates[0].startOf('day').valueOf(), to: dates[1].add(1, 'day').startOf('day').valueOf() } : null;
  const isReady = range !== 'custom' || custom !== null;
  const scope: Partial<ReportScope> = {
    range,
    ...(custom ?? {}),
    ...(placeId === undefined ? {} : placeLevel === LOCATION_LEVELS.room ? { roomId: placeId } : { locationId: placeId }),
  };
  const recordFilters = { ...scope, host: debouncedHost || undefined, status, channel };
  const paging = usePagination(recordFilters);
  const records = useReportList(isReady ? { ...paging.request, ...recordFilters } : { ...paging.request, range: 'last30' });
  const analysis = useReportAnalysis(scope, isReady && tab === 'analysis');
  const answered = analysis.data;
  const fileSuffix = answered ? `${compactDay(answered.from)}-${compactDay(answered.to - 1)}` : 'report';

  const exportAs = async (format: ReportExportFormat) => {
    setExporting(true);
    try {
      await downloadReport({ ...recordFilters, format }, t('report.exportFailed'));
    } catch (error) {
      void message.error((error as Error).message);
    } finally {
      setExporting(false);
    }
  };

  const columns: ColumnsType<ReportRecord> = [
    { key: 'time', title: t('report.fields.time'), width: 200, render: (_, record) => <span className="atrium-nowrap">{localSpan(record)}</span> },
    {
      key: 'title',
      title: t('report.fields.title'),
      ellipsis: true,
      render: (_, record) => record.title ?? <span className="atrium-muted">{t(record.privacy === 'busy' ? 'report.busyTitle' : 'report.privateTitle')}</span>,
    },
    {
      key: 'room',
      title: t('report.fields.room'),
      width: 180,
      render: (_, record) => (
        <Tooltip title={`${record.roomName} · ${record.locationPath}${record.timeZone ? ` · ${record.timeZone}` : ''}`}>
          <span className="atrium-truncate">{record.roomName}</span>
        </Tooltip>
      ),
    },
    { key: 'host', title: t('report.fields.host'), dataIndex: 'hostName', width: 150, render: (name: string | null) => name ?? '—' },
    { key: 'minutes', title: t('report.fields.minutes'), width: 90, align: 'right', render: (_, record) => Math.round((record.endAt - record.startAt) / 60_000) },
    {
      key: 'status',
      title: t('report.fields.status'),
      dataIndex: 'status',
      width: 150,
      render: (value: ReservationStatus, record) => (
        <Tag color={STATUS_COLORS[value]} data-testid={`report-status-${record.id}`}>
          {t(`report.statuses.${value}`)}
        </Tag>
      ),
    },
    { key: 'channel', title: t('report.fields.channel'), dataIndex: 'channel', width: 110, render: (value: ReportChannel) => t(`report.channels.${value}`) },
    { key: 'recurring', title: t('report.fields.recurring'), dataIndex: 'isRecurring', width: 90, render: (value: boolean) => (value ? t('report.yes') : t('report.no')) },
    { key: 'participants', title: t('report.fields.participants'), dataIndex: 'participantCount', width: 100, align: 'right' },
  ];

  const scopeFilters = (
    <div className="atrium-report-filters" data-testid="report-scope">
      <Select
        value={range}
        onChange={(value: ReportRange) => setRange(value)}
        options={REPORT_RANGES.map((value) => ({ value, label: t(`report.ranges.${value}`) }))}
        aria-label={t('report.filters.range')}
        style={{ minWidth: 150 }}
        data-testid="report-range"
      />
      {range === 'custom' ? (
        <DatePicker.RangePicker
          value={dates}
          onChange={(value) => setDates(value)}
          format={FILTER_DATE_FORMAT}
          placeholder={[t('report.filters.from'), t('report.filters.to')]}
          data-testid="report-dates"
        />
      ) : null}
      <TreeSelect
        allowClear
        showSearch
        treeNodeFilterProp="title"
        value={placeId}
        onChange={(value?: number) => setPlaceId(value)}
        treeData={tree}
        treeDefaultExpandAll
        placeholder={t('report.filters.place')}
        aria-label={t('report.filters.place')}
        style={{ minWidth: 220 }}
        popupMatchSelectWidth={false}
        data-testid="report-place"
      />
    </div>
  );

  return (
    <div className="atrium-page atrium-report" data-testid="page-report">
      <PageHeader title={t('report.title')} subtitle={t('report.subtitle')} />
      {scopeFilters}
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as Tab)}
        items={[
          {
            key: 'records',
            label: t('report.tabs.records'),
            children: (
              <div data-testid="report-records">
                <div className="atrium-report-filters">
                  <Input
                    allowClear
                    prefix={<SearchOutlined />}
                    value={host}
                    onChange={(change) => setHost(change.target.value)}
                    placeholder={t('report.filters.host')}
                    aria-label={t('report.filters.host')}
                    data-testid="report-filter-host"
                  />
                  <Select
                    allowClear
                    value={status}
                    onChange={(value?: ReservationStatus) => setStatus(value)}
                    options={RESERVATION_STATUSES.map((value) => ({ value, label: t(`report.statuses.${value}`) }))}
                    placeholder={t('report.filters.status')}
                    aria-label={t('report.filters.status')}
                    style={{ minWidth: 160 }}
                    data-testid="report-filter-status"
                  />
                  <Select
                    allowClear
                    value={channel}
                    onChange={(value?: ReportChannel) => setChannel(value)}
                    options={REPORT_CHANNELS.map((value) => ({ value, label: t(`report.channels.${value}`) }))}
                    placeholder={t('report.filters.channel')}
                    aria-label={t('report.filters.channel')}
                    style={{ minWidth: 140 }}
                    data-testid="report-filter-channel"
                  />
                  <Dropdown
                    disabled={!isReady}
                    menu={{
                      items: [
                        { key: 'xlsx', label: t('report.exportXlsx'), 'data-testid': 'report-export-xlsx' } as { key: string; label: string },
                        { key: 'csv', label: t('report.exportCsv'), 'data-testid': 'report-export-csv' } as { key: string; label: string },
                      ],
                      onClick: ({ key }) => void exportAs(key as ReportExportFormat),
                    }}
                  >
                    <Button type="primary" icon={<DownloadOutlined />} loading={isExporting} data-testid="report-export">
                      {t('report.export')}
                    </Button>
                  </Dropdown>
                </div>
                <DataTable<ReportRecord>
                  rowKey="id"
                  size="middle"
                  columns={columns}
                  dataSource={isReady ? (records.data?.list ?? []) : []}
                  loading={records.isFetching}
                  pagination={paging.tablePagination(isReady ? (records.data?.total ?? 0) : 0)}
                  onChange={paging.onTableChange}
                  onRow={(record) => ({ 'data-testid': `report-row-${record.id}` }) as object}
                  locale={tableEmpty(isReady ? t('report.empty') : t('report.chooseDates'))}
                  data-testid="report-table"
                />
              </div>
            ),
          },
          {
            key: 'analysis',
            label: t('report.tabs.analysis'),
            children: (
              <div data-testid="report-analysis">
                {isReady ? (
                  <Suspense fallback={null}>
                    <AnalysisPanel analysis={analysis.data} isLoading={analysis.isFetching} error={analysis.error} fileSuffix={fileSuffix} isNarrow={isNarrow} />
                  </Suspense>
                ) : (
                  <p className="atrium-muted">{t('report.chooseDates')}</p>
                )}
              </div>
            ),
          },
        ]}
        destroyOnHidden={false}
        data-testid="report-tabs"
      />
    </div>
  );
}
