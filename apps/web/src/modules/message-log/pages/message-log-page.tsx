import { LockOutlined, SearchOutlined } from '@ant-design/icons';
import {
  FILTER_DATE_FORMAT,
  FILTER_DEBOUNCE_MS,
  LOG_TIME_FORMAT,
  MESSAGE_CHANNELS,
  MESSAGE_EVENTS,
  MailStatus,
  NOTIFICATION_EVENTS,
  type MessageChannel,
  type MessageEvent,
  type MessageLogEntry,
  type NotificationEvent,
} from '@atrium/contract';
import { DatePicker, Input, Segmented, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { usePagination } from '../../../shared/hooks/use-pagination';
import { NotificationActionTag } from '../../../shared/notifications/notification-action-tag';
import { notificationText } from '../../../shared/notifications/notification-text';
import { PageHeader } from '../../../shared/ui/page-header';
import { useMessageLog } from '../api/message-log.api';
import { tableEmpty } from '../../../shared/ui/empty-state';
import './message-log-page.css';
import { DataTable } from '../../../shared/ui/data-table';

type Result = MailStatus;
const RESULT_COLORS: Record<Result, string> = { queued: 'processing', sent: 'green', failed: 'red', kept: 'blue' };
type DateRange = [Dayjs | null, Dayjs | null] | null;

/**
 * /message-log: every message the console sent, one channel at a time (mail, or notifications in
 * the console), with its result, retries, and what to do when it failed (area messages).
 */
export function MessageLogPage() {
  const { t } = useTranslation();
  const [channel, setChannel] = useState<MessageChannel>('mail');
  const [event, setEvent] = useState<MessageEvent>();
  const [result, setResult] = useState<Result>();
  const [keyword, setKeyword] = useState('');
  const [dates, setDates] = useState<DateRange>(null);
  const debounced = useDebouncedValue(keyword.trim(), FILTER_DEBOUNCE_MS);
  const isMail = channel === 'mail';
  const filters = {
    channel,
    event,
    result: isMail ? result : undefined,
    keyword: debounced || undefined,
    from: dates?.[0]?.startOf('day').valueOf(),
    to: dates?.[1] ? dates[1].add(1, 'day').startOf('day').valueOf() : undefined,
  };
  const paging = usePagination(filters);
  const log = useMessageLog({ ...paging.request, ...filters });

  const columns: ColumnsType<MessageLogEntry> = [
    { key: 'createdAt', title: t('message-log.fields.time'), dataIndex: 'createdAt', width: 170, render: (at: number) => <span className="atrium-nowrap">{dayjs(at).format(LOG_TIME_FORMAT)}</span> },
    { key: 'event', title: t('message-log.fields.event'), dataIndex: 'event', width: 150, render: (value: MessageEvent) => t(`message-log.events.${value}`) },
    { key: 'to', title: t('message-log.fields.to'), dataIndex: 'to', width: 220, ellipsis: true },
    {
      key: 'description',
      title: t('message-log.fields.description'),
      dataIndex: 'description',
      ellipsis: true,
      // A console notification keeps facts: it is worded in the reader's language, as under the bell.
      render: (text: string, entry) => (entry.params ? notificationText(t, entry.event as NotificationEvent, entry.params).headline : text),
    },
    { key: 'operator', title: t('message-log.fields.operator'), dataIndex: 'operatorName', width: 150, render: (name: string | null) => name ?? t('message-log.system') },
    {
      key: 'result',
      title: t('message-log.fields.result'),
      dataIndex: 'result',
      width: 150,
      render: (value: Result, entry) =>
        entry.channel === 'console' ? (
          <div>
            <Tag color={entry.readAt === null ? 'gold' : 'green'} data-testid={`message-result-${entry.id}`}>
              {entry.readAt === null ? t('message-log.results.unread') : t('message-log.results.read')}
            </Tag>
            <NotificationActionTag action={entry.action} testId={`message-action-${entry.id}`} />
          </div>
        ) : (
          <div>
            <Tag color={RESULT_COLORS[value]} data-testid={`message-result-${entry.id}`}>
              {t(`message-log.results.${value}`)}
            </Tag>
            {entry.isRedacted ? (
              <Tag icon={<LockOutlined />} className="atrium-message-redacted" data-testid={`message-redacted-${entry.id}`}>
                {t('message-log.redacted')}
              </Tag>
            ) : null}
            {entry.attempts > 1 ? <div className="atrium-muted">{t('message-log.attempts', { count: entry.attempts })}</div> : null}
            {entry.nextAttemptAt !== null ? (
              <div className="atrium-muted atrium-nowrap" data-testid={`message-retry-${entry.id}`}>
                {t('message-log.nextAttempt', { time: dayjs(entry.nextAttemptAt).format('HH:mm') })}
              </div>
            ) : null}
          </div>
        ),
    },
    ...(isMail
      ? ([
          { key: 'errorCode', title: t('message-log.fields.errorCode'), dataIndex: 'errorCode', width: 110, render: (code: string | null) => code ?? '—' },
          {
            key: 'solution',
            title: t('message-log.fields.solution'),
            render: (_, entry) =>
              entry.solution ? (
                <div className="atrium-message-solution" data-testid={`message-solution-${entry.id}`}>
                  {t(`message-log.solutions.${entry.solution}`)}
                  {entry.error ? <div className="atrium-muted">{entry.error}</div> : null}
                </div>
              ) : (
                '—'
              ),
          },
        ] satisfies ColumnsType<MessageLogEntry>)
      : []),
  ];

  return (
    <div className="atrium-page" data-testid="page-message-log">
      <PageHeader title={t('message-log.title')} subtitle={t('message-log.subtitle')} />
      <Segmented<MessageChannel>
        className="atrium-message-channel"
        value={channel}
        onChange={(value) => {
          setChannel(value);
          // Kinds of message the console never shows would filter the other channel empty.
          if (value === 'console' && event && !(NOTIFICATION_EVENTS as readonly string[]).includes(event)) setEvent(undefined);
        }}
        options={MESSAGE_CHANNELS.map((value) => ({ value, label: t(`message-log.channels.${value}`) }))}
        data-testid="message-channel"
      />
      <div className="atrium-message-filters">
        <Select
          allowClear
          value={event}
          onChange={(value?: MessageEvent) => setEvent(value)}
          options={(isMail ? MESSAGE_EVENTS : NOTIFICATION_EVENTS).map((value) => ({ value, label: t(`message-log.events.${value}`) }))}
          placeholder={t('message-log.filters.event')}
          aria-label={t('message-log.filters.event')}
          style={{ minWidth: 180 }}
          data-testid="message-filter-event"
        />
        {isMail ? (
        <Select
          allowClear
          value={result}
          onChange={(value?: Result) => setResult(value)}
          options={MailStatus.options.map((value) => ({ value, label: t(`message-log.results.${value}`) }))}
          placeholder={t('message-log.filters.result')}
          aria-label={t('message-log.filters.result')}
          style={{ minWidth: 140 }}
          data-testid="message-filter-result"
        />
        ) : null}
        <Input
          allowClear
          prefix={<SearchOutlined />}
          value={keyword}
          onChange={(change) => setKeyword(change.target.value)}
          placeholder={isMail ? t('message-log.filters.keyword') : t('message-log.filters.keywordConsole')}
          aria-label={isMail ? t('message-log.filters.keyword') : t('message-log.filters.keywordConsole')}
          data-testid="message-filter-keyword"
        />
        <DatePicker.RangePicker
          value={dates}
          onChange={(range) => setDates(range)}
          format={FILTER_DATE_FORMAT}
          allowEmpty={[true, true]}
          placeholder={[t('message-log.filters.from'), t('message-log.filters.to')]}
          data-testid="message-filter-dates"
        />
      </div>
      <DataTable<MessageLogEntry>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={log.data?.list ?? []}
        loading={log.isFetching}
        pagination={paging.tablePagination(log.data?.total ?? 0)}
        onChange={paging.onTableChange}
        onRow={(entry) => ({ 'data-testid': `message-row-${entry.id}` }) as object}
        locale={tableEmpty(t('message-log.empty'))}
        data-testid="message-table"
      />
    </div>
  );
}
