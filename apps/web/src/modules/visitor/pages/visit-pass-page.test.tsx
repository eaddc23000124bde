import { VISIT_PASS_HEADER, type VisitCompletion, type VisitPass } from '@atrium/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../../shared/i18n/i18n';
import { renderConsole, stubApi, type StubAnswer, type StubRoute } from '../../../test/render';
import { PASS_APPROVAL_REFRESH_MS } from '../api/visit-pass.api';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const TOKEN = 'pass-token-0123456789abcdefghijklmnopqrstuvwxyz';
/** 2026-12-01 06:00 UTC: 14:00 in Shanghai, whatever the zone the tests run in. */
const VISIT_AT = Date.UTC(2026, 11, 1, 6, 0);

/** What a visitor did before check-in when they have done nothing yet. */
const NOTHING_DONE: VisitCompletion = { ndaSignedName: null, ndaSignedAt: null, photoAt: null, answeredAt: null, answers: null };

/** Vera's pass for an interview with Ada at 8F in Shanghai, not yet confirmed. */
function makePass(overrides: Partial<VisitPass> = {}): VisitPass {
  return {
    status: 'notResponded',
    companyName: 'Harbourview',
    visitorName: 'Vera Visitor',
    email: 'vera@guest.example',
    phone: null,
    visitorCompany: 'Guest Ltd',
    companions: [],
    hostName: 'Ada Lovelace',
    location: { name: '8F', timeZone: 'Asia/Shanghai' },
    reason: 'Interview',
    visitAt: VISIT_AT,
    expectedEndAt: VISIT_AT + 90 * 60_000,
    respondedAt: null,
    checkedInAt: null,
    checkedOutAt: null,
    qr: 'data:image/png;base64,iVBORw0KGgo=',
    canConfirm: true,
    canErase: true,
    approval: null,
    requirements: { ndaText: null, photo: false, questions: [] },
    completion: NOTHING_DONE,
    answersAdmit: null,
    ...overrides,
  };
}


const passRequests = (seen: ReturnType<typeof stubApi>) => seen.filter((request) => request.path.startsWith('/visitor/pass'));

