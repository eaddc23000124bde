import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { LOG_TIME_FORMAT, type ActivationLinkResult, type DirectoryUser } from '@atrium/contract';
import { Alert, Button, Modal, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

export interface ActivationLinkModalProps {
  /** The pending user and their fresh link; null keeps the modal closed. */
  issued: { user: Pick<DirectoryUser, 'fullName' | 'userName'>; result: ActivationLinkResult } | null;
  onClose: () => void;
}

/**
 * A fresh activation link, shown this once (the server keeps only its hash), for bringing a
 * colleague in without a mail server: the link with a copy button, its expiry, and the note that
 * earlier links stopped working.
 */
export function ActivationLinkModal({ issued, onClose }: ActivationLinkModalProps) {
  const { t } = useTranslation();
  const name = issued?.user.fullName ?? '';
  return (
    <Modal
      open={issued !== null}
      onCancel={onClose}
      title={t('directory.activationLink.title', { name })}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose} data-testid="activation-link-close">
          {t('directory.activationLink.close')}
        </Button>
      }
    >
      {issued ? (
        <div className="atrium-activation-link" data-testid="activation-link-modal">
          <Typography.Paragraph>{t('directory.activationLink.intro', { name, userName: issued.user.userName })}</Typography.Paragraph>
          <Typography.Paragraph
            code
            className="atrium-activation-link-value"
            copyable={{
              text: issued.result.link,
              tooltips: false,
              icon: [
                <span key="copy" className="atrium-activation-link-copy" data-testid="activation-link-copy">
                  <CopyOutlined /> {t('directory.activationLink.copy')}
                </span>,
                <span key="copied" className="atrium-activation-link-copy">
                  <CheckOutlined /> {t('directory.activationLink.copied')}
                </span>,
              ],
            }}
          >
            <span data-testid="activation-link-value">{issued.result.link}</span>
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary" data-testid="activation-link-expiry">
            {t('directory.activationLink.expires', { time: dayjs(issued.result.expiresAt).format(LOG_TIME_FORMAT) })}
          </Typography.Paragraph>
          <Alert type="warning" showIcon title={t('directory.activationLink.retired')} />
        </div>
      ) : null}
    </Modal>
  );
}
