import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadSignedNda } from '../api/visit-pass.api';

/** Downloads the visitor's signed agreement with their pass token; a copy no longer kept says so. */
export function SignedNdaButton({ token, testId }: { token: string; testId: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [isDownloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadSignedNda(token, t('visitor.pass.ndaDownloadFailed'));
    } catch (failure) {
      void message.error((failure as Error).message, 5);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Button icon={<DownloadOutlined />} onClick={() => void download()} loading={isDownloading} data-testid={testId}>
      {t('visitor.pass.ndaDownload')}
    </Button>
  );
}
