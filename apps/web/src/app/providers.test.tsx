import { act, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp, Button } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTranslation } from 'react-i18next';
import { api } from '../shared/api/api';
import { setLang } from '../shared/i18n/i18n';
import { stubApi } from '../test/render';
import { AppContext } from './app-context';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';

afterEach(() => {
  act(() => setLang('en-US'));
  vi.restoreAllMocks();
});

/** Shows a message and a notification in the language of the moment it is clicked. */
function ToastButton() {
  const { t } = useTranslation();
  const { message, notification } = AntApp.useApp();
  return (
    <Button
      onClick={() => {
        void message.success(t('common.actions.save'), 0);
        notification.info({ title: t('common.notSet'), duration: 0 });
      }}
    >
      toast
    </Button>
  );
}

/** A toast is closing when it is gone or in its leave animation (jsdom never ends a CSS animation). */
function isClosing(text: string) {
  const notice = screen.queryByText(text)?.closest('.ant-message-notice, .ant-notification-notice');
  return !notice || /-fade-leave\b/.test(notice.className);
}

describe('toasts and the language', () => {
  it('closes the toasts of the old language when the language changes', async () => {
    act(() => setLang('en-US'));
    render(
      <AppProviders queryClient={createQueryClient()}>
        <AppContext>
          <ToastButton />
        </AppContext>
      </AppProviders>,
    );
    act(() => screen.getByRole('button', { name: 'toast' }).click());
    const english = await screen.findByText('Save');
    const chinese = await screen.findByText('Not set');
    expect(english).toBeInTheDocument();
    expect(chinese).toBeInTheDocument();
    expect(isClosing('Save')).toBe(false);

    act(() => setLang('zh-CN'));
    await waitFor(() => {
      expect(isClosing('Save')).toBe(true);
      expect(isClosing('Not set')).toBe(true);
    });
  });
});

describe('API errors without the App context', () => {
  it('go to the static toast once the context has gone (signed out to /login), not to the gone one', async () => {
    stubApi({ 'GET /boom': { status: 500, returncode: 500, message: 'The boom failed' } });
    const view = render(
      <AppProviders queryClient={createQueryClient()}>
        <AppContext>
          <span>signed in</span>
        </AppContext>
      </AppProviders>,
    );
    view.unmount();
    await expect(api.get('/boom')).rejects.toThrow();
    const toast = await screen.findByText('The boom failed');
    expect(toast.closest('.ant-message-notice')).not.toBeNull();
    // The toast closes by its own timer (3 s) while the test still runs: once the file's window has
    // gone, that timer's update would throw (closing it early leaves the timer running).
    await waitFor(() => expect(isClosing('The boom failed')).toBe(true), { timeout: 6_000 });
  });
});
