import type { KioskSteps, VisitAnswer, VisitStep } from '@atrium/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeKioskConfig } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';
import { KIOSK_TOKEN_KEY } from '../api/kiosk.api';
import { KIOSK_STEPS_IDLE_MS } from '../components/kiosk-steps';

beforeEach(() => {
  window.localStorage.setItem(KIOSK_TOKEN_KEY, 'kiosk-1');
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:kiosk-photo'), revokeObjectURL: vi.fn() });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  window.localStorage.clear();
});

const CONFIG = makeKioskConfig();
const PASS = 'https://atrium.example.test/visit#abc.def.ghi.jkl';
const NDA = 'The visitor keeps secret what they see and hear during the visit.';
const QUESTIONS = ['Have you had a fever this week?', 'Will you bring a laptop?'];

/**
 * A kiosk where Kim's visit asks an agreement, a photo and two questions before check-in: the
 * check-in is refused with the steps left until all are posted; answers that do not admit send Kim to reception.
 */
function stubSteps({ admit = true }: { admit?: boolean } = {}) {
  const done = new Set<VisitStep>();
  let answers: VisitAnswer[] | null = null;
  const steps: KioskSteps = {
    visitorName: 'Kim Kiosk',
    requirements: { ndaText: NDA, photo: true, questions: QUESTIONS },
    completion: { ndaSignedName: null, ndaSignedAt: null, photoAt: null, answeredAt: null, answers: null },
  };
  return stubApi({
    'GET /device/visitor/config': { result: CONFIG },
    'GET /device/visitor/steps': { result: steps },
    'POST /device/visitor/nda': () => (done.add('nda'), { result: null, message: 'Thank you, the agreement is signed' }),
    'POST /device/visitor/photo': () => (done.add('photo'), { result: null, message: 'Thank you, your photo is saved' }),
    'POST /device/visitor/answers': ({ body }) => {
      done.add('questions');
      answers = (body as { answers: VisitAnswer[] }).answers;
      return { result: { admit }, message: 'Thank you, your answers are saved' };
    },
    'POST /device/visitor/check-in': () => {
      const left = (['nda', 'photo', 'questions'] as const).filter((step) => !done.has(step));
      if (left.length > 0) return { status: 422, returncode: 1005, message: 'Before check-in, the visitor signs the agreement', result: { steps: left } };
      if (answers && !admit) return { status: 422, returncode: 1005, message: 'Reception checks this visitor in' };
      return { result: { visitId: 31, visitorName: 'Kim Kiosk', hostName: 'Hana Host', companions: 0, badge: false }, message: 'Kim Kiosk is checked in' };
    },
  });
}

type User = ReturnType<typeof userEvent.setup>;

/** Scans Kim's pass, signs, gives a photo and answers No to the first question, Yes to the second. */
async function takeSteps(user: User) {
  await user.type(await screen.findByLabelText('Scan or type the code from your invitation'), `${PASS}{Enter}`);
  expect(await screen.findByRole('heading', { name: 'Welcome, Kim Kiosk: a few steps before check-in' })).toBeInTheDocument();

  expect(screen.getByTestId('kiosk-steps-progress')).toHaveTextContent('Step 1 of 3');
  expect(screen.getByTestId('kiosk-steps-nda')).toHaveTextContent('Non-disclosure agreement');
  expect(screen.getByTestId('visit-steps-nda-text')).toHaveTextContent(NDA);
  await user.type(screen.getByLabelText('Type your full name to sign'), 'Kim Kiosk');
  await user.click(screen.getByTestId('visit-steps-nda-sign'));

  expect(await screen.findByTestId('kiosk-steps-photo')).toBeInTheDocument();
  expect(screen.getByTestId('kiosk-steps-progress')).toHaveTextContent('Step 2 of 3');
  // The tablet's front camera; Next only once the photo is saved.
  expect(screen.getByTestId('visit-steps-photo-input')).toHaveAttribute('capture', 'user');
  expect(screen.queryByTestId('kiosk-steps-next')).toBeNull();
  await user.upload(screen.getByTestId('visit-steps-photo-input'), new File(['jpeg bytes'], 'camera.jpg', { type: 'image/jpeg' }));
  expect(await screen.findByTestId('visit-steps-photo-given')).toHaveTextContent('Photo given');
  await user.click(screen.getByTestId('kiosk-steps-next'));

  expect(await screen.findByTestId('kiosk-steps-questions')).toBeInTheDocument();
  expect(screen.getByTestId('kiosk-steps-progress')).toHaveTextContent('Step 3 of 3');
  const submit = screen.getByTestId('visit-steps-answers-submit');
  await user.click(within(screen.getByTestId('visit-steps-question-0')).getByText('No'));
  expect(submit).toBeDisabled();
  await user.click(within(screen.getByTestId('visit-steps-question-1')).getByText('Yes'));
  await user.click(submit);
}

