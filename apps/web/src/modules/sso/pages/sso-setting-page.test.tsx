import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import type { DirectorySyncReport, DirectorySyncSetting, SsoCandidate, SsoMember, SsoSetting, WorkChatProvider, WorkChatSetting } from '@atrium/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../../shared/i18n/i18n';
import { makeEntry, makeUser } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';

afterEach(() => {
  vi.restoreAllMocks();
});

const SETTING: SsoSetting = {
  isEnabled: false,
  issuer: '',
  clientId: '',
  hasSecret: false,
  userNameClaim: 'email',
  scope: 'all',
  redirectUri: 'https://atrium.example.test/api/oauth/callback',
  updatedAt: null,
};

const LDAP_SETTING: DirectorySyncSetting = {
  isEnabled: false,
  url: '',
  bindDn: '',
  hasPassword: false,
  baseDn: '',
  userFilter: '(objectClass=person)',
  mapping: { userName: 'sAMAccountName', email: 'mail', firstName: 'givenName', lastName: 'sn', department: 'department', groups: 'memberOf' },
  roleMapping: [],
  caCertificate: '',
  scheduleHours: 0,
  nextSyncAt: null,
  lastSyncAt: null,
  lastReport: null,
  updatedAt: null,
};

const PEM = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUQ2E=\n-----END CERTIFICATE-----';

const REPORT: DirectorySyncReport = {
  departmentsCreated: 1,
  usersCreated: 2,
  usersUpdated: 1,
  skipped: [{ entry: 'cn=Nameless,ou=people,dc=acme,dc=test', reason: 'No user name (attribute sAMAccountName)' }],
};

const person = (userId: number, fullName: string, extra: Partial<SsoCandidate> = {}): SsoCandidate => ({
  userId,
  userName: fullName.toLowerCase().replace(' ', '.'),
  fullName,
  email: `${fullName.split(' ')[0]!.toLowerCase()}@example.test`,
  department: null,
  isActive: true,
  isSso: false,
  isMember: false,
  isException: false,
  ...extra,
});

const workChatSetting = (provider: WorkChatProvider): WorkChatSetting => ({
  provider,
  isEnabled: false,
  isSignInEnabled: false,
  corpId: '',
  appKey: '',
  hasSecret: false,
  baseUrl: '',
  roleMapping: [],
  scheduleHours: 0,
  nextSyncAt: null,
  lastSyncAt: null,
  lastReport: null,
  lastError: null,
  updatedAt: null,
});

/** When the stub says a scheduled work-chat sync is next due. */
const NEXT_SYNC_AT = Date.UTC(2026, 11, 1, 9, 30);

