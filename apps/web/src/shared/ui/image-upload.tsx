import { DeleteOutlined, LoadingOutlined, UploadOutlined } from '@ant-design/icons';
import { ICON_FORMATS, IMAGE_FORMATS, IMAGE_MAX_BYTES, type UploadKind } from '@atrium/contract';
import { App, Button, Popconfirm, Space, Upload } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUploadImage } from '../api/upload.api';
import './image-upload.css';

/** What each kind takes: png and jpeg, and for an icon also SVG (the server cleans it). */
const acceptedOf = (kind: UploadKind) =>
  kind === 'icon'
    ? { types: ['image/png', 'image/jpeg', 'image/svg+xml'], accept: '.png,.jpg,.jpeg,.svg,image/png,image/jpeg,image/svg+xml', formats: ICON_FORMATS }
    : { types: ['image/png', 'image/jpeg'], accept: '.png,.jpg,.jpeg,image/png,image/jpeg', formats: IMAGE_FORMATS };

export interface ImageUploadProps {
  kind: UploadKind;
  /** The stored image's address, or null. */
  value?: string | null;
  onChange?: (value: string | null) => void;
  /** Shows the current image (or a placeholder when null). */
  preview: (value: string | null) => ReactNode;
  /** A line under the buttons, e.g. the recommended size. */
  hint?: ReactNode;
  testId: string;
  disabled?: boolean;
}

/**
 * An image field for antd forms: checks the format and size before sending (the server checks the
 * content again), uploads at once, and keeps the answered address as the field's value.
 */
export function ImageUpload({ kind, value = null, onChange, preview, hint, testId, disabled }: ImageUploadProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const upload = useUploadImage(kind);
  const accepted = acceptedOf(kind);

  const beforeUpload = (file: File) => {
    if (!accepted.types.includes(file.type)) {
      void message.error(t('upload.wrongFormat', { formats: accepted.formats.join(', ') }), 5);
      return Upload.LIST_IGNORE;
    }
    if (file.size > IMAGE_MAX_BYTES) {
      void message.error(t('upload.tooLarge', { limit: '2 MB' }), 5);
      return Upload.LIST_IGNORE;
    }
    upload.mutate(file, {
      onSuccess: (result) => onChange?.(result.fileUrl),
      onError: (error) => void message.error(error.message, 5),
    });
    return false;
  };

  return (
    <div className="atrium-image-upload" data-testid={testId}>
      <div className="atrium-image-upload-preview">{preview(value)}</div>
      <div>
        <Space wrap>
          <Upload accept={accepted.accept} showUploadList={false} beforeUpload={beforeUpload} disabled={disabled || upload.isPending}>
            <Button icon={upload.isPending ? <LoadingOutlined /> : <UploadOutlined />} disabled={disabled || upload.isPending} data-testid={`${testId}-button`}>
              {t('upload.choose')}
            </Button>
          </Upload>
          {value ? (
            <Popconfirm title={t('upload.removeConfirm')} onConfirm={() => onChange?.(null)} okText={t('upload.remove')} cancelText={t('upload.cancel')}>
              <Button icon={<DeleteOutlined />} disabled={disabled} data-testid={`${testId}-remove`}>
                {t('upload.remove')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
        <p className="atrium-muted atrium-image-upload-hint">
          {hint ? <span>{hint}</span> : null}
          <span>{t('upload.rules', { formats: IMAGE_FORMATS.join(', '), limit: '2 MB' })}</span>
        </p>
      </div>
    </div>
  );
}
