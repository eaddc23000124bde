import { CheckOutlined, MoonOutlined, SunOutlined } from '@ant-design/icons';
import { DEFAULT_COLOR, THEME_DIALOG_WIDTH } from '@atrium/contract';
import { Button, ColorPicker, Modal, Segmented, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { preferencesStore, usePreferences } from '../../shared/preferences/preferences-store';
import { resolveThemeName, THEMES, type ShellTheme } from '../../shared/theme/themes';

/** Colours offered with one click; the picker allows any other. */
const SWATCHES = [DEFAULT_COLOR, '#10B981', '#14B8A6', '#0EA5E9', '#6366F1', '#8B5CF6', '#F59E0B', '#F43F5E'];

export interface ThemeDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Picks a theme, day or night, and the primary colour; saved per user (spec 000 sections 2 and 4). */
export function ThemeDialog({ open, onClose }: ThemeDialogProps) {
  const { t } = useTranslation();
  const { themeName, darkMode, color } = usePreferences();
  const choose = (name: string) => preferencesStore.update(() => ({ themeName: resolveThemeName(name) }));
  const setColor = (value: string) => preferencesStore.update(() => ({ color: value.toUpperCase() }));

  return (
    <Modal open={open} onCancel={onClose} footer={null} width={THEME_DIALOG_WIDTH} title={t('shell.theme.title')} destroyOnHidden centered>
      <div className="atrium-theme-dialog" data-testid="theme-dialog">
        <section>
          <h3>{t('shell.theme.themes')}</h3>
          <div className="atrium-theme-list">
            {THEMES.map((theme) => (
              <ThemeCard key={theme.name} theme={theme} darkMode={darkMode} color={color} active={theme.name === themeName} onUse={() => choose(theme.name)} />
            ))}
          </div>
        </section>

        <section>
          <h3>{t('shell.theme.mode')}</h3>
          <Segmented
            value={darkMode ? 'night' : 'day'}
            onChange={(value) => preferencesStore.update(() => ({ darkMode: value === 'night' }))}
            options={[
              { value: 'day', label: t('shell.theme.day'), icon: <SunOutlined /> },
              { value: 'night', label: t('shell.theme.night'), icon: <MoonOutlined /> },
            ]}
            data-testid="theme-mode"
          />
        </section>

        <section>
          <h3>{t('shell.theme.color')}</h3>
          <div className="atrium-theme-colors">
            {SWATCHES.map((swatch) => {
              const selected = swatch.toUpperCase() === color.toUpperCase();
              return (
                <button
                  key={swatch}
                  type="button"
                  className={selected ? 'atrium-swatch is-selected' : 'atrium-swatch'}
                  style={{ background: swatch, outlineColor: swatch }}
                  aria-label={swatch}
                  aria-pressed={selected}
                  onClick={() => setColor(swatch)}
                >
                  {selected ? <CheckOutlined /> : null}
                </button>
              );
            })}
            <ColorPicker value={color} disabledAlpha onChangeComplete={(value) => setColor(value.toHexString())} showText />
            <Button type="link" onClick={() => setColor(DEFAULT_COLOR)} disabled={color.toUpperCase() === DEFAULT_COLOR}>
              {t('shell.theme.reset')}
            </Button>
          </div>
        </section>
      </div>
    </Modal>
  );
}

interface ThemeCardProps {
  theme: ShellTheme;
  darkMode: boolean;
  color: string;
  active: boolean;
  onUse: () => void;
}

/** A theme with a small picture of the shell in its colours, and 'use' or 'activated'. */
function ThemeCard({ theme, darkMode, color, active, onUse }: ThemeCardProps) {
  const { t } = useTranslation();
  const palette = theme[darkMode ? 'night' : 'day'];
  return (
    <div className={active ? 'atrium-theme-card is-active' : 'atrium-theme-card'}>
      <div className="atrium-theme-preview" aria-hidden="true" style={{ background: darkMode ? '#1f1f1f' : '#f3f5f7' }}>
        <span className="atrium-theme-preview-sider" style={{ background: palette.siderBg }}>
          <i style={{ background: color }} />
          <i />
          <i />
        </span>
        <span className="atrium-theme-preview-main">
          <i style={{ background: darkMode ? '#141414' : '#fff' }} />
          <i style={{ background: darkMode ? '#141414' : '#fff' }} />
        </span>
      </div>
      <div className="atrium-theme-card-text">
        <strong>{t(`shell.theme.names.${theme.name}`)}</strong>
        <span>{t(`shell.theme.descriptions.${theme.name}`)}</span>
      </div>
      {active ? (
        <Tag color="success" variant="filled" icon={<CheckOutlined />}>
          {t('shell.theme.activated')}
        </Tag>
      ) : (
        <Button size="small" onClick={onUse}>
          {t('shell.theme.use')}
        </Button>
      )}
    </div>
  );
}
