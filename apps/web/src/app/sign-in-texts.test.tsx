import { LANGS } from '@atrium/contract';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, switchLanguage } from '../shared/i18n/i18n';
import { CORE_TEXT_DOMAINS } from '../shared/i18n/text-domains';
import { makeUser } from '../test/factories';
import { renderConsole, stubApi } from '../test/render';

type Texts = Record<string, unknown>;

/**
 * The sign-in pages (and the door display) render with the core texts alone: the browser fetches nothing else before them
 * (shared/i18n/text-domains.ts). Every other text is taken away here, and any key looked up without
 * a text is collected.
 */
describe('sign-in pages with the core texts alone', () => {
  const fullTexts = new Map<string, Texts>();
  const missing: string[] = [];

  beforeEach(() => {
    for (const lang of LANGS) {
      const texts = i18n.getResourceBundle(lang, 'translation') as Texts;
      fullTexts.set(lang, texts);
      i18n.removeResourceBundle(lang, 'translation');
      i18n.addResourceBundle(lang, 'translation', Object.fromEntries(CORE_TEXT_DOMAINS.map((domain) => [domain, texts[domain]])));
    }
    missing.length = 0;
    i18n.options.saveMissing = true;
    i18n.options.missingKeyHandler = (_langs, _namespace, key) => missing.push(key);
  });

  afterEach(async () => {
    i18n.options.saveMissing = false;
    i18n.options.missingKeyHandler = false;
    for (const [lang, texts] of fullTexts) i18n.addResourceBundle(lang, 'translation', texts, true, true);
    await act(() => switchLanguage('en-US'));
    vi.restoreAllMocks();
  });

  it.each(LANGS)("signs in, with the first sign-in's password change, in %s", async (lang) => {
    const user = userEvent.setup();
    await act(() => switchLanguage(lang));
    stubApi({
      'GET /register/status': { result: { isOpen: true } },
      'POST /login': { result: { ...makeUser(), token: 'not-used', isDefaultPassword: true, passwordExpired: false } },
    });
    renderConsole({ path: '/login' });
    await screen.findByTestId('login-register');
    // The form's own messages first, then the change form and its messages.
    await user.click(screen.getByTestId('login-submit'));
    await user.type(screen.getByTestId('login-username'), 'ann');
    await user.type(screen.getByTestId('login-password'), 'First-pass-1');
    await user.click(screen.getByTestId('login-submit'));
    await user.click(await screen.findByTestId('change-password-submit'));
    await screen.findAllByRole('alert');
    expect(missing).toEqual([]);
  });

  it.each(['/login-sso', '/no-access'])('shows %s', async (path) => {
    stubApi({});
    renderConsole({ path });
    await screen.findByTestId(path === '/no-access' ? 'page-no-access' : 'page-login-sso');
    expect(missing).toEqual([]);
  });

  it('shows the door display, which loads the core texts alone too', async () => {
    stubApi({});
    renderConsole({ path: '/pad' });
    await screen.findByLabelText('Activation code');
    expect(missing).toEqual([]);
    // Every text of the display's module is of its own domain, which is a core one.
    expect(CORE_TEXT_DOMAINS).toContain('pad');
  });
});
