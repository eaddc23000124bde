import { ArrowLeftOutlined, DeleteOutlined, LeftOutlined, LoadingOutlined, RightOutlined, UploadOutlined } from '@ant-design/icons';
import {
  IMAGE_FORMATS,
  IMAGE_MAX_BYTES,
  THEME_GALLERY_PAGE_SIZE,
  THEME_GALLERY_SLIDES,
  THEME_RECOMMENDED_SIZES,
  type DeviceTheme,
  type ThemeImage,
  type ThemeImageType,
} from '@atrium/contract';
import { App, Button, Pagination, Popconfirm, Space, Spin, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteThemeImages, useSetRoomThemeImage, useThemeGallery, useUploadThemeImage } from '../api/device-theme.api';
import { EmptyState } from '../../../shared/ui/empty-state';

const ACCEPTED_TYPES = ['image/png', 'image/jpeg'];

export interface ThemeImagePanelProps {
  /** The room's record of a customisable theme. */
  theme: DeviceTheme;
  imageType: ThemeImageType;
  /** Back to the theme list (after a save, or without one). */
  onDone: () => void;
}

/**
 * The drawer's image state: the gallery of logos or backgrounds (pages of 15, four slides in view),
 * upload with the spec's formats and limits, delete with confirmation, and save of the chosen image.
 */
