import { message } from 'antd';
import { currentLang, i18n } from '../i18n/i18n';
import { signInRedirectTarget } from '../session/redirect';
import { createApiClient } from './api-client';
import { httpStatusKey } from './http-status';

type Notify = (text: string, seconds?: number) => void;
type Navigate = (to: string) => void;

let notifyError: Notify = (text, seconds) => void message.error(text, seconds);
let navigate: Navigate = (to) => window.location.assign(to);

/** Lets the app show messages through antd's context-aware API and navigate without a page load. */
export function connectApi(handlers: { notify?: Notify; navigate?: Navigate }) {
  if (handlers.notify) notifyError = handlers.notify;
  if (handlers.navigate) navigate = handlers.navigate;
}

/** The console's API client. */
export const api = createApiClient({
  getLang: currentLang,
  notify: (text, seconds) => notifyError(text, seconds),
  onSessionInvalid: () => {
    const target = signInRedirectTarget(window.location);
    if (target) navigate(target);
  },
  describeStatus: (status) => i18n.t(httpStatusKey(status)),
});
