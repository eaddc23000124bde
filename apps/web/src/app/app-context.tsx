import AntApp from 'antd/es/app';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { closeStaticToasts, connectApi, disconnectApiToasts } from '../shared/api/api';
import { AntdTheme } from './antd-theme';

/**
 * antd for the pages that use it: the user's theme and antd's locale (antd-theme.tsx), and antd's App
 * context (context-bound message, notification and modal). `/login` does without it: the page every
 * new visitor opens first loads no antd at all (issue 19).
 */
export function AppContext({ children }: { children: ReactNode }) {
  return (
    <AntdTheme>
      <AntApp>
        <ApiToasts />
        <ToastsFollowLanguage />
        {children}
      </AntApp>
    </AntdTheme>
  );
}

/** The router's layout around every page but `/login`. */
export function AppContextLayout() {
  return (
    <AppContext>
      <Outlet />
    </AppContext>
  );
}

/** Routes the API client's error messages through antd's context-aware message API while this context is mounted. */
function ApiToasts() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    connectApi({ notify: (text, seconds) => void message.error(text, seconds) });
    return disconnectApiToasts;
  }, [message]);
  return null;
}

/**
 * Closes every toast (antd message and notification in the context, the API client's static ones) when the
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
      void closeStaticToasts();
    };
    i18n.on('languageChanged', closeToasts);
    return () => i18n.off('languageChanged', closeToasts);
  }, [i18n, message, notification]);

  return null;
}
