import type { Visit, VisitApproval } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../../shared/i18n/i18n';
import { makeEntry, makeUser, makeVisit } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';

afterEach(() => {
  vi.restoreAllMocks();
});

/** The first page of a file loads its code on a busy two-core machine. */
const PAGE_WAIT = { timeout: 15_000 };
/** 2030-01-15 09:30 UTC: 09:30 in London, the viewer's zone below. */
const DECIDED_AT = Date.UTC(2030, 0, 15, 9, 30);
const NOW = Date.now();

const approval = (overrides: Partial<VisitApproval> = {}): VisitApproval => ({ state: 'pending', reason: null, decidedBy: null, decidedAt: null, ...overrides });
/** Walk-ins hosted by Ada (the viewer), coming within the hour. */
const walkIn = (overrides: Partial<Visit> = {}) =>
  makeVisit({ method: 'selfRegistration', inviter: null, visitAt: NOW + 600_000, expectedEndAt: NOW + 7_800_000, approval: approval(), ...overrides });
const page = (list: Visit[]) => ({ result: { list, total: list.length, page: 1, pageSize: 15 } });
const menu = [makeEntry('visitors', '', [makeEntry('guiderRecord', '/guider-record'), makeEntry('guiderInvite', '/guider-invite')])];
const host = makeUser({ permissions: ['records:view', 'events:view'], timeZone: 'Europe/London' });
const decidedByAda = { decidedBy: { id: 1, name: 'Ada Lovelace' }, decidedAt: DECIDED_AT };

describe("visit records: a walk-in's application", () => {
  it('tags each application and offers no check-in until it is approved', async () => {
    stubApi({
      'GET /visitor/list': page([
        walkIn({ id: 11, visitorName: 'Kim Walker' }),
        walkIn({ id: 12, visitorName: 'Abe Approved', approval: approval({ state: 'approved', ...decidedByAda }) }),
        walkIn({ id: 13, visitorName: 'Rex Rejected', status: 'cancelled', cancelledAt: DECIDED_AT, approval: approval({ state: 'rejected', reason: 'Away', ...decidedByAda }) }),
        makeVisit({ id: 14, visitorName: 'Ivy Invited' }),
      ]),
    });
    renderConsole({ path: '/guider-record', user: host, menu });
    const pending = await screen.findByTestId('visit-row-11', {}, PAGE_WAIT);
    expect(within(pending).getByTestId('visit-approval-11')).toHaveTextContent('Awaiting approval');
    expect(within(pending).queryByTestId('visit-check-in-11')).toBeNull();
    const approvedRow = screen.getByTestId('visit-row-12');
    expect(within(approvedRow).getByTestId('visit-approval-12')).toHaveTextContent('Approved');
    expect(within(approvedRow).getByTestId('visit-check-in-12')).toBeInTheDocument();
    expect(within(screen.getByTestId('visit-row-13')).getByTestId('visit-approval-13')).toHaveTextContent('Rejected');
    // An invitation has no application.
    const invited = screen.getByTestId('visit-row-14');
    expect(within(invited).queryByTestId('visit-approval-14')).toBeNull();
    expect(within(invited).getByTestId('visit-check-in-14')).toBeInTheDocument();
  });

  it("decides a pending application on the visit's page, and reads the visit again", async () => {
    const user = userEvent.setup();
    let visit = walkIn({ id: 11, visitorName: 'Kim Walker' });
    const seen = stubApi({
      'GET /visitor/detail': () => ({ result: visit }),
      'POST /visitor/apply/approve': () => {
        visit = { ...visit, approval: approval({ state: 'approved', ...decidedByAda }) };
        return { result: null, message: 'Kim Walker is approved' };
      },
    });
    renderConsole({ path: '/record-detail/11', user: host, menu });
    const card = await screen.findByTestId('visit-detail-application', {}, PAGE_WAIT);
    expect(card).toHaveTextContent('Awaiting approval');
    expect(within(screen.getByTestId('page-visit-detail')).getByTestId('visit-reject-11')).toBeInTheDocument();
    await user.click(within(card).getByTestId('visit-approve-11'));
    await waitFor(() => expect(seen.find((request) => request.path === '/visitor/apply/approve')?.body).toEqual({ id: 11 }));
    expect(await screen.findByText('Kim Walker is approved')).toBeInTheDocument();
    await waitFor(() => expect(card).toHaveTextContent('Decided byAda Lovelace'));
    expect(card).toHaveTextContent('2030-01-15 09:30');
    expect(within(card).queryByTestId('visit-approve-11')).toBeNull();
    expect(screen.getByTestId('visit-detail-history')).toHaveTextContent('Approved · 2030-01-15 09:30');
  });

  it("shows a rejection's reason and decider on the visit's page, and no decision to another host, in Chinese", async () => {
    setLang('zh-CN');
    stubApi({
      'GET /visitor/detail': ({ query }) =>
        query.get('id') === '13'
          ? { result: walkIn({ id: 13, status: 'cancelled', cancelledAt: DECIDED_AT, approval: approval({ state: 'rejected', reason: '今天不在公司', ...decidedByAda }) }) }
          : { result: walkIn({ id: 15, host: { id: 9, name: 'Otto Host' } }) },
    });
    const { router } = renderConsole({ path: '/record-detail/13', user: host, menu });
    const card = await screen.findByTestId('visit-detail-application', {}, PAGE_WAIT);
    expect(within(card).getByTestId('visit-approval-13')).toHaveTextContent('未批准');
    expect(card).toHaveTextContent('审批人Ada Lovelace');
    expect(card).toHaveTextContent('拒绝理由今天不在公司');
    // Otto's visitor: Ada reads the application but does not decide it.
    await router.navigate('/record-detail/15');
    const other = await screen.findByText('该访客自助登记，正在等待被访人审批。批准之前无法为其签到。');
    expect(within(other.closest('[data-testid="visit-detail-application"]') as HTMLElement).queryByTestId('visit-approve-15')).toBeNull();
  });
});
