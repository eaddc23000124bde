import type { Visit } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../../shared/i18n/i18n';
import { makeEntry, makeUser, makeVisit } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';

const createObjectURL = vi.fn((blob: Blob) => (blob.type === 'application/pdf' ? 'blob:agreement' : 'blob:photo'));
const revokeObjectURL = vi.fn();

beforeEach(() => {
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});

afterEach(() => {
  createObjectURL.mockClear();
  revokeObjectURL.mockClear();
  vi.restoreAllMocks();
});

const menu = [makeEntry('visitors', '', [makeEntry('guiderRecord', '/guider-record')])];
const reception = makeUser({ permissions: ['records:view', 'visitorDisplay:view'] });
/** 14:05 on 29 November 2026 in Shanghai (the factory visit's place), 06:05 in the test's UTC. */
const SIGNED_AT = Date.UTC(2026, 10, 29, 6, 5);
const ASKS_ALL = { ndaText: 'What you see here stays here.', photo: true, questions: ['Do you feel well today?', 'Have you had a fever in the last two days?'] };
const DONE: Partial<Visit> = {
  requirements: ASKS_ALL,
  completion: {
    ndaSignedName: 'Vera V. Visitor',
    ndaSignedAt: SIGNED_AT,
    photoAt: SIGNED_AT + 60_000,
    answeredAt: SIGNED_AT + 120_000,
    answers: [
      { question: 'Do you feel well today?', answer: 'yes' },
      { question: 'Have you had a fever in the last two days?', answer: 'yes' },
    ],
  },
  answersAdmit: false,
};

/**
 * The API with the visit's documents: `GET /visitor/document` answers the bytes kept (a PDF, a
 * JPEG), or the server's 404 envelope for a kind not kept. Returns the document requests seen.
 */
function stubVisit(visit: Visit, kept: Array<'nda' | 'photo'> = ['nda', 'photo']) {
  stubApi({ 'GET /visitor/detail': { result: visit } });
  const json = vi.mocked(globalThis.fetch).getMockImplementation()!;
  const documents: URLSearchParams[] = [];
  vi.mocked(globalThis.fetch).mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://console.test');
    if (url.pathname !== '/api/visitor/document') return json(input, init);
    documents.push(url.searchParams);
    const kind = url.searchParams.get('kind') as 'nda' | 'photo';
    if (!kept.includes(kind)) {
      const message = 'This document is not kept: it was not given, or it was deleted after its retention';
      return new Response(JSON.stringify({ returncode: 1002, message, result: null }), { status: 404, headers: { 'content-type': 'application/json' } });
    }
    return new Response(new Uint8Array([1, 2, 3]), { status: 200, headers: { 'content-type': kind === 'nda' ? 'application/pdf' : 'image/jpeg' } });
  });
  return documents;
}

/** A new tab as `window.open('', '_blank')` gives it: the page then points it at the agreement. */
function stubNewTab() {
  const tab = { opener: window as unknown, location: { href: '' }, close: vi.fn() };
  const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  return { tab, open };
}

describe('visit detail page: before check-in', () => {
  it('shows the signed agreement, the photo and the answers, and warns that the answers send the visitor to reception', async () => {
    const user = userEvent.setup();
    const documents = stubVisit(makeVisit(DONE));
    const { tab, open } = stubNewTab();
    const { router } = renderConsole({ path: '/record-detail/7', user: reception, menu });
    const card = await screen.findByTestId('visit-detail-steps');
    expect(within(card).getByText('Before check-in')).toBeInTheDocument();

    // Signed at the place's time, named with its zone since the reader's (UTC) shows it differently.
    expect(within(card).getByTestId('visit-steps-nda')).toHaveTextContent('Signed by Vera V. Visitor at 2026-11-29 14:05 Shanghai');
    await user.click(within(card).getByTestId('visit-steps-nda-open'));
    await waitFor(() => expect(tab.location.href).toBe('blob:agreement'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();

    const photo = await within(card).findByRole('img', { name: 'Photo of Vera Visitor' });
    expect(photo).toHaveAttribute('src', 'blob:photo');
    expect(within(card).getByTestId('visit-steps-photo')).toHaveTextContent('Given at 2026-11-29 14:06 Shanghai');
    expect(documents.map((query) => [query.get('id'), query.get('kind')])).toEqual(
      expect.arrayContaining([
        ['7', 'photo'],
        ['7', 'nda'],
      ]),
    );

    const answers = within(card).getByTestId('visit-steps-answers');
    expect(answers).toHaveTextContent(/Answered at 2026-11-29 14:07 Shanghai.*Do you feel well today\?Yes.*Have you had a fever in the last two days\?Yes/);
    expect(within(card).getByTestId('visit-steps-reception')).toHaveTextContent('The answers send this visitor to reception: decide at check-in');

    // Leaving the page lets the photo go.
    expect(revokeObjectURL).not.toHaveBeenCalledWith('blob:photo');
    await router.navigate('/guider-record');
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:photo'));
  });

  it('says what the visitor has not done yet, and reads no document', async () => {
    const documents = stubVisit(makeVisit({ requirements: ASKS_ALL }));
    renderConsole({ path: '/record-detail/7', user: reception, menu });
    const card = await screen.findByTestId('visit-detail-steps');
    expect(within(card).getByTestId('visit-steps-nda')).toHaveTextContent('Not signed yet');
    expect(within(card).getByTestId('visit-steps-photo')).toHaveTextContent('Not given yet');
    expect(within(card).getByTestId('visit-steps-answers')).toHaveTextContent('Not answered yet');
    expect(within(card).queryByTestId('visit-steps-nda-open')).toBeNull();
    expect(within(card).queryByTestId('visit-steps-reception')).toBeNull();
    expect(documents).toEqual([]);
  });

  it('shows no card when the rule asks nothing and nothing was done', async () => {
    stubVisit(makeVisit());
    renderConsole({ path: '/record-detail/7', user: reception, menu });
    expect(await screen.findByTestId('visit-detail-visitor')).toBeInTheDocument();
    expect(screen.queryByTestId('visit-detail-steps')).toBeNull();
  });

  it('says so when the signed copy is no longer kept, in Chinese; answers that let the visitor in raise no warning', async () => {
    setLang('zh-CN');
    const user = userEvent.setup();
    stubVisit(makeVisit({ ...DONE, requirements: { ...ASKS_ALL, photo: false, questions: ['Do you feel well today?'] }, answersAdmit: true }), ['photo']);
    const { tab } = stubNewTab();
    renderConsole({ path: '/record-detail/7', user: reception, menu });
    const card = await screen.findByTestId('visit-detail-steps');
    expect(within(card).getByText('签到前事项')).toBeInTheDocument();
    expect(within(card).getByTestId('visit-steps-nda')).toHaveTextContent('Vera V. Visitor 于 上海 2026-11-29 14:05 签署');
    expect(within(card).queryByTestId('visit-steps-reception')).toBeNull();
    expect(within(card).getByTestId('visit-steps-answers')).toHaveTextContent('是');
    await user.click(within(card).getByTestId('visit-steps-nda-open'));
    expect(await screen.findByText('This document is not kept: it was not given, or it was deleted after its retention')).toBeInTheDocument();
    expect(tab.close).toHaveBeenCalled();
  });
});
