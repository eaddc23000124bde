import { UploadOutlined } from '@ant-design/icons';
import type { DeskImportReport, DeskImportResult } from '@atrium/contract';
import { Alert, Button, Modal, Space, Tag, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../shared/ui/data-table';
import { useImportDesks } from '../api/desk.api';

type ReportRow = DeskImportReport['rows'][number];

const RESULT_COLORS: Record<DeskImportResult, string> = { created: 'green', updated: 'blue', unchanged: 'default', refused: 'red' };

/** The report's rows as the dialog shows them: refused ones first, each group in the file's order. */
export const reportOrder = (rows: ReportRow[]) => [...rows.filter((row) => row.result === 'refused'), ...rows.filter((row) => row.result !== 'refused')];

/**
 * Imports desks from a spreadsheet (decision 0019, "Desk import and export"), as the assets page does:
 * the file is checked first (a dry run reporting each row's fate), then imported; the desk table
 * refreshes once it is written.
 */
export function DeskImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File>();
  const [report, setReport] = useState<DeskImportReport>();
  const run = useImportDesks();
  const rows = useMemo(() => (report ? reportOrder(report.rows) : []), [report]);

  async function send(dryRun: boolean) {
    if (!file) return;
    try {
      setReport(await run.mutateAsync({ file, dryRun }));
    } catch {
      // The client has shown the server's reason.
    }
  }

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

  const isDone = report !== undefined && !report.dryRun;
  return (
    <Modal
      open
      width={760}
      title={t('desk.sheet.importTitle')}
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          {isDone ? t('desk.sheet.close') : t('desk.settings.cancel')}
        </Button>,
        <Button key="check" disabled={!file || isDone} loading={run.isPending && !report} onClick={() => void send(true)} data-testid="desk-import-check">
          {t('desk.sheet.check')}
        </Button>,
        <Button key="run" type="primary" disabled={!report?.dryRun} loading={run.isPending && report !== undefined} onClick={() => void send(false)} data-testid="desk-import-run">
          {t('desk.sheet.run')}
        </Button>,
      ]}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <span className="atrium-muted">{t('desk.sheet.help')}</span>
        <Upload
          accept=".xlsx,.xls,.csv"
          maxCount={1}
          beforeUpload={(chosen) => {
            setFile(chosen);
            setReport(undefined);
            return false;
          }}
          onRemove={() => {
            setFile(undefined);
            setReport(undefined);
          }}
          data-testid="desk-import-file"
        >
          <Button icon={<UploadOutlined />}>{t('desk.sheet.choose')}</Button>
        </Upload>
        {report ? (
          <div data-testid="desk-import-report">
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
          </div>
        ) : null}
      </Space>
    </Modal>
  );
}
