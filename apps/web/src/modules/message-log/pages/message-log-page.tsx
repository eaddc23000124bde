import { SearchOutlined } from '@ant-design/icons';
import {
  FILTER_DATE_FORMAT,
  FILTER_DEBOUNCE_MS,
  LOG_TIME_FORMAT,
  MESSAGE_EVENTS,
  MailStatus,
  type MessageEvent,
  type MessageLogEntry,
} from '@atrium/contract';
import { DatePicker, Input, Select, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { usePagination } from '../../../shared/hooks/use-pagination';
import { PageHeader } from '../../../shared/ui/page-header';
import { useMessageLog } from '../api/message-log.api';
import './message-log-page.css';

type Result = MailStatus;
const RESULT_COLORS: Record<Result, string> = { queued: 'processing', sent: 'green', failed: 'red', kept: 'blue' };
type DateRange = [Dayjs | null, Dayjs | null] | null;

/** /message-log: every message the console sent, with its result and what to do when it failed (area messages). */
export function MessageLogPage() {
  const { t } = useTranslation();
  const [event, setEvent] = useState<MessageEvent>();
  const [result, setResult] = useState<Result>();
  const [keyword, setKeyword] = useState('');
  const [dates, setDates] = useState<DateRange>(null);
  const debounced = useDebouncedValue(keyword.trim(), FILTER_DEBOUNCE_MS);
  const filters = {
    event,
    result,
    keyword: debounced || undefined,
    from: dates?.[0]?.startOf('day').valueOf(),
    to: dates?.[1] ? dates[1].add(1, 'day').startOf('day').valueOf() : undefined,
  };
  const paging = usePagination(filters);
  const log = useMessageLog({ ...paging.request, ...filters });

  const columns: ColumnsType<MessageLogEntry> = [
    { key: 'createdAt', title: t('messageLog.fields.time'), dataIndex: 'createdAt', width: 170, render: (at: number) => <span className="atrium-nowrap">{dayjs(at).format(LOG_TIME_FORMAT)}</span> },
    { key: 'event', title: t('messageLog.fields.event'), dataIndex: 'event', width: 150, render: (value: MessageEvent) => t(`messageLog.events.${value}`) },
    { key: 'to', title: t('messageLog.fields.to'), dataIndex: 'to', width: 220, ellipsis: true },
    { key: 'description', title: t('messageLog.fields.description'), dataIndex: 'description', ellipsis: true },
    { key: 'operator', title: t('messageLog.fields.operator'), dataIndex: 'operatorName', width: 150, render: (name: string | null) => name ?? t('messageLog.system') },
    {
      key: 'result',
      title: t('messageLog.fields.result'),
      dataIndex: 'result',
      width: 110,
      render: (value: Result, entry) => (
        <Tag color={RESULT_COLORS[value]} data-testid={`message-result-${entry.id}`}>
          {t(`messageLog.results.${value}`)}
        </Tag>
      ),
    },
    { key: 'errorCode', title: t('messageLog.fields.errorCode'), dataIndex: 'errorCode', width: 110, render: (code: string | null) => code ?? '—' },
    {
      key: 'solution',
      title: t('messageLog.fields.solution'),
      render: (_, entry) =>
        entry.solution ? (
          <div className="atrium-message-solution" data-testid={`message-solution-${entry.id}`}>
            {t(`messageLog.solutions.${entry.solution}`)}
            {entry.error ? <div className="atrium-muted">{entry.error}</div> : null}
          </div>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <div className="atrium-page" data-testid="page-message-log">
      <PageHeader title={t('messageLog.title')} subtitle={t('messageLog.subtitle')} />
      <div className="atrium-message-filters">
        <Select
          allowClear
          value={event}
          onChange={(value?: MessageEvent) => setEvent(value)}
          options={MESSAGE_EVENTS.map((value) => ({ value, label: t(`messageLog.events.${value}`) }))}
          placeholder={t('messageLog.filters.event')}
          aria-label={t('messageLog.filters.event')}
          style={{ minWidth: 180 }}
          data-testid="message-filter-event"
        />
        <Select
          allowClear
          value={result}
          onChange={(value?: Result) => setResult(value)}
          options={MailStatus.options.map((value) => ({ value, label: t(`messageLog.results.${value}`) }))}
          placeholder={t('messageLog.filters.result')}
          aria-label={t('messageLog.filters.result')}
          style={{ minWidth: 140 }}
          data-testid="message-filter-result"
        />
        <Input
          allowClear
          prefix={<SearchOutlined />}
          value={keyword}
          onChange={(change) => setKeyword(change.target.value)}
          placeholder={t('messageLog.filters.keyword')}
          aria-label={t('messageLog.filters.keyword')}
          data-testid="message-filter-keyword"
        />
        <DatePicker.RangePicker
          value={dates}
          onChange={(range) => setDates(range)}
          format={FILTER_DATE_FORMAT}
          allowEmpty={[true, true]}
          placeholder={[t('messageLog.filters.from'), t('messageLog.filters.to')]}
          data-testid="message-filter-dates"
        />
      </div>
      <Table<MessageLogEntry>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={log.data?.list ?? []}
        loading={log.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={paging.tablePagination(log.data?.total ?? 0)}
        onChange={paging.onTableChange}
        onRow={(entry) => ({ 'data-testid': `message-row-${entry.id}` }) as object}
        locale={{ emptyText: t('messageLog.empty') }}
        data-testid="message-table"
      />
    </div>
  );
}
