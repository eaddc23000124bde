import { DownloadOutlined } from '@ant-design/icons';
import type { VisitExportFormat, VisitQuery } from '@atrium/contract';
import { App, Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useViewerZone } from '../../../shared/time-zone/viewer-zone';
import { downloadVisits } from '../api/visitor-analysis.api';

export interface VisitExportButtonProps {
  /** The records page's filters: the file holds the visits they match (at most 10,000). */
  filters: Partial<Omit<VisitQuery, 'page' | 'pageSize'>>;
  /** Whether any visit matches: with none there is nothing to export. */
  hasVisits: boolean;
}

/** "Export" with a choice of xlsx or csv: the visits the caller may read that match the filters, as a file. */
export function VisitExportButton({ filters, hasVisits }: VisitExportButtonProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const timeZone = useViewerZone();
  const [isExporting, setExporting] = useState(false);

  const exportAs = async (format: VisitExportFormat) => {
    if (!hasVisits) {
      void message.info(t('visitor.records.exportEmpty'));
      return;
    }
    setExporting(true);
    try {
      await downloadVisits({ ...filters, format, timeZone }, t('visitor.records.exportFailed'));
    } catch (error) {
      void message.error((error as Error).message);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'xlsx', label: t('visitor.records.exportXlsx'), 'data-testid': 'visit-export-xlsx' } as { key: string; label: string },
          { key: 'csv', label: t('visitor.records.exportCsv'), 'data-testid': 'visit-export-csv' } as { key: string; label: string },
        ],
        onClick: ({ key }) => void exportAs(key as VisitExportFormat),
      }}
    >
      <Button icon={<DownloadOutlined />} loading={isExporting} data-testid="visit-export">
        {t('visitor.records.export')}
      </Button>
    </Dropdown>
  );
}
