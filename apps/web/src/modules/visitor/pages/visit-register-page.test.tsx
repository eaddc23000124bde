import { VISIT_PASS_HEADER, VISIT_REGISTER_HEADER, type RegisterPlace, type VisitPass } from '@atrium/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../../shared/i18n/i18n';
import { renderConsole, stubApi } from '../../../test/render';

afterEach(() => {
  vi.restoreAllMocks();
});

const TOKEN = 'register-token-0123456789abcdefghijklmnopqrstuvwxyz';
const PASS = 'pass-token-of-the-new-visit';

const PLACE: RegisterPlace = {
  companyName: 'Harbourview',
  location: { name: 'Dock Tower · 8F', timeZone: 'Asia/Shanghai' },
  reasons: [
    { id: 3, name: 'Interview' },
    { id: 4, name: 'Maintenance' },
  ],
  welcome: { en: null, zh: '欢迎来到海景大厦' },
  color: '#0a7e5c',
  walkIns: true,
};

function stubRegister(routes: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /visitor/register': { result: PLACE },
    'GET /visitor/register/hosts': ({ query }) => ({ result: [{ id: 12, fullName: 'Ada Lovelace' }].filter((host) => host.fullName.toLowerCase().includes(query.get('keyword')!.toLowerCase())) }),
    'POST /visitor/register': { result: { pass: PASS } },
    ...routes,
  });
}

const linkRequests = (seen: ReturnType<typeof stubApi>) => seen.filter((request) => request.path.startsWith('/visitor/register'));