function renderPage(permissions: string[] = ['accountGlobal:edit', 'accountGlobal:view'], workChatSettings: WorkChatSetting[] = []) {
  let setting = { ...SETTING };
  let ldapSetting = { ...LDAP_SETTING };
  const workChat = new Map<string, WorkChatSetting>(workChatSettings.map((entry) => [entry.provider, entry]));
  const exceptions: SsoMember[] = [];
  const seen = stubApi({
    'GET /ad/setting': () => ({ result: ldapSetting }),
    'PUT /ad/setting': ({ body }) => {
      const { bindPassword, ...sent } = body as Partial<DirectorySyncSetting> & { bindPassword?: string };
      ldapSetting = { ...ldapSetting, ...sent, hasPassword: ldapSetting.hasPassword || Boolean(bindPassword), updatedAt: 2 };
      return { result: ldapSetting };
    },
    'POST /ad/check': ({ body }) =>
      (body as { bindPassword?: string }).bindPassword === 'wrong'
        ? { result: { ok: false, entries: null, error: 'The LDAP server refused the bind DN or password' } }
        : { result: { ok: true, entries: 5, error: null } },
    'GET /ad/synGroupAndUser': () => {
      ldapSetting = { ...ldapSetting, lastSyncAt: 1, lastReport: REPORT };
      return { result: REPORT };
    },
    'GET /work-chat/setting': ({ query }) => ({ result: workChat.get(query.get('provider')!) ?? workChatSetting(query.get('provider') as WorkChatProvider) }),
    'PUT /work-chat/setting': ({ body }) => {
      const { secret, ...sent } = body as Partial<WorkChatSetting> & { provider: WorkChatProvider; secret?: string };
      const before = workChat.get(sent.provider) ?? workChatSetting(sent.provider);
      workChat.set(sent.provider, { ...before, ...sent, hasSecret: before.hasSecret || Boolean(secret), nextSyncAt: sent.scheduleHours ? NEXT_SYNC_AT : null, updatedAt: 3 });
      return { result: workChat.get(sent.provider) };
    },
    'POST /company/sync-work-wechat': ({ body }) => {
      const { provider } = body as { provider: WorkChatProvider };
      workChat.set(provider, { ...workChat.get(provider)!, lastSyncAt: 4, lastReport: { ...REPORT, skipped: [{ entry: 'dt.gone', reason: 'Disabled or left the company in the directory' }] } });
      return { result: workChat.get(provider)!.lastReport };
    },
    'GET /user/directoryOptions': () => ({ result: { departments: [], roles: [{ id: 7, name: 'Engineer', isDefault: false }, { id: 8, name: 'Staff', isDefault: true }], locations: [] } }),
    'GET /sso/setting': () => ({ result: setting }),
    'PUT /sso/setting': ({ body }) => {
      const sent = body as Partial<SsoSetting> & { clientSecret?: string };
      if (sent.isEnabled && exceptions.length === 0) {
        return { status: 422, returncode: 1005, message: 'Refused: this would make you sign in by single sign-on too' };
      }
      setting = { ...setting, ...sent, hasSecret: setting.hasSecret || Boolean(sent.clientSecret), updatedAt: 1 } as SsoSetting;
      delete (setting as { clientSecret?: string }).clientSecret;
      return { result: setting };
    },
    'GET /sso/members': ({ query }) => {
      const list = query.get('kind') === 'exception' ? exceptions : [];
      return { result: { list, total: list.length, page: 1, pageSize: 15 } };
    },
    'GET /sso/candidates': () => ({ result: { list: [person(1, 'Ada Lovelace'), person(2, 'Alan Turing')], total: 2, page: 1, pageSize: 15 } }),
    'POST /sso/members': ({ body }) => {
      const { userIds } = body as { userIds: number[] };
      for (const id of userIds) exceptions.push({ ...person(id, id === 1 ? 'Ada Lovelace' : 'Alan Turing'), kind: 'exception' });
      return { result: null };
    },
    'POST /sso/check': () => ({
      result: {
        isReachable: true,
        issuer: 'https://login.example.com',
        authorizationEndpoint: 'https://login.example.com/auth',
        tokenEndpoint: 'https://login.example.com/token',
        jwksUri: null,
        scopesSupported: ['openid'],
        claimsSupported: ['email', 'upn'],
        error: null,
      },
    }),
  });
  const view = renderConsole({
    path: '/sso-setting',
    user: makeUser({ permissions: permissions as never }),
    menu: [makeEntry('ssoSetting', '/sso-setting')],
  });
  return { ...view, seen };
}

