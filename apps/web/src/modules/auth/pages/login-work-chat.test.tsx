import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../../shared/i18n/i18n';
import { makeMenu, makeUser } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The sign-in page's work-chat options and the corpId start-up sign-in (decision 0024). */
describe('sign-in with a work-chat app', () => {
  it("offers the apps of the address's company and starts the one chosen", async () => {
    const user = userEvent.setup();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const seen = stubApi({
      'GET /oauth/work-chat/providers': ({ query }) => ({ result: { providers: query.get('domain') === 'acme' ? ['wecom', 'feishu'] : [] } }),
      'GET /oauth/work-chat/login': ({ query }) => ({ result: { url: `https://work-chat.example.test/${query.get('provider')}?state=s` } }),
    });
    renderConsole({ path: '/login?domain=acme&redirect=%2Fpersonal' });
    expect(await screen.findByTestId('login-work-chat-wecom')).toHaveTextContent('Sign in with WeCom');
    expect(screen.getByTestId('login-work-chat-feishu')).toHaveTextContent('Sign in with Feishu');
    expect(screen.queryByTestId('login-work-chat-dingtalk')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('login-work-chat-feishu'));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://work-chat.example.test/feishu?state=s'));
    const start = seen.find((request) => request.path === '/oauth/work-chat/login')!;
    expect(Object.fromEntries(start.query)).toEqual({ provider: 'feishu', domain: 'acme', redirect: '/personal' });
  });

  it('asks for no apps without a company in the address', async () => {
    const seen = stubApi({ 'GET /oauth/work-chat/providers': () => ({ result: { providers: [] } }) });
    renderConsole({ path: '/login' });
    await screen.findByTestId('login-username');
    expect(seen.some((request) => request.path === '/oauth/work-chat/providers')).toBe(false);
    expect(screen.queryByTestId('login-work-chat')).not.toBeInTheDocument();
  });

  it('signs in at start-up with the code a DingTalk app gave (corpId in the address)', async () => {
    let signedIn = false;
    const seen = stubApi({
      'GET /oauth/work-chat/providers': () => ({ result: { providers: ['dingtalk'] } }),
      'POST /oauth/work-chat/auth-code': ({ body }) => {
        if ((body as { authCode: string }).authCode !== 'good-code') return { status: 422, returncode: 1005, message: 'refused' };
        signedIn = true;
        return { result: { ...makeUser(), token: 'unused', isDefaultPassword: false, passwordExpired: false } };
      },
      'GET /user/getCurrentUserInfo': () => (signedIn ? { result: makeUser() } : { status: 401, returncode: 2001, message: 'Unauthorised' }),
      'GET /user/getMenuList': () => ({ result: makeMenu() }),
    });
    vi.stubGlobal('dd', { getAuthCode: vi.fn(async ({ corpId }: { corpId: string }) => ({ code: corpId === 'dingcorp' ? 'good-code' : 'bad-code' })) });
    const { router } = renderConsole({ path: '/login?domain=acme&corpId=dingcorp&redirect=%2Fpersonal' });
    await screen.findByTestId('page-personal', {}, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/personal');
    const call = seen.find((request) => request.path === '/oauth/work-chat/auth-code')!;
    expect(call.body).toEqual({ authCode: 'good-code', authType: 3, companyDomain: 'acme', corpId: 'dingcorp' });
  });

  it('tells a failed start-up sign-in in Chinese and leaves the form', async () => {
    setLang('zh-CN');
    stubApi({
      'GET /oauth/work-chat/providers': () => ({ result: { providers: [] } }),
      'POST /oauth/work-chat/auth-code': () => ({ status: 422, returncode: 1005, message: 'refused' }),
      'GET /user/getCurrentUserInfo': () => ({ status: 401, returncode: 2001, message: 'Unauthorised' }),
    });
    renderConsole({ path: '/login?domain=acme&corpId=dingcorp&authCode=stale' });
    expect(await screen.findByTestId('login-work-chat-error')).toHaveTextContent('办公应用登录失败');
    expect(screen.getByTestId('login-username')).toBeInTheDocument();
  });
});