describe('walk-in page', () => {
  it("welcomes in the place's name and colour, registers the visitor and opens their pass", async () => {
    const user = userEvent.setup();
    const seen = stubRegister();
    const { router } = renderConsole({ path: `/visit-register#${TOKEN}` });
    expect(await screen.findByRole('heading', { name: 'Welcome to Harbourview' })).toBeInTheDocument();
    expect(screen.getByTestId('visit-register-place')).toHaveTextContent('Dock Tower · 8F');
    expect(screen.getByTestId('page-visit-register').style.getPropertyValue('--register-color')).toBe('#0a7e5c');

    await user.type(screen.getByLabelText('Your name'), 'Vera Visitor');
    await user.type(screen.getByLabelText('Phone'), '+86 138 0000 0000');
    await user.type(screen.getByLabelText('Whom are you visiting?'), 'lov');
    await user.click(await screen.findByRole('button', { name: 'Ada Lovelace' }));
    await user.click(screen.getByRole('radio', { name: 'Interview' }));
    await user.click(screen.getByRole('button', { name: 'Register' }));

    await vi.waitFor(() => expect(router.state.location.hash).toBe(`#${PASS}`));
    expect(router.state.location.pathname).toBe('/visit');
    const registration = seen.find((request) => request.method === 'POST' && request.path === '/visitor/register')!;
    expect(registration.body).toEqual({ visitor: { name: 'Vera Visitor', email: null, phone: '+86 138 0000 0000', company: null }, hostId: 12, reasonId: 3, stayHours: 2 });
    // The token travels in the link's header alone: no address carries it, and no session is asked for.
    expect(linkRequests(seen).every((request) => request.headers[VISIT_REGISTER_HEADER] === TOKEN)).toBe(true);
    expect(seen.find((request) => request.path === '/visitor/register/hosts')?.query.get('keyword')).toBe('lov');
    expect(seen.every((request) => !request.path.includes(TOKEN) && !request.query.toString().includes(TOKEN))).toBe(true);
    expect(seen.some((request) => request.path === '/user/getCurrentUserInfo')).toBe(false);
  });

  it('opens a pass that asks the steps before check-in while the host decides', async () => {
    const user = userEvent.setup();
    const pass: VisitPass = {
      status: 'notResponded',
      companyName: 'Harbourview',
      visitorName: 'Vera Visitor',
      email: null,
      phone: '+86 138 0000 0000',
      visitorCompany: null,
      companions: [],
      hostName: 'Ada Lovelace',
      location: PLACE.location,
      reason: 'Interview',
      visitAt: Date.now(),
      expectedEndAt: Date.now() + 2 * 3_600_000,
      respondedAt: null,
      checkedInAt: null,
      checkedOutAt: null,
      qr: null,
      canConfirm: true,
      canErase: true,
      approval: { state: 'pending', reason: null },
      requirements: { ndaText: 'Keep what you see secret.', photo: true, questions: ['Have you had a fever this week?'] },
      completion: { ndaSignedName: null, ndaSignedAt: null, photoAt: null, answeredAt: null, answers: null },
      answersAdmit: null,
    };
    const seen = stubRegister({ 'GET /visitor/pass': { result: pass } });
    renderConsole({ path: `/visit-register#${TOKEN}` });
    await user.type(await screen.findByLabelText('Your name'), 'Vera Visitor');
    await user.type(screen.getByLabelText('Phone'), '+86 138 0000 0000');
    await user.type(screen.getByLabelText('Whom are you visiting?'), 'lov');
    await user.click(await screen.findByRole('button', { name: 'Ada Lovelace' }));
    await user.click(screen.getByRole('radio', { name: 'Interview' }));
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByTestId('visit-pass-pending')).toBeInTheDocument();
    expect(screen.getByTestId('visit-pass-steps')).toHaveTextContent('Before your visit');
    expect(screen.getByTestId('visit-pass-steps-progress')).toHaveTextContent('0 of 3 done');
    expect(seen.find((request) => request.path === '/visitor/pass')!.headers[VISIT_PASS_HEADER]).toBe(PASS);
  });

  it("shows the server's refusal and stays on the form", async () => {
    const user = userEvent.setup();
    const seen = stubRegister({ 'POST /visitor/register': { status: 422, returncode: 1005, message: 'Ada Lovelace receives no visitors at Dock Tower' } });
    const { router } = renderConsole({ path: `/visit-register#${TOKEN}` });
    await user.type(await screen.findByLabelText('Your name'), 'Vera Visitor');
    await user.type(screen.getByLabelText('E-mail address'), 'vera@guest.example');
    await user.type(screen.getByLabelText('Whom are you visiting?'), 'ad');
    await user.click(await screen.findByRole('button', { name: 'Ada Lovelace' }));
    await user.click(screen.getByRole('radio', { name: 'Maintenance' }));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByTestId('walk-in-refusal')).toHaveTextContent('Ada Lovelace receives no visitors at Dock Tower');
    expect(router.state.location.pathname).toBe('/visit-register');
    expect(seen.filter((request) => request.method === 'POST')).toHaveLength(1);
    expect(document.querySelector('.ant-message-notice')).toBeNull();
  });

  it("speaks Chinese: the place's own welcome and the form", async () => {
    setLang('zh-CN');
    stubRegister();
    renderConsole({ path: `/visit-register#${TOKEN}` });
    expect(await screen.findByRole('heading', { name: '欢迎来到海景大厦' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '访客登记' })).toBeInTheDocument();
    expect(screen.getByLabelText('被访人')).toBeInTheDocument();
    expect(within(screen.getByTestId('walk-in-form')).getByRole('button', { name: '登记' })).toBeInTheDocument();
  });

  it('says an unknown link is invalid, in full, without a form or a toast', async () => {
    const seen = stubApi({ 'GET /visitor/register': { status: 404, returncode: 1002, message: 'This link is not valid' } });
    renderConsole({ path: `/visit-register#${TOKEN}` });
    expect(await screen.findByTestId('visit-register-invalid')).toHaveTextContent("This link can't be used");
    expect(screen.queryByTestId('walk-in-form')).toBeNull();
    expect(linkRequests(seen)).toHaveLength(1);
    expect(document.querySelector('.ant-message-notice')).toBeNull();
  });

  it('says a place that receives no walk-ins does not, in full, without a form', async () => {
    stubRegister({ 'GET /visitor/register': { result: { ...PLACE, walkIns: false } } });
    renderConsole({ path: `/visit-register#${TOKEN}` });
    const notice = await screen.findByTestId('visit-register-closed');
    expect(notice).toHaveTextContent('This place does not receive visitors without an invitation');
    expect(notice).toHaveTextContent('Please contact your host or reception.');
    expect(screen.queryByTestId('walk-in-form')).toBeNull();
    // The link itself works: the page names the company it belongs to.
    expect(screen.getByText('Harbourview')).toBeInTheDocument();
  });

  it('says a link without a token is invalid and asks nothing', async () => {
    const seen = stubApi({});
    renderConsole({ path: '/visit-register' });
    expect(await screen.findByTestId('visit-register-invalid')).toBeInTheDocument();
    expect(seen).toEqual([]);
  });

  it('says an expired link has expired, in Chinese', async () => {
    setLang('zh-CN');
    stubApi({ 'GET /visitor/register': { status: 422, returncode: 1005, message: '该链接已过期' } });
    renderConsole({ path: `/visit-register#${TOKEN}` });
    expect(await screen.findByTestId('visit-register-expired')).toHaveTextContent('此链接已过期');
    expect(screen.getByTestId('visit-register-expired')).toHaveTextContent('请联系前台为您登记来访。');
  });
});