describe('/sso-setting', () => {
  it('shows the redirect URI, checks the provider and refuses a setting that would lock the administrator out', async () => {
    const user = userEvent.setup();
    const { seen } = renderPage();
    expect(await screen.findByTestId('sso-redirect-uri')).toHaveTextContent('https://atrium.example.test/api/oauth/callback');
    await user.type(screen.getByTestId('sso-issuer'), 'https://login.example.com');
    await user.click(screen.getByTestId('sso-check'));
    expect(await screen.findByTestId('sso-check-result')).toHaveTextContent('https://login.example.com/token');

    await user.click(screen.getByTestId('sso-enabled'));
    await user.click(screen.getByTestId('sso-save'));
    expect(await screen.findByText('Please enter the client ID')).toBeInTheDocument();
    expect(screen.getByText('Please enter the client secret')).toBeInTheDocument();
    await user.type(screen.getByTestId('sso-client-id'), 'atrium');
    await user.type(screen.getByTestId('sso-client-secret'), 's3cret');
    await user.click(screen.getByTestId('sso-save'));
    expect(await screen.findByTestId('sso-save-error')).toHaveTextContent('single sign-on too');
    const put = seen.find((request) => request.method === 'PUT')!;
    expect(put.body).toEqual({ isEnabled: true, issuer: 'https://login.example.com', clientId: 'atrium', clientSecret: 's3cret', userNameClaim: 'email', scope: 'all' });
  });

  it('adds an exception member with the picker, then saves; the secret field stays empty with a saved hint', async () => {
    const user = userEvent.setup();
    const { seen } = renderPage();
    const list = await screen.findByTestId('sso-list-exception');
    await user.click(within(list).getByTestId('sso-add-exception'));
    const picker = await screen.findByTestId('sso-picker');
    await user.click(within(picker).getByLabelText('Ada Lovelace'));
    await user.click(screen.getByTestId('sso-picker-submit'));
    await waitFor(() => expect(seen.some((request) => request.method === 'POST' && request.path === '/sso/members')).toBe(true));
    expect(seen.find((request) => request.path === '/sso/members' && request.method === 'POST')!.body).toEqual({ kind: 'exception', userIds: [1] });
    expect(await within(list).findByTestId('sso-member-1')).toHaveTextContent('Ada Lovelace');

    await user.click(screen.getByTestId('sso-enabled'));
    await user.type(screen.getByTestId('sso-issuer'), 'https://login.example.com');
    await user.type(screen.getByTestId('sso-client-id'), 'atrium');
    await user.type(screen.getByTestId('sso-client-secret'), 's3cret');
    await user.click(screen.getByTestId('sso-save'));
    expect(await screen.findByText('Single sign-on setting saved')).toBeInTheDocument();
    expect(await screen.findByText(/A secret is saved/)).toBeInTheDocument();
    expect(screen.getByTestId('sso-client-secret')).toHaveValue('');
  });

  it('is read-only for a viewer, in Chinese', async () => {
    setLang('zh-CN');
    renderPage(['accountGlobal:view']);
    expect(await screen.findByText('身份提供方')).toBeInTheDocument();
    expect(screen.queryByTestId('sso-save')).not.toBeInTheDocument();
    expect(screen.queryByTestId('sso-add-exception')).not.toBeInTheDocument();
    expect(screen.getByTestId('sso-issuer')).toBeDisabled();
  });

  it('directory sync: checks the connection, saves, syncs and shows the report', async () => {
    const user = userEvent.setup();
    const { seen } = renderPage();
    const card = await screen.findByTestId('ldap-card');
    expect(within(card).getByTestId('ldap-sync')).toBeDisabled();
    await user.click(within(card).getByTestId('ldap-enabled'));
    await user.click(within(card).getByTestId('ldap-save'));
    expect(await within(card).findByText('Please enter the server address')).toBeInTheDocument();
    await user.type(within(card).getByTestId('ldap-url'), 'http://dc1.acme.test');
    expect(await within(card).findByText('An ldap:// or ldaps:// address')).toBeInTheDocument();
    await user.clear(within(card).getByTestId('ldap-url'));
    await user.type(within(card).getByTestId('ldap-url'), 'ldaps://dc1.acme.test');
    await user.type(within(card).getByTestId('ldap-base-dn'), 'dc=acme,dc=test');
    await user.type(within(card).getByTestId('ldap-bind-dn'), 'cn=sync,dc=acme,dc=test');
    await user.type(within(card).getByTestId('ldap-bind-password'), 'wrong');
    await user.click(within(card).getByTestId('ldap-check'));
    expect(await within(card).findByTestId('ldap-check-result')).toHaveTextContent('refused the bind DN or password');
    await user.clear(within(card).getByTestId('ldap-bind-password'));
    await user.type(within(card).getByTestId('ldap-bind-password'), 'right');
    // A private authority for the ldaps:// server: only PEM text is taken.
    await user.click(within(card).getByText('Certificate authority for ldaps://'));
    await user.click(within(card).getByTestId('ldap-ca-certificate'));
    await user.paste('my company CA');
    expect(await within(card).findByText('PEM text: -----BEGIN CERTIFICATE----- … -----END CERTIFICATE-----')).toBeInTheDocument();
    await user.clear(within(card).getByTestId('ldap-ca-certificate'));
    await user.paste(PEM);
    await user.click(within(card).getByTestId('ldap-check'));
    await waitFor(() => expect(within(card).getByTestId('ldap-check-result')).toHaveTextContent('the filter finds 5 entries'));
    const checked = seen.filter((request) => request.path === '/ad/check').at(-1)!;
    expect(checked.body).toMatchObject({ url: 'ldaps://dc1.acme.test', bindDn: 'cn=sync,dc=acme,dc=test', bindPassword: 'right', baseDn: 'dc=acme,dc=test', caCertificate: PEM });
    expect(checked.body).not.toHaveProperty('isEnabled');
    expect(checked.body).not.toHaveProperty('scheduleHours');

    await user.click(within(card).getByRole('combobox', { name: 'Sync automatically' }));
    await user.click(await screen.findByTitle('Every 6 hours'));
    await user.click(within(card).getByTestId('ldap-save'));
    expect(await screen.findByText('Directory sync setting saved')).toBeInTheDocument();
    const put = seen.find((request) => request.method === 'PUT' && request.path === '/ad/setting')!;
    expect(put.body).toMatchObject({ isEnabled: true, scheduleHours: 6, url: 'ldaps://dc1.acme.test', bindPassword: 'right', userFilter: '(objectClass=person)', mapping: LDAP_SETTING.mapping });
    const saved = await screen.findByTestId('ldap-card');
    expect(await within(saved).findByText(/A password is saved/)).toBeInTheDocument();
    expect(within(saved).getByTestId('ldap-bind-password')).toHaveValue('');

    await waitFor(() => expect(within(saved).getByTestId('ldap-sync')).toBeEnabled());
    await user.click(within(saved).getByTestId('ldap-sync'));
    const report = await screen.findByTestId('ldap-report');
    expect(report).toHaveTextContent('Users created');
    expect(report).toHaveTextContent('cn=Nameless,ou=people,dc=acme,dc=test');
    expect(report).toHaveTextContent('No user name (attribute sAMAccountName)');
    // A long journey through one form; the default 20 s is tight when the machine is busy.
  });

  it('directory sync is read-only for a viewer, in Chinese', async () => {
    setLang('zh-CN');
    renderPage(['accountGlobal:view']);
    const card = await screen.findByTestId('ldap-card');
    expect(within(card).getByText('目录同步（LDAP）')).toBeInTheDocument();
    expect(within(card).queryByTestId('ldap-sync')).not.toBeInTheDocument();
    expect(within(card).getByTestId('ldap-url')).toBeDisabled();
  });

  it('work chat: sets up DingTalk with a secret kept write-only and a department-to-role rule, then syncs', async () => {
    const user = userEvent.setup();
    const { seen } = renderPage();
    const card = await screen.findByTestId('work-chat-card');
    expect(await within(card).findByText('Corp ID')).toBeInTheDocument();
    await user.click(within(card).getByText('DingTalk'));
    expect(await within(card).findByText('App key (client ID)')).toBeInTheDocument();
    expect(within(card).getByTestId('work-chat-redirect')).toHaveTextContent('/api/oauth/work-chat/callback/dingtalk');
    expect(within(card).getByTestId('work-chat-sync')).toBeDisabled();

    await user.click(within(card).getByTestId('work-chat-enabled'));
    await user.click(within(card).getByTestId('work-chat-save'));
    expect(await within(card).findByText("Please enter the app's ID")).toBeInTheDocument();
    expect(within(card).getByText('Please enter the secret')).toBeInTheDocument();
    await user.type(within(card).getByTestId('work-chat-app-key'), 'dingabc');
    await user.type(within(card).getByTestId('work-chat-secret'), 'ding-secret');
    await user.click(within(card).getByTestId('work-chat-sign-in'));
    await user.click(within(card).getByRole('combobox', { name: 'Sync automatically' }));
    await user.click(await screen.findByTitle('Every 6 hours'));
    await user.click(within(card).getByText('Role mapping'));
    await user.click(within(card).getByTestId('work-chat-role-mapping-add'));
    await user.type(within(card).getByTestId('work-chat-role-mapping-group-0'), 'Engineering');
    await user.click(within(card).getByRole('combobox', { name: 'Role 1' }));
    await user.click(await screen.findByTitle('Engineer'));
    await user.click(within(card).getByText('API address'));
    await user.type(within(card).getByTestId('work-chat-base-url'), 'http://dingtalk.example.test');
    await user.click(within(card).getByTestId('work-chat-save'));
    expect(await within(card).findByText('An https:// address')).toBeInTheDocument();
    await user.clear(within(card).getByTestId('work-chat-base-url'));
    await user.click(within(card).getByTestId('work-chat-save'));

    expect(await screen.findByText('Setting saved')).toBeInTheDocument();
    const put = seen.find((request) => request.method === 'PUT' && request.path === '/work-chat/setting')!;
    expect(put.body).toEqual({ provider: 'dingtalk', isEnabled: true, isSignInEnabled: true, scheduleHours: 6, corpId: '', appKey: 'dingabc', secret: 'ding-secret', baseUrl: '', roleMapping: [{ group: 'Engineering', roleId: 7 }] });
    const saved = await screen.findByTestId('work-chat-card');
    expect(await within(saved).findByText(/A secret is saved/)).toBeInTheDocument();
    expect(within(saved).getByText(`Next sync: ${dayjs(NEXT_SYNC_AT).format('YYYY-MM-DD HH:mm')}`)).toBeInTheDocument();
    expect(within(saved).getByTestId('work-chat-secret')).toHaveValue('');

    await waitFor(() => expect(within(saved).getByTestId('work-chat-sync')).toBeEnabled());
    await user.click(within(saved).getByTestId('work-chat-sync'));
    const report = await within(saved).findByTestId('ldap-report');
    expect(report).toHaveTextContent('Disabled or left the company in the directory');
    expect(seen.find((request) => request.path === '/company/sync-work-wechat')!.body).toEqual({ provider: 'dingtalk' });
  });

  it('work chat is read-only for a viewer, in Chinese, with its schedule and why the last sync failed', async () => {
    setLang('zh-CN');
    renderPage(['accountGlobal:view'], [{ ...workChatSetting('wecom'), isEnabled: true, scheduleHours: 24, nextSyncAt: NEXT_SYNC_AT, lastError: '40001 invalid credential' }]);
    const card = await screen.findByTestId('work-chat-card');
    expect(within(card).getByText('企业微信、飞书和钉钉')).toBeInTheDocument();
    expect(await within(card).findByText('企业ID')).toBeInTheDocument();
    expect(within(card).getByText('自动同步')).toBeInTheDocument();
    expect(within(card).getByText('每天一次')).toBeInTheDocument();
    expect(within(card).getByText(`下次同步：${dayjs(NEXT_SYNC_AT).format('YYYY-MM-DD HH:mm')}`)).toBeInTheDocument();
    expect(within(card).getByTestId('work-chat-last-error')).toHaveTextContent('上次同步失败：40001 invalid credential');
    expect(within(card).queryByTestId('work-chat-save')).not.toBeInTheDocument();
    expect(within(card).getByTestId('work-chat-corp-id')).toBeDisabled();
  });
});
