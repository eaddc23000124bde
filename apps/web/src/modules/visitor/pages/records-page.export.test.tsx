import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeEntry, makeUser, makeVisit } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';

/** The files the page saved: the browser's download link clicked, with its name. */
const saved: Array<{ name: string }> = [];
beforeEach(() => {
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:visits'), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (this.download) saved.push({ name: this.download });
  });
});

afterEach(() => {
  saved.length = 0;
  vi.restoreAllMocks();
});

const menu = [makeEntry('visitors', '', [makeEntry('guiderRecord', '/guider-record')])];
const host = makeUser({ permissions: ['records:view', 'events:view'], timeZone: 'Asia/Shanghai' });

describe('visit records page: export', () => {
  it('downloads the visits matching the filters as csv, named by the server', async () => {
    const user = userEvent.setup();
    const seen = stubApi({ 'GET /visitor/list': { result: { list: [makeVisit()], total: 1, page: 1, pageSize: 15 } } });
    // The file itself: not an envelope, with its name in content-disposition.
    const fetchStub = vi.mocked(globalThis.fetch);
    const answerList = fetchStub.getMockImplementation()!;
    fetchStub.mockImplementation(async (input, init) => {
      if (String(input).startsWith('/api/visitor/export')) {
        seen.push({ method: 'GET', path: '/visitor/export', query: new URL(String(input), 'http://console.test').searchParams, body: undefined, headers: {} });
        return new Response('\uFEFFVisitor\r\n', { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="visits-2026-11-01-2026-11-30.csv"' } });
      }
      return answerList(input, init);
    });
    renderConsole({ path: '/guider-record', user: host, menu });
    await screen.findByTestId('visit-row-7');
    await user.click(screen.getByTestId('visit-status-filter').querySelector('input')!);
    await user.click(await screen.findByText('Checked out', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(seen.some((request) => request.path === '/visitor/list' && request.query.get('status') === 'checkedOut')).toBe(true));
    await user.click(screen.getByTestId('visit-export'));
    await user.click(await screen.findByTestId('visit-export-csv'));
    await waitFor(() => expect(saved).toEqual([{ name: 'visits-2026-11-01-2026-11-30.csv' }]));
    const request = seen.find((entry) => entry.path === '/visitor/export')!;
    expect([request.query.get('format'), request.query.get('status'), request.query.get('timeZone'), request.query.get('page')]).toEqual(['csv', 'checkedOut', 'Asia/Shanghai', null]);
  });
});