describe('visit pass page', () => {
  it("shows the visit at the location's time, in its zone, with the code for reception", async () => {
    const seen = stubApi({ 'GET /visitor/pass': { result: makePass() } });
    renderConsole({ path: `/visit#${TOKEN}` });
    expect(await screen.findByText('Hello, Vera Visitor')).toBeInTheDocument();
    expect(screen.getByTestId('visit-pass-time')).toHaveTextContent('Tuesday, December 1, 2026');
    expect(screen.getByTestId('visit-pass-time')).toHaveTextContent('14:00–15:30 Shanghai time');
    expect(screen.getByTestId('visit-pass-status')).toHaveTextContent('Waiting for your confirmation');
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByText('Interview')).toBeInTheDocument();
    expect(screen.getByTestId('visit-pass-qr')).toHaveAttribute('src', makePass().qr);
    expect(screen.getByText('Show this code at reception')).toBeInTheDocument();
    // The visit's rule asks nothing before check-in: no steps, and the code is ready.
    expect(screen.queryByTestId('visit-pass-steps')).toBeNull();
    expect(screen.queryByTestId('visit-pass-code-note')).toBeNull();
    // The token travels in the pass header alone: no address carries it, and no session is asked for.
    const [read] = passRequests(seen);
    expect(read!.headers[VISIT_PASS_HEADER]).toBe(TOKEN);
    expect(seen.every((request) => !request.path.includes(TOKEN) && !request.query.toString().includes(TOKEN))).toBe(true);
    expect(seen.some((request) => request.path === '/user/getCurrentUserInfo')).toBe(false);
  });

  it('confirms with the pass header and the details as typed, then reads the pass again', async () => {
    const user = userEvent.setup();
    let pass = makePass();
    const seen = stubApi({
      'GET /visitor/pass': () => ({ result: pass }),
      'POST /visitor/pass/confirm': () => {
        pass = makePass({ status: 'responded', respondedAt: Date.now(), visitorCompany: null, phone: '+86 138 0000 0000' });
        return { result: null, message: 'Thank you, your visit is confirmed' };
      },
    });
    renderConsole({ path: `/visit#${TOKEN}` });
    expect(await screen.findByTestId('visit-pass-name')).toHaveValue('Vera Visitor');
    expect(screen.getByTestId('visit-pass-email')).toHaveValue('vera@guest.example');

    // An e-mail or a phone is needed.
    await user.clear(screen.getByTestId('visit-pass-email'));
    await user.click(screen.getByTestId('visit-pass-submit'));
    expect(await screen.findByText('Give an e-mail address or a phone number')).toBeInTheDocument();
    expect(seen.some((request) => request.path === '/visitor/pass/confirm')).toBe(false);

    await user.clear(screen.getByTestId('visit-pass-company'));
    await user.type(screen.getByTestId('visit-pass-phone'), '+86 138 0000 0000');
    await user.click(screen.getByTestId('visit-pass-submit'));
    expect(await screen.findByText('Thank you, your visit is confirmed')).toBeInTheDocument();
    const confirm = seen.find((request) => request.path === '/visitor/pass/confirm')!;
    expect(confirm.headers[VISIT_PASS_HEADER]).toBe(TOKEN);
    expect(confirm.body).toEqual({ name: 'Vera Visitor', company: null, email: null, phone: '+86 138 0000 0000' });
    await waitFor(() => expect(screen.getByTestId('visit-pass-status')).toHaveTextContent('Confirmed'));
    expect(screen.getByTestId('visit-pass-submit')).toHaveTextContent('Update my details');
  });

  it('says an unknown link is invalid, in full and without sending the visitor to sign in', async () => {
    const seen = stubApi({ 'GET /visitor/pass': { status: 404, returncode: 1002, message: 'This visit link is not valid; ask your host for a new invitation' } });
    const { router } = renderConsole({ path: `/visit#${TOKEN}` });
    expect(await screen.findByTestId('visit-pass-invalid')).toHaveTextContent("This link can't be used");
    expect(router.state.location.pathname).toBe('/visit');
    expect(passRequests(seen)).toHaveLength(1);
    expect(document.querySelector('.ant-message-notice')).toBeNull();
  });

  it('says a link without a token is invalid and asks nothing', async () => {
    const seen = stubApi({});
    renderConsole({ path: '/visit' });
    expect(await screen.findByTestId('visit-pass-invalid')).toBeInTheDocument();
    expect(seen).toEqual([]);
  });

  it('says an expired link has expired, in Chinese', async () => {
    setLang('zh-CN');
    stubApi({ 'GET /visitor/pass': { status: 422, returncode: 1005, message: '该来访链接已过期' } });
    renderConsole({ path: `/visit#${TOKEN}` });
    expect(await screen.findByTestId('visit-pass-expired')).toHaveTextContent('此链接已过期');
  });

  it('erases the details only once the visitor confirms, then says so and reads nothing more', async () => {
    const user = userEvent.setup();
    const seen = stubApi({
      'GET /visitor/pass': { result: makePass({ canConfirm: false, qr: null, status: 'checkedOut' }) },
      'POST /visitor/pass/erase': { result: null, message: 'Your details have been erased and the visit cancelled' },
    });
    renderConsole({ path: `/visit#${TOKEN}` });
    await user.click(await screen.findByTestId('visit-pass-erase'));
    expect(screen.queryByTestId('visit-pass-confirm')).toBeNull();
    const eraseButton = await screen.findByTestId('visit-pass-erase-confirm');
    expect(eraseButton.closest('.ant-modal')).toHaveTextContent('Erase your data?');
    expect(seen.some((request) => request.path === '/visitor/pass/erase')).toBe(false);

    await user.click(eraseButton);
    expect(await screen.findByTestId('visit-pass-erased')).toHaveTextContent('Your details have been erased');
    const erase = seen.find((request) => request.path === '/visitor/pass/erase')!;
    expect(erase.headers[VISIT_PASS_HEADER]).toBe(TOKEN);
    expect(erase.body).toEqual({});
    expect(passRequests(seen).filter((request) => request.path === '/visitor/pass')).toHaveLength(1);
  });

  it("says a walk-in waits for their host's approval, without a code, and shows the code once approved", async () => {
    // The clock runs, and the test moves it on by the refresh's 10 seconds.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let pass = makePass({ qr: null, approval: { state: 'pending', reason: null } });
    const seen = stubApi({ 'GET /visitor/pass': () => ({ result: pass }) });
    const { queryClient } = renderConsole({ path: `/visit#${TOKEN}` });
    const waiting = await screen.findByTestId('visit-pass-pending');
    expect(waiting).toHaveTextContent('Waiting for your host to approve your visit');
    expect(waiting).toHaveTextContent('Ada Lovelace has been asked to approve your visit');
    expect(screen.queryByTestId('visit-pass-qr')).toBeNull();
    // Read again every 10 seconds while pending: the host's approval brings the code.
    const query = queryClient.getQueryCache().find({ queryKey: ['visitor', 'pass', TOKEN] })!;
    const interval = query.observers[0]!.options.refetchInterval as (q: typeof query) => number | false;
    expect(interval(query)).toBe(PASS_APPROVAL_REFRESH_MS);
    pass = makePass({ approval: { state: 'approved', reason: null } });
    await act(() => vi.advanceTimersByTimeAsync(PASS_APPROVAL_REFRESH_MS));
    expect(await screen.findByTestId('visit-pass-qr')).toHaveAttribute('src', makePass().qr);
    expect(screen.queryByTestId('visit-pass-pending')).toBeNull();
    expect(passRequests(seen).length).toBeGreaterThanOrEqual(2);
    // Decided: no more reading.
    expect(interval(query)).toBe(false);
  });

  it('says a rejected visit was not approved, with the reason the visitor was given, in Chinese', async () => {
    setLang('zh-CN');
    stubApi({
      'GET /visitor/pass': { result: makePass({ status: 'cancelled', qr: null, canConfirm: false, approval: { state: 'rejected', reason: '今天不在公司，请另约时间' } }) },
    });
    const { queryClient } = renderConsole({ path: `/visit#${TOKEN}` });
    const notice = await screen.findByTestId('visit-pass-rejected');
    expect(notice).toHaveTextContent('您的来访未获批准');
    expect(screen.getByTestId('visit-pass-rejected-reason')).toHaveTextContent('理由：今天不在公司，请另约时间');
    expect(screen.queryByTestId('visit-pass-qr')).toBeNull();
    expect(screen.queryByTestId('visit-pass-pending')).toBeNull();
    const query = queryClient.getQueryCache().find({ queryKey: ['visitor', 'pass', TOKEN] })!;
    expect((query.observers[0]!.options.refetchInterval as (q: typeof query) => number | false)(query)).toBe(false);
  });

  it('offers no erasing while the visitor is on site, nor the code once checked in', async () => {
    stubApi({ 'GET /visitor/pass': { result: makePass({ status: 'checkedIn', checkedInAt: VISIT_AT, canConfirm: false, canErase: false, qr: null }) } });
    renderConsole({ path: `/visit#${TOKEN}` });
    expect(await screen.findByTestId('visit-pass-erase')).toBeDisabled();
    expect(screen.getByText('You can erase your data once you have checked out.')).toBeInTheDocument();
    expect(screen.getByTestId('visit-pass-status')).toHaveTextContent('Checked in');
    expect(screen.queryByTestId('visit-pass-qr')).toBeNull();
  });
});

