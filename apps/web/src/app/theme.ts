import { theme, type ThemeConfig } from 'antd';
import type { Preferences } from '../shared/preferences/preferences';
import { themeByName } from '../shared/theme/themes';

const FONT_FAMILY = [
  '-apple-system',
  'BlinkMacSystemFont',
  "'Segoe UI'",
  'Roboto',
  "'Helvetica Neue'",
  'Arial',
  "'Noto Sans'",
  "'PingFang SC'",
  "'Hiragino Sans GB'",
  "'Microsoft YaHei'",
  "'Noto Sans CJK SC'",
  'sans-serif',
].join(', ');

/** antd's theme for the user's preferences: day or night algorithm, primary colour, the theme's navigation. */
export function antdTheme({ themeName, color, darkMode }: Pick<Preferences, 'themeName' | 'color' | 'darkMode'>): ThemeConfig {
  const palette = themeByName(themeName)[darkMode ? 'night' : 'day'];
  return {
    algorithm: darkMode ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: { colorPrimary: color, colorInfo: color, borderRadius: 8, fontFamily: FONT_FAMILY },
    components: {
      Layout: {
        siderBg: palette.siderBg,
        headerBg: darkMode ? '#141414' : '#ffffff',
        bodyBg: darkMode ? '#0b0d0d' : '#f3f5f7',
        headerHeight: 56,
        headerPadding: '0 12px',
      },
      Menu: {
        darkItemBg: palette.siderBg,
        darkSubMenuItemBg: palette.siderSubBg,
        darkPopupBg: palette.siderBg,
        darkItemColor: palette.siderText,
        darkItemSelectedBg: color,
        itemBorderRadius: 8,
        itemMarginInline: 8,
        iconMarginInlineEnd: 12,
        collapsedIconSize: 18,
      },
    },
  };
}
