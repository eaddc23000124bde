import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../../shared/i18n/i18n';
import { renderConsole, stubApi } from '../../../test/render';

afterEach(() => {
  setLang('en-US');
  vi.restoreAllMocks();
});

describe('/login-sso', () => {
  it('sends a work e-mail to the provider address the server answers', async () => {
    const user = userEvent.setup();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const seen = stubApi({ 'GET /oauth/getSSOLoginUrl': () => ({ result: { url: 'https://login.example.com/auth?x=1' } }) });
    renderConsole({ path: '/login-sso?redirect=%2Fdirectory' });
    await user.type(await screen.findByTestId('login-sso-account'), ' ann@example.com ');
    await user.click(screen.getByTestId('login-sso-submit'));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://login.example.com/auth?x=1'));
    const request = seen.find((candidate) => candidate.path === '/oauth/getSSOLoginUrl')!;
    expect(Object.fromEntries(request.query)).toEqual({ email: 'ann@example.com', redirect: '/directory' });
    vi.unstubAllGlobals();
  });

  it("names a company by its domain, and shows the server's refusal", async () => {
    const user = userEvent.setup();
    const seen = stubApi({ 'GET /oauth/getSSOLoginUrl': () => ({ status: 422, returncode: 1005, message: 'Single sign-on is not available for this account or company' }) });
    renderConsole({ path: '/login-sso?domain=acme' });
    expect(await screen.findByTestId('login-sso-account')).toHaveValue('acme');
    await user.click(screen.getByTestId('login-sso-submit'));
    expect(await screen.findByTestId('login-sso-error')).toHaveTextContent('not available');
    expect(Object.fromEntries(seen[0]!.query)).toEqual({ domain: 'acme' });
  });

  it('checks the field before asking', async () => {
    const user = userEvent.setup();
    const seen = stubApi({});
    renderConsole({ path: '/login-sso' });
    await user.type(await screen.findByTestId('login-sso-account'), 'not a domain!');
    await user.click(screen.getByTestId('login-sso-submit'));
    expect(await screen.findByText(/Enter a work e-mail, or a company domain/)).toBeInTheDocument();
    expect(seen).toHaveLength(0);
  });

  it('translates the error the provider round trip came back with', async () => {
    setLang('zh-CN');
    stubApi({});
    renderConsole({ path: '/login-sso?error=notCovered' });
    expect(await screen.findByTestId('login-sso-error')).toHaveTextContent('您的账号使用密码登录');
  });

  it('is offered on the sign-in page', async () => {
    const user = userEvent.setup();
    stubApi({ 'GET /user/getCurrentUserInfo': { status: 401, returncode: 2001, message: 'Unauthorised' } });
    const { router } = renderConsole({ path: '/login?redirect=%2Fdirectory' });
    await user.click(await screen.findByTestId('login-sso-link'));
    await screen.findByTestId('page-login-sso');
    expect(router.state.location.pathname + router.state.location.search).toBe('/login-sso?redirect=%2Fdirectory');
  });
});

describe('/login-dingtalk', () => {
  it("says DingTalk's own sign-in is not offered and leads to the company's provider, in both languages", async () => {
    const user = userEvent.setup();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const seen = stubApi({
      'GET /oauth/getSSOLoginUrl': ({ query }) =>
        query.get('domain') === 'acme'
          ? { result: { url: 'https://login.example.com/auth?y=2' } }
          : { status: 422, returncode: 1005, message: 'Single sign-on is not available for this account or company' },
    });
    renderConsole({ path: '/login-dingtalk' });
    expect(await screen.findByTestId('login-dingtalk-notice')).toHaveTextContent("DingTalk's own sign-in is not available here");
    expect(screen.getByRole('heading', { name: 'Sign in with DingTalk' })).toBeInTheDocument();
    // A company without a provider is told so.
    await user.type(screen.getByTestId('login-sso-account'), 'nosso');
    await user.click(screen.getByTestId('login-sso-submit'));
    expect(await screen.findByTestId('login-sso-error')).toHaveTextContent('not available');
    // One with a provider goes there.
    await user.clear(screen.getByTestId('login-sso-account'));
    await user.type(screen.getByTestId('login-sso-account'), 'acme');
    await user.click(screen.getByTestId('login-sso-submit'));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://login.example.com/auth?y=2'));
    expect(seen.map((request) => request.query.get('domain'))).toEqual(['nosso', 'acme']);
    vi.unstubAllGlobals();
    setLang('zh-CN');
    expect(await screen.findByText('钉钉登录')).toBeInTheDocument();
  });
});