export function ThemeImagePanel({ theme, imageType, onDone }: ThemeImagePanelProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [pageNum, setPageNum] = useState(1);
  const [firstSlide, setFirstSlide] = useState(0);
  const [chosen, setChosen] = useState<ThemeImage | null>(null);
  const gallery = useThemeGallery(imageType, pageNum, true);
  const upload = useUploadThemeImage();
  const remove = useDeleteThemeImages();
  const save = useSetRoomThemeImage();

  const images = gallery.data?.list ?? [];
  const visible = images.slice(firstSlide, firstSlide + THEME_GALLERY_SLIDES);
  const currentPath = imageType === 0 ? theme.logoPath : theme.backgroundMapPath;
  const defaultPath = imageType === 0 ? theme.defaultLogoPath : theme.defaultBackgroundMapPath;
  const sizes = THEME_RECOMMENDED_SIZES[imageType === 0 ? 'logo' : 'background'].map((size) => `${size.width} × ${size.height}`).join(t('device-theme.image.or'));
  const formats = IMAGE_FORMATS.join(', ');

  const beforeUpload = (file: File) => {
    if (!ACCEPTED_TYPES.includes(file.type)) {
      void message.error(t('device-theme.image.wrongFormat', { formats }), 5);
      return Upload.LIST_IGNORE;
    }
    if (file.size > IMAGE_MAX_BYTES) {
      void message.error(t('device-theme.image.tooLarge', { limit: '2 MB' }), 5);
      return Upload.LIST_IGNORE;
    }
    upload.mutate(
      { imageType, file },
      {
        onSuccess: (image) => {
          setPageNum(1);
          setFirstSlide(0);
          setChosen(image);
          void message.success(t('device-theme.image.uploaded'));
        },
        onError: (error) => void message.error(error.message, 5),
      },
    );
    return false;
  };

  const submit = (imagePath: string | null) =>
    save.mutate(
      { id: theme.id, imageType, imagePath },
      {
        onSuccess: () => {
          void message.success(t('device-theme.image.saved'));
          onDone();
        },
      },
    );

  const saveChosen = () => {
    if (!chosen) {
      void message.warning(t('device-theme.image.chooseFirst'));
      return;
    }
    submit(chosen.imagePath);
  };

  const deleteImage = (image: ThemeImage) =>
    remove.mutate(
      { imageType, ids: [image.id] },
      {
        onSuccess: () => {
          if (chosen?.id === image.id) setChosen(null);
          setFirstSlide(0);
          void message.success(t('device-theme.image.deleted'));
        },
      },
    );

  const changePage = (page: number) => {
    setPageNum(page);
    setFirstSlide(0);
  };

  return (
    <div className="atrium-dtheme-images" data-testid="theme-image-panel">
      <Button type="link" icon={<ArrowLeftOutlined />} onClick={onDone} className="atrium-dtheme-images-back" data-testid="theme-image-back">
        {t('device-theme.image.back')}
      </Button>

      <section className={`atrium-dtheme-images-current is-type-${imageType}`}>
        <img src={currentPath} alt={t('device-theme.image.current')} />
        <span className="atrium-muted">{currentPath === defaultPath ? t('device-theme.image.isDefault') : t('device-theme.image.current')}</span>
      </section>

      <Space wrap className="atrium-dtheme-images-upload">
        <Upload accept=".png,.jpg,.jpeg,image/png,image/jpeg" showUploadList={false} beforeUpload={beforeUpload} disabled={upload.isPending}>
          <Button icon={upload.isPending ? <LoadingOutlined /> : <UploadOutlined />} disabled={upload.isPending} data-testid="theme-image-upload">
            {t('device-theme.image.upload')}
          </Button>
        </Upload>
      </Space>
      <p className="atrium-muted atrium-dtheme-images-hint" data-testid="theme-image-hint">
        {t('device-theme.image.recommended', { sizes })} {t('device-theme.image.rules', { formats, limit: '2 MB' })}
      </p>

      <Spin spinning={gallery.isFetching}>
        {images.length === 0 && !gallery.isLoading ? (
          <EmptyState description={t('device-theme.image.empty')} />
        ) : (
          <div className="atrium-dtheme-carousel" role="group" aria-label={t('device-theme.image.gallery')}>
            <Button
              shape="circle"
              icon={<LeftOutlined />}
              aria-label={t('device-theme.image.previous')}
              disabled={firstSlide === 0}
              onClick={() => setFirstSlide(Math.max(0, firstSlide - THEME_GALLERY_SLIDES))}
              data-testid="theme-carousel-previous"
            />
            <ul className={`atrium-dtheme-slides is-type-${imageType}`}>
              {visible.map((image) => (
                <li key={image.id} className={`atrium-dtheme-slide${chosen?.id === image.id ? ' is-chosen' : ''}`} data-testid={`theme-slide-${image.id}`}>
                  <button type="button" aria-pressed={chosen?.id === image.id} onClick={() => setChosen(image)} className="atrium-dtheme-slide-pick">
                    <img src={image.imagePath} alt={t('device-theme.image.alt', { id: image.id })} />
                  </button>
                  {image.isBuiltIn ? null : (
                    <Popconfirm
                      title={t('device-theme.image.deleteConfirm')}
                      description={t('device-theme.image.deleteHint')}
                      onConfirm={() => deleteImage(image)}
                      okText={t('device-theme.image.delete')}
                      cancelText={t('device-theme.cancel')}
                    >
                      <Button
                        size="small"
                        danger
                        shape="circle"
                        icon={<DeleteOutlined />}
                        className="atrium-dtheme-slide-delete"
                        aria-label={t('device-theme.image.delete')}
                        data-testid={`theme-slide-delete-${image.id}`}
                      />
                    </Popconfirm>
                  )}
                </li>
              ))}
            </ul>
            <Button
              shape="circle"
              icon={<RightOutlined />}
              aria-label={t('device-theme.image.next')}
              disabled={firstSlide + THEME_GALLERY_SLIDES >= images.length}
              onClick={() => setFirstSlide(firstSlide + THEME_GALLERY_SLIDES)}
              data-testid="theme-carousel-next"
            />
          </div>
        )}
      </Spin>
      {(gallery.data?.total ?? 0) > THEME_GALLERY_PAGE_SIZE ? (
        <Pagination
          size="small"
          simple
          className="atrium-dtheme-images-pages"
          current={pageNum}
          pageSize={THEME_GALLERY_PAGE_SIZE}
          total={gallery.data?.total ?? 0}
          onChange={changePage}
        />
      ) : null}

      <Space className="atrium-dtheme-images-footer" wrap>
        <Button onClick={onDone}>{t('device-theme.cancel')}</Button>
        <Button onClick={() => submit(null)} disabled={currentPath === defaultPath} loading={save.isPending && save.variables?.imagePath === null}>
          {t('device-theme.image.useDefault')}
        </Button>
        <Button type="primary" onClick={saveChosen} loading={save.isPending && save.variables?.imagePath !== null} data-testid="theme-image-save">
          {t('device-theme.save')}
        </Button>
      </Space>
    </div>
  );
}
