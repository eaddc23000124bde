import { FILTER_DEBOUNCE_MS, ROLE_ACTIONS, type OperationLogEntry } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n';
import { makeEntry, makeUser } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';
import { actionName, knownActions } from '../action-names';

afterEach(() => {
  vi.restoreAllMocks();
});

const entry = (id: number, extra: Partial<OperationLogEntry> = {}): OperationLogEntry => ({
  id,
  at: Date.UTC(2026, 10, 23, 9, 5, 7),
  actorId: 1,
  actorName: 'Eleanor Whitfield',
  action: 'role.setPermissions',
  targetType: 'role',
  targetId: 4,
  targetName: 'Receptionist',
  result: 'success',
  detail: { added: ['records:view'], removed: [] },
  names: {},
  ip: '10.0.0.7',
  ...extra,
});

const ENTRIES = [
  entry(3),
  entry(2, { action: 'role.delete', result: 'failure', targetName: 'Staff', detail: null }),
  entry(1, { action: 'coffee.brew', targetType: 'machine', targetName: null, targetId: 9, detail: null }),
];

function openLog() {
  const menu = [makeEntry('userManagement', '', [makeEntry('operationLog', '/operation-log')])];
  const seen = stubApi({
    'GET /operation-log/list': ({ query }) => ({
      result: { list: ENTRIES, total: 40, page: Number(query.get('page')), pageSize: Number(query.get('pageSize')) },
    }),
  });
  return { seen, ...renderConsole({ path: '/operation-log', user: makeUser({ permissions: ['operationLog:view'] }), menu }) };
}

const lastQuery = (seen: ReturnType<typeof openLog>['seen']) => Object.fromEntries(seen.filter((r) => r.path === '/operation-log/list').at(-1)!.query);

