import { ReloadOutlined } from '@ant-design/icons';
import { FILTER_DATE_FORMAT, FILTER_DEBOUNCE_MS, FrontendErrorKind, LOG_TIME_FORMAT, TEXT_MAX, type FrontendLogEntry } from '@atrium/contract';
import { Button, DatePicker, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { usePagination } from '../../../shared/hooks/use-pagination';
import { DataTable, TruncatedText } from '../../../shared/ui/data-table';
import { PageHeader } from '../../../shared/ui/page-header';
import { useFrontendLog } from '../api/frontend-log.api';
import './frontend-log-page.css';
import { ToolbarSearch } from '../../../shared/ui/toolbar-search';

type DateRange = [Dayjs | null, Dayjs | null] | null;

const KIND_COLORS: Record<FrontendErrorKind, string> = { error: 'error', rejection: 'warning', render: 'magenta', request: 'processing' };

/** The browser of a user-agent string, shortly: the product and major version a person recognises. */
export function browserName(userAgent: string | null): string {
  if (!userAgent) return '';
  // Edge and Opera also name Chrome, and Chrome names Safari: the most specific product first.
  const products: Array<[string, string]> = [['Edg', 'Edge'], ['HeadlessChrome', 'Headless Chrome'], ['OPR', 'Opera'], ['Firefox', 'Firefox'], ['Chrome', 'Chrome'], ['Version', 'Safari']];
  for (const [token, name] of products) {
    const match = new RegExp(`(?:^|[\\s(;])${token}/(\\d+)`).exec(userAgent);
    if (match) return `${name} ${match[1]}`;
  }
  return userAgent.slice(0, 40);
}

/** /log: the errors the company's consoles met (scripts, pages that failed to draw, failed requests), newest first. */
export function FrontendLogPage() {
  const { t } = useTranslation();
  const [user, setUser] = useState('');
  const [path, setPath] = useState('');
  const [kind, setKind] = useState<FrontendErrorKind>();
  const [dates, setDates] = useState<DateRange>(null);
  const debouncedUser = useDebouncedValue(user.trim(), FILTER_DEBOUNCE_MS);
  const debouncedPath = useDebouncedValue(path.trim(), FILTER_DEBOUNCE_MS);
  const filters = {
    user: debouncedUser || undefined,
    path: debouncedPath || undefined,
    kind,
    from: dates?.[0]?.startOf('day').valueOf(),
    to: dates?.[1]?.endOf('day').valueOf(),
  };
  const paging = usePagination(filters);
  const log = useFrontendLog({ ...paging.request, ...filters });
  const isFiltered = user !== '' || path !== '' || kind !== undefined || dates !== null;

  const columns: ColumnsType<FrontendLogEntry> = [
    { key: 'at', title: t('frontend-log.fields.at'), dataIndex: 'at', width: 180, render: (at: number) => <span className="atrium-nowrap">{dayjs(at).format(LOG_TIME_FORMAT)}</span> },
    {
      key: 'kind',
      title: t('frontend-log.fields.kind'),
      dataIndex: 'kind',
      width: 130,
      render: (value: FrontendErrorKind) => (
        <Tag color={KIND_COLORS[value]} variant="filled">
          {t(`frontend-log.kinds.${value}`)}
        </Tag>
      ),
    },
    { key: 'page', title: t('frontend-log.fields.page'), dataIndex: 'page', width: 200, render: (page: string) => <TruncatedText text={page} /> },
    {
      key: 'message',
      title: t('frontend-log.fields.message'),
      render: (_, entry) => (
        <span>
          <TruncatedText text={entry.message} />
          {entry.count > 1 ? <Tag className="atrium-log-count">×{entry.count}</Tag> : null}
        </span>
      ),
    },
    { key: 'user', title: t('frontend-log.fields.user'), dataIndex: 'userName', width: 160, ellipsis: true, render: (name: string | null) => name ?? '' },
    {
      key: 'browser',
      title: t('frontend-log.fields.browser'),
      dataIndex: 'userAgent',
      width: 140,
      render: (agent: string | null) => <span title={agent ?? undefined}>{browserName(agent)}</span>,
    },
  ];

  return (
    <div className="atrium-page" data-testid="page-frontend-log">
      <PageHeader
        title={t('frontend-log.title')}
        subtitle={t('frontend-log.subtitle')}
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => void log.refetch()} loading={log.isFetching} data-testid="frontend-log-refresh">
            {t('frontend-log.refresh')}
          </Button>
        }
      />
      <div className="atrium-toolbar atrium-frontend-log-filters">
        <ToolbarSearch value={user} onChange={setUser} label={t('frontend-log.filters.user')} maxLength={TEXT_MAX} data-testid="frontend-log-filter-user" />
        <ToolbarSearch value={path} onChange={setPath} label={t('frontend-log.filters.page')} maxLength={TEXT_MAX} data-testid="frontend-log-filter-page" />
        <Select
          allowClear
          value={kind}
          onChange={(value?: FrontendErrorKind) => setKind(value)}
          options={FrontendErrorKind.options.map((value) => ({ value, label: t(`frontend-log.kinds.${value}`) }))}
          placeholder={t('frontend-log.filters.kind')}
          aria-label={t('frontend-log.filters.kind')}
          style={{ width: 160 }}
          data-testid="frontend-log-filter-kind"
        />
        <DatePicker.RangePicker
          value={dates}
          onChange={(range) => setDates(range)}
          format={FILTER_DATE_FORMAT}
          allowEmpty={[true, true]}
          placeholder={[t('frontend-log.filters.from'), t('frontend-log.filters.to')]}
          data-testid="frontend-log-filter-dates"
        />
        <Button
          disabled={!isFiltered}
          onClick={() => {
            setUser('');
            setPath('');
            setKind(undefined);
            setDates(null);
          }}
          data-testid="frontend-log-filter-reset"
        >
          {t('frontend-log.filters.reset')}
        </Button>
      </div>
      <DataTable<FrontendLogEntry>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={log.data?.list ?? []}
        loading={log.isFetching}
        pagination={paging.tablePagination(log.data?.total ?? 0)}
        onChange={paging.onTableChange}
        onRow={(entry) => ({ 'data-testid': `frontend-log-row-${entry.id}` }) as object}
        expandable={{
          rowExpandable: (entry) => entry.stack !== null,
          expandedRowRender: (entry) => (
            <pre className="atrium-log-stack" data-testid={`frontend-log-stack-${entry.id}`}>
              {entry.stack}
            </pre>
          ),
        }}
        data-testid="frontend-log-table"
      />
    </div>
  );
}
