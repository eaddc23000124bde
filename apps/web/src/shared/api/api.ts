import type staticMessageModule from 'antd/es/message';
import { currentLang, i18n } from '../i18n/i18n';
import { signInRedirectTarget } from '../session/redirect';
import { reportRequestFailure } from '../error-reporter/reporter';
import { createApiClient } from './api-client';
import { httpStatusKey } from './http-status';

type Notify = (text: string, seconds?: number) => void;
type Navigate = (to: string) => void;
type CurrentLocation = () => { pathname: string; search: string };

type StaticMessage = typeof staticMessageModule;

/** antd's static message, once the first static toast has loaded it. */
let staticMessage: Promise<StaticMessage> | undefined;

// Until a page with antd's App context connects its themed toasts (app/app-context.tsx), the static
// toast shows the message; its code loads on the first one, not with the sign-in page (issue 19).
const staticNotify: Notify = (text, seconds) => {
  staticMessage ??= import('antd/es/message').then((module) => module.default);
  void staticMessage.then((message) => message.error(text, seconds));
};

/**
 * Closes the static toasts, if one was ever shown: asked to close nothing, antd's static message would
 * load and mount a holder of its own for it.
 */
export async function closeStaticToasts(): Promise<void> {
  (await staticMessage)?.destroy();
}
let notifyError: Notify = staticNotify;
let navigate: Navigate = (to) => window.location.assign(to);
let currentLocation: CurrentLocation = () => window.location;

/**
 * Lets the app show messages through antd's context-aware API, and send a 2001 to sign-in through
 * its router (no page load; the router's location is the place to come back to).
 */
export function connectApi(handlers: { notify?: Notify; navigate?: Navigate; location?: CurrentLocation }) {
  if (handlers.notify) notifyError = handlers.notify;
  if (handlers.navigate) navigate = handlers.navigate;
  if (handlers.location) currentLocation = handlers.location;
}

/** Back to the static toast: the App context that connected its themed one has gone (signed out to /login). */
export function disconnectApiToasts() {
  notifyError = staticNotify;
}

/** The console's API client. */
export const api = createApiClient({
  getLang: currentLang,
  notify: (text, seconds) => notifyError(text, seconds),
  onSessionInvalid: () => {
    const target = signInRedirectTarget(currentLocation());
    if (target) navigate(target);
  },
  describeStatus: (status) => i18n.t(httpStatusKey(status)),
  onRequestFailure: reportRequestFailure,
});
