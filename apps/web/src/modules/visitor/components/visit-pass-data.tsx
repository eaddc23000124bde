import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { toZoned, type VisitPass } from '@atrium/contract';
import { App, Button, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-client';
import { saveFile } from '../../../shared/api/save-file';
import { useEraseVisitPass, useExportVisitPass } from '../api/visit-pass.api';
import { SignedNdaButton } from './signed-nda-button';
import { passZone } from './visit-pass-details';

export interface VisitPassDataProps {
  pass: VisitPass;
  token: string;
  /** Called once the server has erased the visitor's details: the token opens nothing any more. */
  onErased: () => void;
}

/**
 * The visitor's own data: a JSON copy of what the company keeps, their signed agreement's copy (while
 * the company keeps it), or erasing it (which cancels the visit).
 */
export function VisitPassData({ pass, token, onErased }: VisitPassDataProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const exportData = useExportVisitPass(token);
  const erase = useEraseVisitPass(token);
  // Not while the visitor is on site: the list of who is in the building stays whole until they leave (decision 0018).
  const isOnSite = !pass.canErase;

  const download = () =>
    exportData.mutate(undefined, {
      onSuccess: (data) => {
        const name = `visit-${toZoned(pass.visitAt, passZone(pass)).date}.json`;
        saveFile(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), name);
      },
    });

  const askErase = () =>
    modal.confirm({
      title: t('visitor.pass.eraseTitle'),
      content: t('visitor.pass.eraseText'),
      okText: t('visitor.pass.eraseOk'),
      cancelText: t('visitor.pass.eraseKeep'),
      okButtonProps: { danger: true, 'data-testid': 'visit-pass-erase-confirm' } as ButtonProps,
      onOk: async () => {
        try {
          await erase.mutateAsync();
          onErased();
        } catch (error) {
          // The API client has shown the failure; the dialog closes and the pass stays as it was.
          if (!(error instanceof ApiError)) throw error;
        }
      },
    });

  return (
    <section className="atrium-pass-section" data-testid="visit-pass-data">
      <h2>{t('visitor.pass.dataTitle')}</h2>
      <p className="atrium-pass-lead">{t('visitor.pass.dataHelp', { company: pass.companyName })}</p>
      <div className="atrium-pass-actions">
        <Button icon={<DownloadOutlined />} onClick={download} loading={exportData.isPending} data-testid="visit-pass-download">
          {t('visitor.pass.download')}
        </Button>
        {pass.completion.ndaSignedAt !== null ? (
          <SignedNdaButton token={token} testId="visit-pass-data-nda" />
        ) : null}
        <Button danger icon={<DeleteOutlined />} onClick={askErase} disabled={isOnSite} data-testid="visit-pass-erase">
          {t('visitor.pass.erase')}
        </Button>
      </div>
      {isOnSite ? <p className="atrium-pass-hint">{t('visitor.pass.eraseOnSite')}</p> : null}
    </section>
  );
}
