import type { Visit, VisitApproval } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../../shared/i18n/i18n';
import { makeEntry, makeUser, makeVisit } from '../../../test/factories';
import { renderConsole, stubApi, type StubRoute } from '../../../test/render';
import { setWindowWidth } from '../../../test/window-width';
import { APPLICATION_REFRESH_MS } from '../api/visitor.api';

/** The first page of a file loads its code (the lazy page, antd's table) on a busy two-core machine. */
const PAGE_WAIT = { timeout: 15_000 };

afterEach(() => {
  vi.restoreAllMocks();
});

/** 2030-01-15 09:30 UTC: 09:30 in London, the viewer's zone below. */
const DECIDED_AT = Date.UTC(2030, 0, 15, 9, 30);
/** 2030-01-15 06:00 UTC: 14:00 at the Shanghai location. */
const VISIT_AT = Date.UTC(2030, 0, 15, 6, 0);

const approval = (overrides: Partial<VisitApproval> = {}): VisitApproval => ({ state: 'pending', reason: null, decidedBy: null, decidedAt: null, ...overrides });
/** Kim, a walk-in at 8F in Shanghai, registered at the kiosk and waiting for Ada (the viewer). */
const walkIn = (overrides: Partial<Visit> = {}) =>
  makeVisit({
    id: 11,
    method: 'selfRegistration',
    visitorName: 'Kim Walker',
    visitorCompany: 'Walk-in Works',
    email: 'kim@walkin.example',
    phone: '+44 20 7946 0011',
    reason: 'Delivery',
    inviter: null,
    visitAt: VISIT_AT,
    expectedEndAt: VISIT_AT + 7_200_000,
    createdAt: VISIT_AT - 60_000,
    approval: approval(),
    ...overrides,
  });
const page = (list: Visit[]) => ({ result: { list, total: list.length, page: 1, pageSize: 15 } });
const menu = [makeEntry('visitors', '', [makeEntry('guiderInvite', '/guider-invite')])];
const host = makeUser({ permissions: ['events:view'], timeZone: 'Europe/London' });

const approved = walkIn({ id: 12, visitorName: 'Abe Approved', approval: approval({ state: 'approved', decidedBy: { id: 1, name: 'Ada Lovelace' }, decidedAt: DECIDED_AT }) });
const rejected = walkIn({
  id: 13,
  visitorName: 'Rex Rejected',
  status: 'cancelled',
  cancelledAt: DECIDED_AT,
  approval: approval({ state: 'rejected', reason: 'I am away today, please book a meeting', decidedBy: { id: 1, name: 'Ada Lovelace' }, decidedAt: DECIDED_AT }),
});

/** The applications of each state, as the server answers `GET /visitor/apply/list?state=`. */
function applications(byState: Record<string, Visit[]>): StubRoute {
  return ({ query }) => page(byState[query.get('state') ?? ''] ?? []);
}

const listReads = (seen: ReturnType<typeof stubApi>, state: string) => seen.filter((request) => request.path === '/visitor/apply/list' && request.query.get('state') === state).length;

