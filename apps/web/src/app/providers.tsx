import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, message as staticMessage, notification as staticNotification, theme } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { connectApi } from '../shared/api/api';
import { disableNativeValidation } from '../shared/forms/native-validation';
import { usePreferences } from '../shared/preferences/preferences-store';
import { themeByName } from '../shared/theme/themes';
import { EmptyState } from '../shared/ui/empty-state';
import { antdTheme } from './theme';

export interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/** Data, language and theme for everything below: TanStack Query, antd's locale and theme, antd's App context. */
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
        <AntApp>
          <ShellVariables themeName={themeName} darkMode={darkMode} />
          <ToastsFollowLanguage />
          {children}
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}

/**
 * Publishes theme colours as CSS variables on <html> for the console's own style sheets, routes
 * API error messages through antd's context-aware message API, and turns native validation off.
 */
function ShellVariables({ themeName, darkMode }: { themeName: string; darkMode: boolean }) {
  const { token } = theme.useToken();
  const { message } = AntApp.useApp();

  useEffect(() => {
    connectApi({ notify: (text, seconds) => void message.error(text, seconds) });
  }, [message]);

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

/**
 * Closes every toast (antd message and notification, the context-bound and the static ones) when the
 * language changes: a toast is written once in the language of its moment, so it would otherwise stay
 * in the old one. One place for the whole console, whichever control switched the language.
 */
function ToastsFollowLanguage() {
  const { i18n } = useTranslation();
  const { message, notification } = AntApp.useApp();

  useEffect(() => {
    const closeToasts = () => {
      message.destroy();
      notification.destroy();
      staticMessage.destroy();
      staticNotification.destroy();
    };
    i18n.on('languageChanged', closeToasts);
    return () => i18n.off('languageChanged', closeToasts);
  }, [i18n, message, notification]);

  return null;
}