describe('visit pass page: before your visit', () => {
  const NDA = 'The visitor keeps secret what they see and hear during the visit.';
  /** 2026-11-30 06:05 UTC: 14:05 in Shanghai. */
  const SIGNED_AT = Date.UTC(2026, 10, 30, 6, 5);

  beforeEach(() => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:visit-photo'), revokeObjectURL: vi.fn() });
  });

  /** The pass's answers as they change: the steps' calls change what the next read answers. */
  function stubSteps(first: VisitPass, routes: Record<string, (request: { body: unknown }) => { completion: Partial<VisitCompletion>; answersAdmit?: boolean; answer: StubAnswer }>) {
    let pass = first;
    const table: Record<string, StubRoute> = { 'GET /visitor/pass': () => ({ result: pass }) };
    for (const [route, handle] of Object.entries(routes)) {
      table[route] = ({ body }) => {
        const { completion, answersAdmit, answer } = handle({ body });
        pass = { ...pass, completion: { ...pass.completion, ...completion }, answersAdmit: answersAdmit ?? pass.answersAdmit };
        return answer;
      };
    }
    return stubApi(table);
  }

  it('signs the agreement with the name as typed and the pass header, then says who signed when and offers the copy', async () => {
    const user = userEvent.setup();
    const seen = stubSteps(makePass({ requirements: { ndaText: NDA, photo: false, questions: [] } }), {
      'POST /visitor/pass/nda': ({ body }) => ({
        completion: { ndaSignedName: (body as { signedName: string }).signedName, ndaSignedAt: SIGNED_AT },
        answer: { result: null, message: 'Thank you, the agreement is signed' },
      }),
    });
    renderConsole({ path: `/visit#${TOKEN}` });
    const steps = await screen.findByTestId('visit-pass-steps');
    expect(steps).toHaveTextContent('Before your visit');
    expect(screen.getByTestId('visit-pass-steps-progress')).toHaveTextContent('0 of 1 done');
    expect(screen.getByTestId('visit-steps-nda-text')).toHaveTextContent(NDA);
    // The code waits for the steps, and says so.
    expect(screen.getByTestId('visit-pass-code-note')).toHaveTextContent('Complete the steps above before check-in');

    // A name is needed to sign.
    await user.click(screen.getByTestId('visit-steps-nda-sign'));
    expect(await screen.findByText('Please type your full name to sign')).toBeInTheDocument();
    expect(seen.some((request) => request.path === '/visitor/pass/nda')).toBe(false);

    await user.type(screen.getByLabelText('Type your full name to sign'), '  Vera Visitor ');
    await user.click(screen.getByTestId('visit-steps-nda-sign'));
    expect(await screen.findByText('Thank you, the agreement is signed')).toBeInTheDocument();
    const signing = seen.find((request) => request.path === '/visitor/pass/nda')!;
    expect(signing.method).toBe('POST');
    expect(signing.headers[VISIT_PASS_HEADER]).toBe(TOKEN);
    expect(signing.body).toEqual({ signedName: 'Vera Visitor' });

    expect(await screen.findByTestId('visit-pass-nda-signed')).toHaveTextContent('Signed by Vera Visitor on Monday, November 30, 2026 at 14:05');
    expect(screen.getByTestId('visit-pass-steps-progress')).toHaveTextContent('1 of 1 done');
    expect(screen.queryByTestId('visit-pass-code-note')).toBeNull();
    expect(screen.queryByTestId('visit-steps-nda-name')).toBeNull();

    // The signed copy is read with the pass header too.
    await user.click(screen.getByTestId('visit-pass-nda-download'));
    await waitFor(() => expect(seen.some((request) => request.method === 'GET' && request.path === '/visitor/pass/nda')).toBe(true));
    expect(seen.find((request) => request.method === 'GET' && request.path === '/visitor/pass/nda')!.headers[VISIT_PASS_HEADER]).toBe(TOKEN);
  });

  it('answers the questions in their order, once all are answered, and sends the visitor to reception when the answers say so', async () => {
    const user = userEvent.setup();
    const questions = ['Have you had a fever this week?', 'Will you bring a laptop?'];
    const seen = stubSteps(makePass({ requirements: { ndaText: null, photo: false, questions } }), {
      'POST /visitor/pass/answers': ({ body }) => ({
        completion: { answeredAt: Date.now(), answers: (body as { answers: Array<'yes' | 'no'> }).answers.map((answer, at) => ({ question: questions[at]!, answer })) },
        answersAdmit: false,
        answer: { result: { admit: false }, message: 'Thank you; because of your answers, please see reception when you arrive' },
      }),
    });
    renderConsole({ path: `/visit#${TOKEN}` });
    const first = await screen.findByTestId('visit-steps-question-0');
    expect(first).toHaveTextContent('Have you had a fever this week?');
    const submit = screen.getByTestId('visit-steps-answers-submit');
    expect(submit).toBeDisabled();

    // The answers are buttons: a tap on the word chooses it.
    await user.click(within(screen.getByRole('radiogroup', { name: 'Will you bring a laptop?' })).getByText('Yes'));
    expect(submit).toBeDisabled();
    await user.click(within(first).getByText('No'));
    expect(within(first).getByRole('radio', { name: 'No' })).toBeChecked();
    expect(submit).toBeEnabled();
    await user.click(submit);

    const answering = await waitFor(() => seen.find((request) => request.path === '/visitor/pass/answers')!);
    expect(answering.headers[VISIT_PASS_HEADER]).toBe(TOKEN);
    expect(answering.body).toEqual({ answers: ['no', 'yes'] });
    expect(await screen.findByTestId('visit-pass-see-reception')).toHaveTextContent('Because of your answers, please see reception when you arrive.');
    const given = await screen.findByTestId('visit-steps-answer-list');
    expect(given).toHaveTextContent('Have you had a fever this week?No');
    expect(given).toHaveTextContent('Will you bring a laptop?Yes');
    expect(screen.queryByTestId('visit-steps-answers-submit')).toBeNull();
    expect(screen.getByTestId('visit-pass-steps-progress')).toHaveTextContent('1 of 1 done');
  });

  it('sends the photo as a multipart form with the pass header, shows it and lets the visitor replace it', async () => {
    const user = userEvent.setup();
    const seen = stubSteps(makePass({ requirements: { ndaText: NDA, photo: true, questions: [] } }), {
      'POST /visitor/pass/photo': () => ({ completion: { photoAt: Date.now() }, answer: { result: null, message: 'Thank you, your photo is saved' } }),
    });
    renderConsole({ path: `/visit#${TOKEN}` });
    expect(await screen.findByTestId('visit-pass-steps-progress')).toHaveTextContent('0 of 2 done');
    const input = screen.getByTestId('visit-steps-photo-input');
    // The camera of the phone, the front one.
    expect(input).toHaveAttribute('accept', 'image/*');
    expect(input).toHaveAttribute('capture', 'user');
    expect(screen.getByTestId('visit-steps-photo-take')).toHaveTextContent('Take a photo');

    const photo = new File(['jpeg bytes'], 'selfie.jpg', { type: 'image/jpeg' });
    await user.upload(input, photo);
    expect(await screen.findByText('Thank you, your photo is saved')).toBeInTheDocument();
    const upload = seen.find((request) => request.path === '/visitor/pass/photo')!;
    expect(upload.method).toBe('POST');
    expect(upload.headers[VISIT_PASS_HEADER]).toBe(TOKEN);
    const [, init] = vi.mocked(fetch).mock.calls.find(([address]) => String(address).endsWith('/api/visitor/pass/photo'))!;
    const form = init!.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect((form.get('file') as File).size).toBe(photo.size);

    expect(await screen.findByTestId('visit-steps-photo-preview')).toHaveAttribute('src', 'blob:visit-photo');
    expect(screen.getByTestId('visit-steps-photo-given')).toHaveTextContent('Photo given');
    expect(screen.getByTestId('visit-pass-steps-progress')).toHaveTextContent('1 of 2 done');
    expect(screen.getByTestId('visit-steps-photo-take')).toHaveTextContent('Take another photo');

    // Another photo replaces the first.
    await user.upload(input, new File(['another'], 'again.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(seen.filter((request) => request.path === '/visitor/pass/photo')).toHaveLength(2));
  });

  it('asks for nothing once the visit can no longer be checked in', async () => {
    stubApi({
      'GET /visitor/pass': { result: makePass({ status: 'checkedIn', checkedInAt: VISIT_AT, canConfirm: false, canErase: false, qr: null, requirements: { ndaText: NDA, photo: true, questions: ['Fever?'] } }) },
    });
    renderConsole({ path: `/visit#${TOKEN}` });
    expect(await screen.findByTestId('visit-pass-details')).toBeInTheDocument();
    expect(screen.queryByTestId('visit-pass-steps')).toBeNull();
  });
});
