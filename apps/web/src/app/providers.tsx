import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ConfigProvider, theme } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { disableNativeValidation } from '../shared/forms/native-validation';
import { usePreferences } from '../shared/preferences/preferences-store';
import { themeByName } from '../shared/theme/themes';
import { EmptyState } from '../shared/ui/empty-state';
import { antdTheme } from './theme';

export interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/**
 * Data, language and theme for everything below: TanStack Query, antd's locale and theme. antd's App
 * context (context-bound toasts and dialogs) is not here: it loads with the pages that use it, not
 * with the sign-in page (app-context.tsx, issue 19).
 */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  const { t, i18n } = useTranslation();
  const { themeName, color, darkMode } = usePreferences();
  const config = useMemo(() => antdTheme({ themeName, color, darkMode }), [themeName, color, darkMode]);
  return (
    <QueryClientProvider client={queryClient}>
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
    </QueryClientProvider>
  );
}

/** Publishes theme colours as CSS variables on <html> for the console's own style sheets, and turns native validation off. */
function ThemeVariables({ themeName, darkMode }: { themeName: string; darkMode: boolean }) {
  const { token } = theme.useToken();

  // Every form of the console answers with its own messages, never the browser's bubbles.
  useEffect(() => disableNativeValidation(document), []);

  useEffect(() => {
    const palette = themeByName(themeName)[darkMode ? 'night' : 'day'];
    const variables: Record<string, string> = {
      '--atrium-primary': token.colorPrimary,
      '--atrium-bg-layout': token.colorBgLayout,
      '--atrium-bg-container': token.colorBgContainer,
      '--atrium-bg-hover': token.colorFillTertiary,
      '--atrium-border': token.colorBorderSecondary,
      '--atrium-text': token.colorText,
      '--atrium-text-secondary': token.colorTextSecondary,
      '--atrium-sider-bg': palette.siderBg,
      '--atrium-sider-text': palette.siderText,
      '--atrium-sider-border': palette.siderBorder,
    };
    const root = document.documentElement;
    for (const [name, value] of Object.entries(variables)) root.style.setProperty(name, value);
    root.style.colorScheme = darkMode ? 'dark' : 'light';
    root.dataset.theme = themeName;
  }, [token, themeName, darkMode]);

  return null;
}
