import { CheckCircleFilled } from '@ant-design/icons';
import { THEME_DIRECTION, type DeviceTheme, type ThemeImageType } from '@atrium/contract';
import { Button, Segmented, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/ui/empty-state';

type DirectionFilter = 'all' | '0' | '1';

export interface ThemeListProps {
  themes: DeviceTheme[];
  isLoading: boolean;
  currentThemeId: number | null;
  selectedId: number | null;
  onSelect: (themeId: number) => void;
  onChangeImage: (theme: DeviceTheme, imageType: ThemeImageType) => void;
}

/** Theme preview cards with a landscape/portrait filter; the current theme is marked, the chosen one outlined. */
export function ThemeList({ themes, isLoading, currentThemeId, selectedId, onSelect, onChangeImage }: ThemeListProps) {
  const { t } = useTranslation();
  const [direction, setDirection] = useState<DirectionFilter>('all');
  const shown = direction === 'all' ? themes : themes.filter((theme) => theme.themeDirection === direction);

  return (
    <div className="atrium-dtheme-list">
      <Segmented<DirectionFilter>
        block
        value={direction}
        onChange={setDirection}
        options={[
          { value: 'all', label: t('device-theme.filter.all') },
          { value: THEME_DIRECTION.landscape, label: t('device-theme.filter.landscape') },
          { value: THEME_DIRECTION.portrait, label: t('device-theme.filter.portrait') },
        ]}
        data-testid="theme-direction-filter"
      />
      {isLoading ? (
        <Skeleton active />
      ) : shown.length === 0 ? (
        <EmptyState description={t('device-theme.empty')} />
      ) : (
        <ul className="atrium-dtheme-cards" aria-label={t('device-theme.title')}>
          {shown.map((theme) => {
            const isCurrent = theme.themeId === currentThemeId;
            const isSelected = theme.themeId === selectedId;
            return (
              <li key={theme.themeId} className={`atrium-dtheme-card${isSelected ? ' is-selected' : ''}`} data-testid={`theme-card-${theme.themeId}`}>
                <button
                  type="button"
                  className="atrium-dtheme-card-pick"
                  aria-pressed={isSelected}
                  onClick={() => onSelect(theme.themeId)}
                  data-testid={`theme-pick-${theme.themeId}`}
                >
                  <img src={theme.themePath} alt={t('device-theme.previewOf', { name: theme.themeName })} className="atrium-dtheme-card-preview" />
                  <span className="atrium-dtheme-card-name">
                    {isSelected ? <CheckCircleFilled className="atrium-dtheme-card-check" /> : null}
                    {theme.themeName}
                  </span>
                </button>
                <div className="atrium-dtheme-card-tags">
                  <Tag>{t(theme.themeDirection === THEME_DIRECTION.landscape ? 'device-theme.filter.landscape' : 'device-theme.filter.portrait')}</Tag>
                  {isCurrent ? (
                    <Tag color="blue" data-testid="theme-current">
                      {t('device-theme.current')}
                    </Tag>
                  ) : null}
                  {theme.isInternal ? <Tag color="purple">{t('device-theme.internal')}</Tag> : null}
                </div>
                {theme.isCanDefine === '1' ? (
                  <div className="atrium-dtheme-card-actions">
                    <Button size="small" type="link" onClick={() => onChangeImage(theme, 0)} data-testid={`theme-change-logo-${theme.themeId}`}>
                      {t('device-theme.changeLogo')}
                    </Button>
                    <Button size="small" type="link" onClick={() => onChangeImage(theme, 1)} data-testid={`theme-change-background-${theme.themeId}`}>
                      {t('device-theme.changeBackground')}
                    </Button>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
