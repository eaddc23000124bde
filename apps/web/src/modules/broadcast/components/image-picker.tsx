import { CheckCircleFilled, DeleteOutlined, LoadingOutlined, UploadOutlined } from '@ant-design/icons';
import { BROADCAST_IMAGE_MAX_BYTES, BROADCAST_IMAGE_MAX_LABEL, IMAGE_FORMATS, type BroadcastImage } from '@atrium/contract';
import { App, Button, Popconfirm, Spin, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-client';
import { useBroadcastImages, useDeleteBroadcastImage, useUploadBroadcastImage } from '../api/broadcast.api';

const ACCEPTED_TYPES = ['image/png', 'image/jpeg'];

export interface ImagePickerProps {
  /** The chosen image's key (`default:<name>` or `custom:<id>`). */
  value?: string;
  onChange?: (key: string | undefined) => void;
  canEdit: boolean;
}

/**
 * The notice's image: the built-in images (never deletable) and the company's own, at most 10,
 * uploaded here (JPEG or PNG, 1.5 MB) and deleted with a confirmation.
 */
export function ImagePicker({ value, onChange, canEdit }: ImagePickerProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const images = useBroadcastImages();
  const upload = useUploadBroadcastImage();
  const remove = useDeleteBroadcastImage();
  const list = images.data?.list ?? [];
  const customCount = list.filter((image) => image.kind === 'custom').length;
  const customMax = images.data?.customMax ?? 10;
  const formats = IMAGE_FORMATS.join(', ');

  const showError = (error: unknown) => {
    if (error instanceof ApiError) void message.error(error.message, 5);
    else throw error;
  };

  const beforeUpload = (file: File) => {
    if (!ACCEPTED_TYPES.includes(file.type)) {
      void message.error(t('broadcast.images.wrongFormat', { formats }), 5);
      return Upload.LIST_IGNORE;
    }
    if (file.size > BROADCAST_IMAGE_MAX_BYTES) {
      void message.error(t('broadcast.images.tooLarge', { limit: BROADCAST_IMAGE_MAX_LABEL }), 5);
      return Upload.LIST_IGNORE;
    }
    upload.mutate(file, {
      onSuccess: (result) => {
        onChange?.(`custom:${result.id}`);
        void message.success(t('broadcast.images.uploaded'));
      },
      onError: showError,
    });
    return false;
  };

  const deleteImage = (image: BroadcastImage) =>
    remove.mutate(image.id!, {
      onSuccess: () => {
        if (value === image.key) onChange?.(undefined);
        void message.success(t('broadcast.images.deleted'));
      },
      onError: showError,
    });

  return (
    <div className="broadcast-images" data-testid="broadcast-image-picker">
      <Spin spinning={images.isFetching && !images.data}>
        <ul className="broadcast-image-grid" role="radiogroup" aria-label={t('broadcast.fields.image')}>
          {list.map((image) => {
            const isChosen = value === image.key;
            return (
              <li key={image.key} className={`broadcast-image${isChosen ? ' is-chosen' : ''}`}>
                <button
                  type="button"
                  role="radio"
                  aria-checked={isChosen}
                  aria-label={image.kind === 'default' ? t(`broadcast.images.defaults.${image.name}`) : image.name}
                  onClick={() => onChange?.(image.key)}
                  className="broadcast-image-pick"
                  data-testid={`broadcast-image-${image.key}`}
                >
                  <img src={image.url} alt="" />
                  {isChosen ? <CheckCircleFilled className="broadcast-image-check" /> : null}
                </button>
                <span className="broadcast-image-name">{image.kind === 'default' ? t(`broadcast.images.defaults.${image.name}`) : image.name}</span>
                {canEdit && image.isDeletable ? (
                  <Popconfirm
                    title={t('broadcast.images.deleteConfirm')}
                    description={image.inUse > 0 ? t('broadcast.images.inUse', { count: image.inUse }) : t('broadcast.images.deleteHint')}
                    onConfirm={() => deleteImage(image)}
                    okText={t('broadcast.delete')}
                    cancelText={t('broadcast.cancel')}
                    okButtonProps={{ disabled: image.inUse > 0 }}
                  >
                    <Button
                      size="small"
                      danger
                      shape="circle"
                      icon={<DeleteOutlined />}
                      className="broadcast-image-delete"
                      aria-label={t('broadcast.images.delete')}
                      data-testid={`broadcast-image-delete-${image.id}`}
                    />
                  </Popconfirm>
                ) : null}
              </li>
            );
          })}
        </ul>
      </Spin>
      {canEdit ? (
        <div className="broadcast-image-upload">
          <Upload accept=".png,.jpg,.jpeg,image/png,image/jpeg" showUploadList={false} beforeUpload={beforeUpload} disabled={upload.isPending || customCount >= customMax}>
            <Button icon={upload.isPending ? <LoadingOutlined /> : <UploadOutlined />} disabled={upload.isPending || customCount >= customMax} data-testid="broadcast-image-upload">
              {t('broadcast.images.upload')}
            </Button>
          </Upload>
          <span className="atrium-muted">
            {t('broadcast.images.rules', { formats, limit: BROADCAST_IMAGE_MAX_LABEL, count: customCount, max: customMax })}
          </span>
        </div>
      ) : null}
    </div>
  );
}