describe('visitor kiosk: the steps before check-in', () => {
  it('shows the steps a check-in was refused for, posts each with the code, and checks the visitor in again', async () => {
    const user = userEvent.setup();
    const seen = stubSteps();
    renderConsole({ path: '/visitor-kiosk' });
    await takeSteps(user);

    expect(await screen.findByRole('heading', { name: 'Welcome, Kim Kiosk!' })).toBeInTheDocument();
    expect(screen.getByText('Hana Host has been told you are here.')).toBeInTheDocument();

    const posted = (path: string) => seen.find((request) => request.path === path)!;
    expect(seen.find((request) => request.path === '/device/visitor/steps')!.query.get('code')).toBe(PASS);
    expect(posted('/device/visitor/nda').body).toEqual({ code: PASS, signedName: 'Kim Kiosk' });
    expect(posted('/device/visitor/answers').body).toEqual({ code: PASS, answers: ['no', 'yes'] });
    // The photo as a multipart form: the code first, then the file.
    const [, init] = vi.mocked(fetch).mock.calls.find(([address]) => String(address).endsWith('/api/device/visitor/photo'))!;
    const form = init!.body as FormData;
    expect([...form.keys()]).toEqual(['code', 'file']);
    expect(form.get('code')).toBe(PASS);
    for (const path of ['/device/visitor/steps', '/device/visitor/nda', '/device/visitor/photo', '/device/visitor/answers']) expect(posted(path).headers['device-token']).toBe('kiosk-1');
    expect(seen.filter((request) => request.path === '/device/visitor/check-in').map((request) => request.body)).toEqual([{ code: PASS }, { code: PASS }]);
  });

  it('sends the visitor to reception when their answers do not admit them', async () => {
    const user = userEvent.setup();
    const seen = stubSteps({ admit: false });
    renderConsole({ path: '/visitor-kiosk' });
    await takeSteps(user);

    const notice = await screen.findByTestId('kiosk-see-reception');
    expect(notice).toHaveTextContent('Reception checks this visitor in');
    expect(notice).toHaveTextContent('Please see reception');
    expect(screen.queryByRole('heading', { name: 'Welcome, Kim Kiosk!' })).toBeNull();
    expect(seen.filter((request) => request.path === '/device/visitor/check-in')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByLabelText('Scan or type the code from your invitation')).toHaveFocus();
  });

  it("shows the steps when a walk-in's approved check-in is refused for them, then welcomes the walk-in", async () => {
    const user = userEvent.setup();
    let isSigned = false;
    const seen = stubApi({
      'GET /device/visitor/config': { result: CONFIG },
      'GET /device/visitor/hosts': { result: [{ id: 7, fullName: 'Hana Host' }] },
      'POST /device/visitor/register': { result: { id: 44 } },
      'GET /device/visitor/application': { result: { state: 'approved', reason: null, hostName: 'Hana Host', code: PASS } },
      'GET /device/visitor/steps': {
        result: {
          visitorName: 'Walter Walkin',
          requirements: { ndaText: NDA, photo: false, questions: [] },
          completion: { ndaSignedName: null, ndaSignedAt: null, photoAt: null, answeredAt: null, answers: null },
        } satisfies KioskSteps,
      },
      'POST /device/visitor/nda': () => ((isSigned = true), { result: null, message: 'Thank you, the agreement is signed' }),
      'POST /device/visitor/check-in': () =>
        isSigned
          ? { result: { visitId: 44, visitorName: 'Walter Walkin', hostName: 'Hana Host', companions: 0, badge: false }, message: 'Walter Walkin is checked in' }
          : { status: 422, returncode: 1005, message: 'Before check-in, the visitor signs the agreement', result: { steps: ['nda'] } },
    });
    renderConsole({ path: '/visitor-kiosk' });
    await user.click(await screen.findByRole('button', { name: 'Register as a visitor' }));
    await user.type(await screen.findByLabelText('Your name'), 'Walter Walkin');
    await user.type(screen.getByLabelText('E-mail address'), 'walter@walk.example');
    await user.type(screen.getByLabelText('Whom are you visiting?'), 'ha');
    await user.click(await screen.findByRole('button', { name: 'Hana Host' }));
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByRole('heading', { name: 'Welcome, Walter Walkin: a few steps before check-in' })).toBeInTheDocument();
    expect(screen.getByTestId('kiosk-steps-progress')).toHaveTextContent('Step 1 of 1');
    await user.type(screen.getByLabelText('Type your full name to sign'), 'Walter Walkin');
    await user.click(screen.getByTestId('visit-steps-nda-sign'));
    expect(await screen.findByRole('heading', { name: 'Welcome, Walter Walkin!' })).toBeInTheDocument();
    expect(seen.find((request) => request.path === '/device/visitor/nda')!.body).toEqual({ code: PASS, signedName: 'Walter Walkin' });
    expect(seen.filter((request) => request.path === '/device/visitor/check-in').map((request) => request.body)).toEqual([{ code: PASS }, { code: PASS }]);
  });

  it('goes back to the welcome after three minutes without a touch', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    stubSteps();
    renderConsole({ path: '/visitor-kiosk' });
    await user.type(await screen.findByLabelText('Scan or type the code from your invitation'), `${PASS}{Enter}`);
    await user.type(await screen.findByLabelText('Type your full name to sign'), 'Kim');

    act(() => vi.advanceTimersByTime(KIOSK_STEPS_IDLE_MS));
    expect(await screen.findByLabelText('Scan or type the code from your invitation')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('kiosk-steps')).toBeNull());
  });
});
