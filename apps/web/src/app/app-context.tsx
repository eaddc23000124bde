import { App as AntApp, message as staticMessage, notification as staticNotification } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { connectApi, disconnectApiToasts } from '../shared/api/api';

/**
 * antd's App context for the pages that toast or confirm: context-bound message, notification and
 * modal, themed like the page. The sign-in pages do without it, so its code (a sixth of what they
 * would load) comes with the first other page (issue 19).
 */
export function AppContext({ children }: { children: ReactNode }) {
  return (
    <AntApp>
      <ApiToasts />
      <ToastsFollowLanguage />
      {children}
    </AntApp>
  );
}

/** The router's layout around every page but the sign-in pages. */
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
