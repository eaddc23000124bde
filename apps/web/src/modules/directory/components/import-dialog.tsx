import { InboxOutlined } from '@ant-design/icons';
import type { ImportReport } from '@atrium/contract';
import { Alert, Modal, Upload } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { directoryKeys } from '../api/directory.api';
import { uploadUsers } from '../api/transfer.api';
import { DataTable } from '../../../shared/ui/data-table';

export interface ImportDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Upload a csv, xls or xlsx file of users and read what became of each row. */
export function ImportDialog({ open, onClose }: ImportDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [report, setReport] = useState<ImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isUploading, setUploading] = useState(false);

  const close = () => {
    setReport(null);
    setError(null);
    onClose();
  };

  const upload = async (file: File) => {
    setUploading(true);
    setError(null);
    try {
      setReport(await uploadUsers(file, t('directory.import.failed')));
      await queryClient.invalidateQueries({ queryKey: directoryKeys.all });
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : t('directory.import.failed'));
    } finally {
      setUploading(false);
    }
  };

  return (
    <Modal open={open} title={t('directory.import.title')} onCancel={close} onOk={close} okText={t('directory.import.close')} cancelButtonProps={{ style: { display: 'none' } }} width={720} destroyOnHidden>
      <p className="atrium-muted">{t('directory.import.hint')}</p>
      <Upload.Dragger
        accept=".csv,.xls,.xlsx"
        multiple={false}
        showUploadList={false}
        disabled={isUploading}
        beforeUpload={(file) => {
          void upload(file);
          return false;
        }}
        data-testid="directory-import-file"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p>{isUploading ? t('directory.import.uploading') : t('directory.import.drop')}</p>
      </Upload.Dragger>
      {error ? <Alert className="atrium-form-alert" style={{ marginTop: 16 }} type="error" showIcon role="alert" title={error} /> : null}
      {report ? (
        <div data-testid="directory-import-report" style={{ marginTop: 16 }}>
          <Alert
            type={report.refused.length ? 'warning' : 'success'}
            showIcon
            title={t('directory.import.summary', { accepted: report.accepted.length, refused: report.refused.length })}
          />
          {report.refused.length ? (
            <DataTable
              style={{ marginTop: 12 }}
              size="small"
              rowKey={(row) => `${row.sheet}:${row.row}`}
              pagination={false}
              scroll={{ y: 320 }}
              dataSource={report.refused}
              columns={[
                { key: 'sheet', title: t('directory.import.sheet'), dataIndex: 'sheet', width: 110 },
                { key: 'row', title: t('directory.import.row'), dataIndex: 'row', width: 70 },
                { key: 'userName', title: t('directory.fields.userName'), dataIndex: 'userName', width: 140 },
                { key: 'reasons', title: t('directory.import.reasons'), render: (_, row) => row.reasons.join('; ') },
              ]}
            />
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
