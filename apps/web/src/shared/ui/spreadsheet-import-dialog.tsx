import { UploadOutlined } from '@ant-design/icons';
import { Button, Modal, Space, Upload } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface SpreadsheetImportDialogProps<Report extends { dryRun: boolean }> {
  title: string;
  /** What the file must hold, shown above the file choice. */
  help: string;
  /** Sends the file: a dry run first (`dryRun` true), then the import; rejects when the server refused it. */
  send(input: { file: File; dryRun: boolean }): Promise<Report>;
  isSending: boolean;
  /** The report of the last check or import, under the file choice. */
  renderReport(report: Report): ReactNode;
  /** Prefix of the test ids: `<prefix>-file`, `-check`, `-run`, `-report`. */
  testIdPrefix: string;
  width?: number;
  onClose(): void;
}

/**
 * Imports records from a spreadsheet, as every list with an import does (assets, desks): the file is checked
 * first (a dry run reporting each row's fate), then imported; a new file clears the report, and the import is
 * offered only after a check of this file. The caller's `send` refreshes its list once written.
 */
export function SpreadsheetImportDialog<Report extends { dryRun: boolean }>({ title, help, send, isSending, renderReport, testIdPrefix, width, onClose }: SpreadsheetImportDialogProps<Report>) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File>();
  const [report, setReport] = useState<Report>();

  async function submit(dryRun: boolean) {
    if (!file) return;
    try {
      setReport(await send({ file, dryRun }));
    } catch {
      // The client has shown the server's reason.
    }
  }

  const isDone = report !== undefined && !report.dryRun;
  return (
    <Modal
      open
      width={width}
      title={title}
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          {isDone ? t('common.actions.close') : t('common.actions.cancel')}
        </Button>,
        <Button key="check" disabled={!file || isDone} loading={isSending && !report} onClick={() => void submit(true)} data-testid={`${testIdPrefix}-check`}>
          {t('upload.spreadsheet.check')}
        </Button>,
        <Button key="run" type="primary" disabled={!report?.dryRun} loading={isSending && report !== undefined} onClick={() => void submit(false)} data-testid={`${testIdPrefix}-run`}>
          {t('upload.spreadsheet.run')}
        </Button>,
      ]}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <span className="atrium-muted">{help}</span>
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
          data-testid={`${testIdPrefix}-file`}
        >
          <Button icon={<UploadOutlined />}>{t('upload.spreadsheet.choose')}</Button>
        </Upload>
        {report ? <div data-testid={`${testIdPrefix}-report`}>{renderReport(report)}</div> : null}
      </Space>
    </Modal>
  );
}
