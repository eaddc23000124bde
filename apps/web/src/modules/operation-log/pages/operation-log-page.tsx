import { ReloadOutlined } from '@ant-design/icons';
import {
  FILTER_DATE_FORMAT,
  FILTER_DEBOUNCE_MS,
  LOG_TIME_FORMAT,
  OPERATION_ACTIONS,
  TEXT_MAX,
  type OperationLogEntry,
  type OperationResult,
} from '@atrium/contract';
import { Button, DatePicker, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { usePagination } from '../../../shared/hooks/use-pagination';
import { PageHeader } from '../../../shared/ui/page-header';
import { actionName, targetTypeName } from '../action-names';
import { downloadOperationLog, useOperationLog } from '../api/operation-log.api';
import { ExportButton } from '../../../shared/ui/export-button';
import { OperationDetail } from '../components/operation-detail';
import './operation-log-page.css';
import { DataTable, TruncatedText } from '../../../shared/ui/data-table';
import { ToolbarSearch } from '../../../shared/ui/toolbar-search';

type DateRange = [Dayjs | null, Dayjs | null] | null;

const RESULT_COLORS: Record<OperationResult, string> = { success: 'success', failure: 'error' };

/** /operation-log: who changed what in the company, when, from where, and whether it went through. */
export function OperationLogPage() {
  const { t, i18n } = useTranslation();
  const [action, setAction] = useState<string>();
  const [actor, setActor] = useState('');
  const [result, setResult] = useState<OperationResult>();
  const [dates, setDates] = useState<DateRange>(null);
  const debouncedActor = useDebouncedValue(actor.trim(), FILTER_DEBOUNCE_MS);
  // A date range covers whole days in the browser's time zone (spec 000 section 9: days start at 00:00:00).
  const from = dates?.[0]?.startOf('day').valueOf();
  const to = dates?.[1]?.endOf('day').valueOf();
  const filters = { action, actor: debouncedActor || undefined, result, from, to };
  const paging = usePagination(filters);
  const log = useOperationLog({ ...paging.request, ...filters });

  const actionOptions = useMemo(
    () =>
      OPERATION_ACTIONS.map((value) => ({ value, label: actionName(t, value) }))
        .sort((a, b) => a.label.localeCompare(b.label, i18n.language)),
    [t, i18n],
  );
  const isFiltered = action !== undefined || actor !== '' || result !== undefined || dates !== null;

  const columns: ColumnsType<OperationLogEntry> = [
    { key: 'at', title: t('operation-log.fields.at'), dataIndex: 'at', width: 180, render: (at: number) => <span className="atrium-nowrap">{dayjs(at).format(LOG_TIME_FORMAT)}</span> },
    { key: 'actor', title: t('operation-log.fields.actor'), dataIndex: 'actorName', width: 180, ellipsis: true },
    {
      key: 'action',
      title: t('operation-log.fields.action'),
      dataIndex: 'action',
      width: 220,
      render: (value: string) => <span title={value}>{actionName(t, value)}</span>,
    },
    {
      key: 'target',
      title: t('operation-log.fields.target'),
      render: (_, entry) => (
        <span className="atrium-log-target">
          <Tag variant="filled">{targetTypeName(t, entry.targetType)}</Tag>
          <TruncatedText text={entry.targetName ?? (entry.targetId !== null ? `#${entry.targetId}` : '')} />
        </span>
      ),
    },
    {
      key: 'result',
      title: t('operation-log.fields.result'),
      dataIndex: 'result',
      width: 110,
      render: (value: OperationResult) => (
        <Tag color={RESULT_COLORS[value]} variant="filled">
          {t(`operation-log.results.${value}`)}
        </Tag>
      ),
    },
    { key: 'ip', title: t('operation-log.fields.ip'), dataIndex: 'ip', width: 140, render: (ip: string | null) => ip ?? '' },
  ];

  return (
    <div className="atrium-page" data-testid="page-operation-log">
      <PageHeader
        title={t('operation-log.title')}
        subtitle={t('operation-log.subtitle')}
        extra={
          <>
            <ExportButton
              testId="log-export"
              labels={{ button: t('operation-log.export'), xlsx: t('operation-log.exportXlsx'), csv: t('operation-log.exportCsv') }}
              onExport={(format) => downloadOperationLog(filters, format, t('operation-log.exportFailed'))}
            />
            <Button icon={<ReloadOutlined />} onClick={() => void log.refetch()} loading={log.isFetching} data-testid="log-refresh">
              {t('operation-log.refresh')}
            </Button>
          </>
        }
      />
      <div className="atrium-toolbar atrium-log-filters">
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          value={action}
          onChange={(value?: string) => setAction(value)}
          options={actionOptions}
          placeholder={t('operation-log.filters.action')}
          aria-label={t('operation-log.filters.action')}
          className="atrium-log-filter-action"
          data-testid="log-filter-action"
        />
        <ToolbarSearch value={actor} onChange={setActor} label={t('operation-log.filters.actor')} maxLength={TEXT_MAX} data-testid="log-filter-actor" />
        <Select
          allowClear
          value={result}
          onChange={(value?: OperationResult) => setResult(value)}
          options={(['success', 'failure'] as const).map((value) => ({ value, label: t(`operation-log.results.${value}`) }))}
          placeholder={t('operation-log.filters.result')}
          aria-label={t('operation-log.filters.result')}
          className="atrium-log-filter-result"
          data-testid="log-filter-result"
        />
        <DatePicker.RangePicker
          value={dates}
          onChange={(range) => setDates(range)}
          format={FILTER_DATE_FORMAT}
          allowEmpty={[true, true]}
          placeholder={[t('operation-log.filters.from'), t('operation-log.filters.to')]}
          data-testid="log-filter-dates"
        />
        <Button
          disabled={!isFiltered}
          onClick={() => {
            setAction(undefined);
            setActor('');
            setResult(undefined);
            setDates(null);
          }}
          data-testid="log-filter-reset"
        >
          {t('operation-log.filters.reset')}
        </Button>
      </div>
      <DataTable<OperationLogEntry>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={log.data?.list ?? []}
        loading={log.isFetching}
        pagination={paging.tablePagination(log.data?.total ?? 0)}
        onChange={paging.onTableChange}
        onRow={(entry) => ({ 'data-testid': `log-row-${entry.id}` }) as object}
        expandable={{
          rowExpandable: (entry) => entry.detail !== null,
          expandedRowRender: (entry) => <OperationDetail entry={entry} />,
        }}
        data-testid="log-table"
      />
    </div>
  );
}
