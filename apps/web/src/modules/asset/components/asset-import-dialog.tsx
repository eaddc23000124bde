import type { AssetImportReport } from '@atrium/contract';
import { Alert, List } from 'antd';
import { useTranslation } from 'react-i18next';
import { SpreadsheetImportDialog } from '../../../shared/ui/spreadsheet-import-dialog';
import { useImportAssets } from '../api/asset.api';

/** Imports assets from a spreadsheet: checked first, then written; the report lists the refused rows. */
export function AssetImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const run = useImportAssets();

  function renderReport(report: AssetImportReport) {
    return (
      <>
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
      </>
    );
  }

  return (
    <SpreadsheetImportDialog<AssetImportReport>
      title={t('asset.import.title')}
      help={t('asset.import.help')}
      send={run.mutateAsync}
      isSending={run.isPending}
      renderReport={renderReport}
      testIdPrefix="asset-import"
      onClose={onClose}
    />
  );
}