describe('operation log page', () => {
  it('lists changes with the time as YYYY-MM-DD HH:mm:ss, named actions, results and details', async () => {
    const user = userEvent.setup();
    const { seen } = openLog();
    const newest = await screen.findByTestId('log-row-3');
    expect(lastQuery(seen)).toEqual({ page: '1', pageSize: '15' });
    expect(newest).toHaveTextContent('2026-11-23 09:05:07');
    expect(newest).toHaveTextContent('Changed role permissions');
    expect(newest).toHaveTextContent('RoleReceptionist');
    expect(newest).toHaveTextContent('Done');
    expect(screen.getByTestId('log-row-2')).toHaveTextContent('Refused');
    // An action the console has no name for shows as recorded.
    expect(screen.getByTestId('log-row-1')).toHaveTextContent('coffee.brew');
    expect(screen.getByTestId('log-row-1')).toHaveTextContent('machine#9');

    await user.click(within(newest).getByRole('button', { name: /expand/i }));
    const detail = await screen.findByTestId('log-detail-3');
    // What changed, in words: no field keys, no JSON.
    expect(detail).toHaveTextContent('Permissions addedRecords · View');
    expect(detail).toHaveTextContent('Permissions removedNone');
    expect(detail.textContent).not.toMatch(/[{}"]|records:view/);
  });

  it('filters by action, result and date range at once, and by name after a pause in typing', async () => {
    const user = userEvent.setup();
    const { seen } = openLog();
    await screen.findByTestId('log-row-3');

    const actor = screen.getByTestId('log-filter-actor');
    const before = seen.length;
    await user.type(actor, 'elea');
    expect(seen.length).toBe(before);
    await waitFor(() => expect(lastQuery(seen).actor).toBe('elea'), { timeout: FILTER_DEBOUNCE_MS + 2000 });

    // The list is long and virtual: type to find the action.
    await user.type(screen.getByRole('combobox', { name: 'All actions' }), 'deleted a');
    await user.click(await screen.findByTitle('Deleted a role'));
    await waitFor(() => expect(lastQuery(seen)).toMatchObject({ action: 'role.delete', actor: 'elea', page: '1' }));

    await user.click(screen.getByRole('combobox', { name: 'Any result' }));
    await user.click(await screen.findByTitle('Refused'));
    await waitFor(() => expect(lastQuery(seen).result).toBe('failure'));

    // The range picker puts the test id on both of its inputs.
    const [start, end] = screen.getAllByTestId('log-filter-dates') as [HTMLInputElement, HTMLInputElement];
    fireEvent.mouseDown(start);
    fireEvent.change(start, { target: { value: '2026/11/20' } });
    fireEvent.keyDown(start, { key: 'Enter' });
    fireEvent.change(end, { target: { value: '2026/11/23' } });
    fireEvent.keyDown(end, { key: 'Enter' });
    await waitFor(() =>
      expect(lastQuery(seen)).toMatchObject({ from: String(Date.UTC(2026, 10, 20)), to: String(Date.UTC(2026, 10, 24) - 1) }),
    );

    await user.click(screen.getByTestId('log-filter-reset'));
    await waitFor(() => expect(lastQuery(seen)).toEqual({ page: '1', pageSize: '15' }));
  });

  it('reads the log again on request', async () => {
    const user = userEvent.setup();
    const { seen } = openLog();
    await screen.findByTestId('log-row-3');
    const reads = () => seen.filter((r) => r.path === '/operation-log/list').length;
    const before = reads();
    await user.click(screen.getByTestId('log-refresh'));
    await waitFor(() => expect(reads()).toBe(before + 1));
  });

  it('pages by 15, 50 or 100', async () => {
    const user = userEvent.setup();
    const { seen } = openLog();
    await screen.findByTestId('log-row-3');
    await user.click(screen.getByTitle('2'));
    await waitFor(() => expect(lastQuery(seen).page).toBe('2'));
    await user.click(screen.getByRole('combobox', { name: /page/i }));
    await user.click(await screen.findByTitle('50 / page'));
    await waitFor(() => expect(lastQuery(seen)).toMatchObject({ page: '1', pageSize: '50' }));
  });
});

describe('operation log page: export', () => {
  it('downloads the entries matching the filters as csv, without paging', async () => {
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:log'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (this.download) saved.push(this.download);
    });
    const user = userEvent.setup();
    const { seen } = openLog();
    const fetchStub = vi.mocked(globalThis.fetch);
    const answer = fetchStub.getMockImplementation()!;
    const exports: URLSearchParams[] = [];
    fetchStub.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://console.test');
      if (url.pathname === '/api/operation-log/export') {
        exports.push(url.searchParams);
        return new Response('\uFEFFx\r\n', { status: 200, headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="operation-log.csv"' } });
      }
      return answer(input, init);
    });
    await screen.findByTestId('log-row-3');
    await user.type(screen.getByTestId('log-filter-actor'), 'elea');
    await waitFor(() => expect(lastQuery(seen).actor).toBe('elea'), { timeout: FILTER_DEBOUNCE_MS + 2000 });
    await user.click(screen.getByTestId('log-export'));
    await user.click(await screen.findByTestId('log-export-csv'));
    await waitFor(() => expect(saved).toEqual(['operation-log.csv']));
    expect([exports[0]!.get('actor'), exports[0]!.get('format'), exports[0]!.get('page')]).toEqual(['elea', 'csv', null]);
  });
});

describe('action names', () => {
  it.each(['en-US', 'zh-CN'])('names every role action in %s', (lang) => {
    const t = i18n.getFixedT(lang);
    for (const action of Object.values(ROLE_ACTIONS)) expect(actionName(t, action), action).not.toBe(action);
  });

  it('offers the actions of the translation tree as dotted names', () => {
    expect(knownActions({ role: { create: 'x', delete: 'y' }, company: { update: 'z' } })).toEqual(['role.create', 'role.delete', 'company.update']);
    expect(knownActions(i18n.getResource('en-US', 'translation', 'operation-log.actions'))).toContain('role.setPermissions');
  });
});
