import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../../shared/i18n/i18n';
import { makeMenu, makeUser } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';

const ISSUER = 'https://idp.example.test';

afterEach(() => {
  vi.restoreAllMocks();
});

const open = (path: string) => renderConsole({ path, user: makeUser(), menu: makeMenu() });

describe('/auth-add', () => {
  it('says the account is linked, lists it, and unlinks it after a confirmation', async () => {
    let list = [{ issuer: ISSUER, email: 'me@idp.test', linkedAt: Date.UTC(2026, 10, 30, 9) }];
    const seen = stubApi({
      'GET /oauth/identities': () => ({ result: { issuer: ISSUER, list } }),
      'DELETE /oauth/identities': () => {
        list = [];
        return { result: null };
      },
    });
    const user = userEvent.setup();
    open('/auth-add?linked=1');
    expect(await screen.findByTestId('auth-add-linked')).toHaveTextContent('Your account is linked');
    const table = await screen.findByTestId('auth-add-list');
    expect(await within(table).findByText('me@idp.test')).toBeInTheDocument();
    expect(screen.getByTestId('auth-add-link')).toHaveTextContent('Link another account instead');
    await user.click(within(table).getByTestId('auth-add-unlink'));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(seen.some((request) => request.method === 'DELETE' && (request.body as { issuer: string }).issuer === ISSUER)).toBe(true));
    expect(await screen.findByText('No account is linked yet.')).toBeInTheDocument();
    expect(screen.getByTestId('auth-add-link')).toHaveTextContent('Link my account');
  });

  it('starts linking at the provider', async () => {
    const seen = stubApi({
      'GET /oauth/identities': { result: { issuer: ISSUER, list: [] } },
      'POST /oauth/link': { status: 422, returncode: 1005, message: 'Single sign-on is not available' },
    });
    const user = userEvent.setup();
    open('/auth-add');
    await user.click(await screen.findByTestId('auth-add-link'));
    await waitFor(() => expect(seen.some((request) => request.method === 'POST' && request.path === '/oauth/link')).toBe(true));
  });

  it("shows the provider's refusal in Chinese, and says when nothing can be linked", async () => {
    setLang('zh-CN');
    stubApi({ 'GET /oauth/identities': { result: { issuer: null, list: [] } } });
    open('/auth-add?error=identityTaken');
    expect(await screen.findByTestId('auth-add-error')).toHaveTextContent('该账号已关联到其他同事');
    expect(await screen.findByTestId('auth-add-off')).toHaveTextContent('尚未开启单点登录');
    expect(screen.queryByTestId('auth-add-link')).not.toBeInTheDocument();
  });
});
