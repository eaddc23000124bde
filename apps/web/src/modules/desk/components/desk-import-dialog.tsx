import type { DeskImportReport, DeskImportResult } from '@atrium/contract';
import { Alert, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../shared/ui/data-table';
import { SpreadsheetImportDialog } from '../../../shared/ui/spreadsheet-import-dialog';
import { useImportDesks } from '../api/desk.api';

type ReportRow = DeskImportReport['rows'][number];

const RESULT_COLORS: Record<DeskImportResult, string> = { created: 'green', updated: 'blue', unchanged: 'default', refused: 'red' };

/** The report's rows as the dialog shows them: refused ones first, each group in the file's order. */
export const reportOrder = (rows: ReportRow[]) => [...rows.filter((row) => row.result === 'refused'), ...rows.filter((row) => row.result !== 'refused')];

/**
 * Imports desks from a spreadsheet (decision 0019, "Desk import and export"): checked first, then
 * imported; the report lists every row, refused ones first, and the neighbourhoods the file adds.
 */
export function DeskImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const run = useImportDesks();

  const columns: ColumnsType<ReportRow> = [
    { key: 'sheet', title: t('desk.sheet.sheet'), dataIndex: 'sheet' },
    { key: 'row', title: t('desk.sheet.row'), dataIndex: 'row', width: 80 },
    { key: 'number', title: t('desk.fields.number'), render: (_, row) => row.number ?? '—' },
    {
      key: 'result',
      title: t('desk.sheet.result'),
      render: (_, row) => <Tag color={RESULT_COLORS[row.result]}>{t(`desk.sheet.results.${row.result}`)}</Tag>,
    },
    { key: 'reasons', title: t('desk.sheet.reasons'), render: (_, row) => row.reasons.join('; ') || '—' },
  ];

  function renderReport(report: DeskImportReport) {
    const rows = reportOrder(report.rows);
    return (
      <>
        <Alert type={report.counts.refused ? 'warning' : 'success'} showIcon title={t(report.dryRun ? 'desk.sheet.checked' : 'desk.sheet.done', report.counts)} data-testid="desk-import-counts" />
        {report.neighbourhoodsCreated.length ? (
          <p className="atrium-muted" data-testid="desk-import-neighbourhoods">
            {t(report.dryRun ? 'desk.sheet.neighbourhoodsToAdd' : 'desk.sheet.neighbourhoodsAdded', { names: report.neighbourhoodsCreated.join(', ') })}
          </p>
        ) : null}
        <DataTable<ReportRow>
          size="small"
          rowKey={(row) => `${row.sheet}:${row.row}`}
          columns={columns}
          dataSource={rows}
          pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
          onRow={(row) => ({ 'data-testid': `desk-import-row-${row.result}` }) as object}
        />
      </>
    );
  }

  return (
    <SpreadsheetImportDialog<DeskImportReport>
      title={t('desk.sheet.importTitle')}
      help={t('desk.sheet.help')}
      send={run.mutateAsync}
      isSending={run.isPending}
      renderReport={renderReport}
      testIdPrefix="desk-import"
      width={760}
      onClose={onClose}
    />
  );
}
