import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../../shared/i18n/i18n';
import { renderConsole, stubApi } from '../../../test/render';

afterEach(() => {
  vi.restoreAllMocks();
});

const OPERATOR = { id: 1, userName: 'operator', fullName: 'Olive Operator' };

describe('operator sign-in', () => {
  it('signs an operator in and opens the operator console with the boss menu', async () => {
    const user = userEvent.setup();
    let signedIn = false;
    const seen = stubApi({
      'POST /boss/login': () => {
        signedIn = true;
        return { result: { token: 'secret', operator: OPERATOR } };
      },
      'GET /boss/currentOperator': () => (signedIn ? { result: OPERATOR } : { status: 401, returncode: 2001, message: 'Unauthorised, please sign in' }),
      'GET /boss/storeManager/getBranch': { result: [] },
      'POST /boss/storeManager/getStoreList': { result: { list: [], total: 0, page: 1, pageSize: 15 } },
    });
    const { router } = renderConsole({ path: '/boss/login' });
    await user.type(await screen.findByTestId('operator-login-user'), 'operator');
    await user.type(screen.getByTestId('operator-login-password'), 'Runs-The-Place-2026');
    await user.click(screen.getByTestId('operator-login-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/branch'));
    expect(seen.find((request) => request.path === '/boss/login')?.body).toEqual({ userName: 'operator', password: 'Runs-The-Place-2026' });
    expect(await screen.findByTestId('operator-name')).toHaveTextContent('Olive Operator');
    const menu = screen.getByTestId('boss-menu');
    expect(menu).toHaveTextContent('Version management');
    expect(menu).toHaveTextContent('Branches');
    // No company session is asked for.
    expect(seen.some((request) => request.path === '/user/getCurrentUserInfo')).toBe(false);
  });

  it("shows the server's refusal on the form, in Chinese too", async () => {
    const user = userEvent.setup();
    setLang('zh-CN');
    stubApi({ 'POST /boss/login': { status: 400, returncode: 1008, message: '请输入正确的账号和密码' } });
    renderConsole({ path: '/boss/login' });
    expect(await screen.findByText('运营人员登录')).toBeInTheDocument();
    await user.type(screen.getByTestId('operator-login-user'), 'operator');
    await user.type(screen.getByTestId('operator-login-password'), 'wrong-password');
    await user.click(screen.getByTestId('operator-login-submit'));
    expect(await screen.findByTestId('operator-login-error')).toHaveTextContent('请输入正确的账号和密码');
  });

  it('sends a visitor of /branch without an operator session to the operator sign-in', async () => {
    stubApi({ 'GET /boss/currentOperator': { status: 401, returncode: 2001, message: 'Unauthorised, please sign in' } });
    const { router } = renderConsole({ path: '/branch' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/boss/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fbranch');
  });
});
