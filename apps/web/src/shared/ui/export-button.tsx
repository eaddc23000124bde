import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Dropdown } from 'antd';
import { useState } from 'react';

export type ExportFormat = 'xlsx' | 'csv';

export interface ExportButtonProps {
  /** Fetches and saves the file; rejects with a message to show. */
  onExport: (format: ExportFormat) => Promise<void>;
  labels: { button: string; xlsx: string; csv: string };
  /** Prefix of the test ids: `<prefix>`, `<prefix>-xlsx`, `<prefix>-csv`. */
  testId: string;
  disabled?: boolean;
}

/** "Export" with a choice of xlsx or csv: the page says what the file holds. */
export function ExportButton({ onExport, labels, testId, disabled }: ExportButtonProps) {
  const { message } = App.useApp();
  const [isExporting, setExporting] = useState(false);

  const exportAs = async (format: ExportFormat) => {
    setExporting(true);
    try {
      await onExport(format);
    } catch (error) {
      void message.error((error as Error).message);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Dropdown
      trigger={['click']}
      disabled={disabled}
      menu={{
        items: [
          { key: 'xlsx', label: labels.xlsx, 'data-testid': `${testId}-xlsx` } as { key: string; label: string },
          { key: 'csv', label: labels.csv, 'data-testid': `${testId}-csv` } as { key: string; label: string },
        ],
        onClick: ({ key }) => void exportAs(key as ExportFormat),
      }}
    >
      <Button icon={<DownloadOutlined />} loading={isExporting} disabled={disabled} data-testid={testId}>
        {labels.button}
      </Button>
    </Dropdown>
  );
}
