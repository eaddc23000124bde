import { UploadOutlined } from '@ant-design/icons';
import type { AssetImportReport } from '@atrium/contract';
import { Alert, Button, List, Modal, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useImportAssets } from '../api/asset.api';

/** Imports assets from a spreadsheet: first checked (a dry run showing each row's fate), then written. */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File>();
  const [report, setReport] = useState<AssetImportReport>();
  const run = useImportAssets();

  async function send(dryRun: boolean) {
    if (!file) return;
    try {
      setReport(await run.mutateAsync({ file, dryRun }));
    } catch {
      // The client has shown the server's reason.
    }
  }

  const isDone = report !== undefined && !report.dryRun;
  return (
    <Modal
      open
      title={t('asset.import.title')}
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          {isDone ? t('asset.actions.close') : t('asset.actions.cancel')}
        </Button>,
        <Button key="check" disabled={!file || isDone} loading={run.isPending && !report} onClick={() => void send(true)} data-testid="asset-import-check">
          {t('asset.import.check')}
        </Button>,
        <Button key="run" type="primary" disabled={!report?.dryRun} loading={run.isPending && report !== undefined} onClick={() => void send(false)} data-testid="asset-import-run">
          {t('asset.import.run')}
        </Button>,
      ]}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <span className="atrium-muted">{t('asset.import.help')}</span>
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
          data-testid="asset-import-file"
        >
          <Button icon={<UploadOutlined />}>{t('asset.import.choose')}</Button>
        </Upload>
        {report ? (
          <div data-testid="asset-import-report">
            <Alert
              type={report.refused.length ? 'warning' : 'success'}
              showIcon
              title={t(report.dryRun ? 'asset.import.checked' : 'asset.import.done', { created: report.created.length, updated: report.updated.length, refused: report.refused.length })}
            />
            {report.refused.length ? (
              <List
                size="small"
                dataSource={report.refused}
                renderItem={(row) => (
                  <List.Item data-testid={`asset-import-refused-${row.row}`}>
                    {t('asset.import.row', { sheet: row.sheet, row: row.row, tag: row.tag ?? '—' })}: {row.reasons.join('; ')}
                  </List.Item>
                )}
              />
            ) : null}
          </div>
        ) : null}
      </Space>
    </Modal>
  );
}
