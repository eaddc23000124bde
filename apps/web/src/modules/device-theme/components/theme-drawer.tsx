import { THEME_DRAWER_WIDTH, type DeviceTheme, type ThemeImageType, type ThemePlatform } from '@atrium/contract';
import { App, Button, Drawer, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { useDeviceThemeRecord, useRoomThemes, useSetDeviceTheme } from '../api/device-theme.api';
import { ThemeImagePanel } from './theme-image-panel';
import { ThemeList } from './theme-list';
import './theme-drawer.css';

export interface ThemeDrawerProps {
  deviceId: number;
  /** The display's room: its own logo and background go with each theme. */
  roomId: number;
  /** The display's platform; null (not activated yet) lists every theme. */
  platform: ThemePlatform | null;
  open: boolean;
  onClose: () => void;
}

/**
 * The drawer's panel (spec 001 section 4: 0 closed, 1 theme select, 2 image change with the image
 * type). Closed is the `open` prop; the other two live here.
 */
export type ThemePanel = { state: 1 } | { state: 2; imageType: ThemeImageType; theme: DeviceTheme };

/**
 * Chooses the theme of a door display: a 415 px drawer (full width on phones) listing the room's
 * themes for the display's platform. Saving a new theme closes and reloads; choosing the current one
 * just closes. Customisable themes open the gallery to change their logo or background. Closing
 * asks while another theme is chosen but not saved.
 */
export function ThemeDrawer({ deviceId, roomId, platform, open, onClose }: ThemeDrawerProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const isNarrow = useMediaQuery('(max-width: 479px)');
  const [panel, setPanel] = useState<ThemePanel>({ state: 1 });
  const [chosenId, setChosenId] = useState<number | null>(null);
  const themes = useRoomThemes(roomId, platform, open);
  const record = useDeviceThemeRecord(deviceId, open);
  const setTheme = useSetDeviceTheme();

  const currentThemeId = record.data?.themeId ?? null;
  const selectedId = chosenId ?? currentThemeId;
  const { confirmLeave } = useUnsavedChanges(open && chosenId !== null && chosenId !== currentThemeId);

  const close = () => {
    setPanel({ state: 1 });
    setChosenId(null);
    onClose();
  };
  const cancel = () => confirmLeave(close);

  const save = () => {
    if (selectedId === null || selectedId === currentThemeId) {
      close();
      return;
    }
    setTheme.mutate(
      { deviceId, themeId: selectedId },
      {
        onSuccess: () => {
          void message.success(t('device-theme.saved'));
          close();
        },
      },
    );
  };

  const title = panel.state === 1 ? t('device-theme.title') : t(panel.imageType === 0 ? 'device-theme.image.logoTitle' : 'device-theme.image.backgroundTitle', { name: panel.theme.themeName });

  return (
    <Drawer
      open={open}
      onClose={cancel}
      title={title}
      size={isNarrow ? '100%' : THEME_DRAWER_WIDTH}
      destroyOnHidden
      rootClassName="atrium-dtheme-drawer"
      data-testid="theme-drawer"
      footer={
        panel.state === 1 ? (
          <Space className="atrium-dtheme-drawer-footer">
            <Button onClick={cancel} data-testid="theme-drawer-cancel">
              {t('device-theme.cancel')}
            </Button>
            <Button type="primary" onClick={save} loading={setTheme.isPending} disabled={record.isLoading} data-testid="theme-drawer-save">
              {t('device-theme.save')}
            </Button>
          </Space>
        ) : null
      }
    >
      {panel.state === 1 ? (
        <ThemeList
          themes={themes.data ?? []}
          isLoading={themes.isLoading || record.isLoading}
          currentThemeId={currentThemeId}
          selectedId={selectedId}
          onSelect={setChosenId}
          onChangeImage={(theme, imageType) => setPanel({ state: 2, theme, imageType })}
        />
      ) : (
        <ThemeImagePanel
          key={`${panel.theme.id}-${panel.imageType}`}
          theme={panel.theme}
          imageType={panel.imageType}
          onDone={() => setPanel({ state: 1 })}
        />
      )}
    </Drawer>
  );
}
