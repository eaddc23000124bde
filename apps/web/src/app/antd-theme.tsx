import ConfigProvider from 'antd/es/config-provider';
import theme from 'antd/es/theme';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../shared/hooks/use-media-query';
import { usePreferences } from '../shared/preferences/preferences-store';
import { EmptyState } from '../shared/ui/empty-state';
import { antdTheme, THEME_VARIABLES, themeVariables } from './theme';

/**
 * antd's locale and the user's theme for everything below. Every page but `/login` sits under it
 * (app-context.tsx): the sign-in page is plain markup, so a first visit loads no antd (issue 19).
 */
export function AntdTheme({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { themeName, color, darkMode } = usePreferences();
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const config = useMemo(() => antdTheme({ themeName, color, darkMode }, { reducedMotion }), [themeName, color, darkMode, reducedMotion]);
  return (
    <ConfigProvider
      locale={i18n.language === 'zh-CN' ? zhCN : enUS}
      theme={config}
      // Lists and tables that name no empty text of their own still show the console's one empty state.
      renderEmpty={(componentName) => <EmptyState description={t('common.empty')} isCompact={componentName !== 'Table' && componentName !== 'List'} />}
      // antd spaces out two-character Chinese labels ("今 天"); the console writes its words as they are.
      button={{ autoInsertSpace: false }}
    >
      <ThemeVariables themeName={themeName} darkMode={darkMode} />
      {children}
    </ConfigProvider>
  );
}

/**
 * Publishes the user's theme colours as CSS variables on <html> for the console's own style sheets.
 * Unmounted (signed out to `/login`), it takes them back: the sign-in page shows the default theme
 * of styles.css, not the previous user's.
 */
function ThemeVariables({ themeName, darkMode }: { themeName: string; darkMode: boolean }) {
  const { token } = theme.useToken();

  useEffect(() => {
    const root = document.documentElement;
    for (const [name, value] of Object.entries(themeVariables(token, themeName, darkMode))) root.style.setProperty(name, value);
    root.style.colorScheme = darkMode ? 'dark' : 'light';
    root.dataset.theme = themeName;
    return () => {
      for (const name of THEME_VARIABLES) root.style.removeProperty(name);
      root.style.removeProperty('color-scheme');
      delete root.dataset.theme;
    };
  }, [token, themeName, darkMode]);

  return null;
}
