import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../../shared/i18n/i18n';
import { renderConsole, stubApi } from '../../../test/render';

afterEach(() => {
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
  it("starts the company's DingTalk sign-in by its domain, or says it is not offered, in both languages", async () => {
    const user = userEvent.setup();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const seen = stubApi({
      'GET /oauth/work-chat/login': ({ query }) =>
        query.get('domain') === 'acme' && query.get('provider') === 'dingtalk'
          ? { result: { url: 'https://login.dingtalk.com/oauth2/auth?client_id=ding1' } }
          : { status: 422, returncode: 1005, message: 'Single sign-on is not available for this account or company' },
    });
    renderConsole({ path: '/login-dingtalk?redirect=%2Fpersonal' });
    expect(await screen.findByRole('heading', { name: 'Sign in with DingTalk' })).toBeInTheDocument();
    // An e-mail is no company domain here.
    await user.type(screen.getByTestId('login-sso-account'), 'ann@acme.test');
    await user.click(screen.getByTestId('login-sso-submit'));
    expect(await screen.findByText('A company domain of 2 to 14 letters, digits or hyphens')).toBeInTheDocument();
    // A company without DingTalk is told so, and single sign-on is one click away.
    await user.clear(screen.getByTestId('login-sso-account'));
    await user.type(screen.getByTestId('login-sso-account'), 'nodt');
    await user.click(screen.getByTestId('login-sso-submit'));
    expect(await screen.findByTestId('login-sso-error')).toHaveTextContent('not available');
    expect(screen.getByTestId('login-dingtalk-sso')).toHaveAttribute('href', '/login-sso?redirect=%2Fpersonal');
    // One with DingTalk goes there.
    await user.clear(screen.getByTestId('login-sso-account'));
    await user.type(screen.getByTestId('login-sso-account'), 'acme');
    await user.click(screen.getByTestId('login-sso-submit'));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://login.dingtalk.com/oauth2/auth?client_id=ding1'));
    expect(seen.map((request) => [request.query.get('provider'), request.query.get('domain'), request.query.get('redirect')])).toEqual([
      ['dingtalk', 'nodt', '/personal'],
      ['dingtalk', 'acme', '/personal'],
    ]);
    vi.unstubAllGlobals();
    setLang('zh-CN');
    expect(await screen.findByText('钉钉登录')).toBeInTheDocument();
  });

  it('shows why DingTalk sent the browser back', async () => {
    stubApi({});
    renderConsole({ path: '/login-dingtalk?error=userUnknown' });
    expect(await screen.findByTestId('login-sso-error')).toHaveTextContent('not linked to a user here');
  });
});