describe('visit applications page', () => {
  it('lists the pending applications, refreshed every 30 seconds, and approves one without asking', async () => {
    const user = userEvent.setup();
    let pending = [walkIn(), walkIn({ id: 14, visitorName: 'Otto Other', host: { id: 9, name: 'Otto Host' } })];
    const seen = stubApi({
      'GET /visitor/apply/list': ({ query }) => page(query.get('state') === 'pending' ? pending : []),
      'POST /visitor/apply/approve': () => {
        pending = pending.filter((visit) => visit.id !== 11);
        return { result: null, message: 'Kim Walker is approved' };
      },
    });
    const { queryClient } = renderConsole({ path: '/guider-apply', user: host, menu });
    const row = await screen.findByTestId('application-row-11', {}, PAGE_WAIT);
    expect(row).toHaveTextContent('Kim Walker');
    expect(row).toHaveTextContent('Walk-in Works');
    expect(row).toHaveTextContent('kim@walkin.example');
    expect(row).toHaveTextContent('+44 20 7946 0011');
    expect(row).toHaveTextContent('Delivery');
    // The visit in the viewer's zone (London), the location's clock beneath; registered a minute before.
    expect(row).toHaveTextContent('8F');
    expect(row).toHaveTextContent('2030-01-15 06:00');
    expect(row).toHaveTextContent('14:00–16:00');
    expect(row).toHaveTextContent('2030-01-15 05:59');
    expect(row).toHaveTextContent('Ada Lovelace');
    // Pending first; another host's visitor (reception's to decide, say) offers no decision to Ada.
    expect(within(screen.getByTestId('page-visitor-applications')).getByRole('tab', { selected: true })).toHaveTextContent('Pending');
    expect(within(screen.getByTestId('application-row-14')).queryByTestId('visit-approve-14')).toBeNull();
    const query = queryClient.getQueryCache().find({ queryKey: ['visitor', 'visits', 'applications'], exact: false });
    expect(query?.observers[0]?.options.refetchInterval).toBe(APPLICATION_REFRESH_MS);

    const readsBefore = listReads(seen, 'pending');
    await user.click(within(row).getByTestId('visit-approve-11'));
    await waitFor(() => expect(seen.find((request) => request.path === '/visitor/apply/approve')?.body).toEqual({ id: 11 }));
    // The server's message, and the list read again without Kim.
    expect(await screen.findByText('Kim Walker is approved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('application-row-11')).toBeNull());
    expect(listReads(seen, 'pending')).toBeGreaterThan(readsBefore);
    expect(screen.getByTestId('application-row-14')).toBeInTheDocument();
  });

  it('rejects only with a reason for the visitor, and sends the reason typed', async () => {
    const user = userEvent.setup();
    const seen = stubApi({
      'GET /visitor/apply/list': applications({ pending: [walkIn()] }),
      'POST /visitor/apply/reject': { result: null, message: 'Kim Walker is told the visit is not approved' },
    });
    renderConsole({ path: '/guider-apply', user: host, menu });
    await user.click(await screen.findByTestId('visit-reject-11', {}, PAGE_WAIT));
    const send = await screen.findByTestId('visit-reject-send');
    expect(send.closest('.ant-modal')).toHaveTextContent("Reject Kim Walker's visit?");
    // Empty, then only spaces: refused in the form, nothing sent.
    await user.click(send);
    expect(await screen.findByText('Please say why, for the visitor')).toBeInTheDocument();
    await user.type(screen.getByTestId('visit-reject-reason'), '   ');
    await user.click(send);
    expect(await screen.findByText('Please say why, for the visitor')).toBeInTheDocument();
    expect(seen.some((request) => request.path === '/visitor/apply/reject')).toBe(false);

    await user.clear(screen.getByTestId('visit-reject-reason'));
    await user.type(screen.getByTestId('visit-reject-reason'), ' I am away today, please book a meeting ');
    await user.click(send);
    await waitFor(() => expect(seen.find((request) => request.path === '/visitor/apply/reject')?.body).toEqual({ id: 11, reason: 'I am away today, please book a meeting' }));
    expect(await screen.findByText('Kim Walker is told the visit is not approved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('visit-reject-send')).toBeNull());
  });

  it("shows the server's refusal and keeps the reason typed", async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /visitor/apply/list': applications({ pending: [walkIn()] }),
      'POST /visitor/apply/reject': { status: 422, returncode: 1005, message: 'Reception decides this application' },
    });
    renderConsole({ path: '/guider-apply', user: host, menu });
    await user.click(await screen.findByTestId('visit-reject-11', {}, PAGE_WAIT));
    await user.type(await screen.findByTestId('visit-reject-reason'), 'Not today');
    await user.click(screen.getByTestId('visit-reject-send'));
    expect(await screen.findByText('Reception decides this application')).toBeInTheDocument();
    expect(screen.getByTestId('visit-reject-reason')).toHaveValue('Not today');
  });

  it('shows who decided the approved and rejected ones, and when, with the reason given, in Chinese', async () => {
    setLang('zh-CN');
    const user = userEvent.setup();
    const seen = stubApi({ 'GET /visitor/apply/list': applications({ pending: [], approved: [approved], rejected: [rejected] }) });
    renderConsole({ path: '/guider-apply', user: host, menu });
    expect(await screen.findByText('没有等待您审批的访客', {}, PAGE_WAIT)).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: '已批准' }));
    const approvedRow = await screen.findByTestId('application-row-12');
    expect(within(approvedRow).getByTestId('visit-decision-12')).toHaveTextContent('Ada Lovelace，2030-01-15 09:30');
    expect(within(approvedRow).queryByTestId('visit-approve-12')).toBeNull();
    expect(seen.some((request) => request.path === '/visitor/apply/list' && request.query.get('state') === 'approved')).toBe(true);

    await user.click(screen.getByRole('tab', { name: '未批准' }));
    const decision = await screen.findByTestId('visit-decision-13');
    expect(decision).toHaveTextContent('Ada Lovelace，2030-01-15 09:30');
    expect(decision).toHaveTextContent('理由：I am away today, please book a meeting');
    expect(screen.queryByTestId('application-row-12')).toBeNull();
  });

  it('shows each application as a card on a phone, with its decision', async () => {
    setWindowWidth(390);
    const user = userEvent.setup();
    const seen = stubApi({ 'GET /visitor/apply/list': applications({ pending: [walkIn()] }), 'POST /visitor/apply/approve': { result: null, message: 'Kim Walker is approved' } });
    renderConsole({ path: '/guider-apply', user: host, menu });
    const card = await screen.findByTestId('application-row-11', {}, PAGE_WAIT);
    expect(card).toHaveClass('atrium-application-card');
    expect(card).toHaveTextContent('Awaiting approval');
    expect(card).toHaveTextContent('kim@walkin.example');
    await user.click(within(card).getByTestId('visit-approve-11'));
    await waitFor(() => expect(seen.find((request) => request.path === '/visitor/apply/approve')?.body).toEqual({ id: 11 }));
  });
});

describe('invitations page: the applications link', () => {
  it('counts the pending applications and opens them', async () => {
    const user = userEvent.setup();
    const seen = stubApi({
      'GET /visitor/mine': page([]),
      'GET /visitor/apply/list': ({ query }) => ({ result: { list: [walkIn()], total: query.get('state') === 'pending' ? 3 : 0, page: 1, pageSize: Number(query.get('pageSize')) } }),
    });
    const { router } = renderConsole({ path: '/guider-invite', user: host, menu });
    const count = await screen.findByTestId('visit-applications-count', {}, PAGE_WAIT);
    await waitFor(() => expect(count).toHaveTextContent('3'));
    // One application is enough to know the total.
    expect(seen.find((request) => request.path === '/visitor/apply/list')?.query.get('pageSize')).toBe('1');
    await user.click(screen.getByTestId('visit-applications'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/guider-apply'));
    expect(await screen.findByTestId('page-visitor-applications')).toBeInTheDocument();
  });
});
