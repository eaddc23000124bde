import type { InspectionChecklist, InspectionRun } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../../shared/i18n/i18n';
import { makeEntry, makeUser } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';

afterEach(() => {
  vi.restoreAllMocks();
});

const NOW = Date.now();
const checklist: InspectionChecklist = {
  id: 4,
  name: 'Daily floor walk',
  interval: 'daily',
  locationId: 12,
  locationName: 'London / Riverside House / Floor 1',
  items: [
    { key: 'a', text: 'Monitors work' },
    { key: 'b', text: 'Desks are clean' },
  ],
  assignees: [{ id: 3, name: 'Ida Inspector' }],
  isActive: true,
  updatedAt: NOW,
};
const run: InspectionRun = {
  id: 9,
  checklistId: 4,
  checklistName: 'Daily floor walk',
  period: '2026-11-23',
  completedAt: NOW,
  completedByName: 'Ida Inspector',
  passed: 1,
  failed: 1,
  items: [
    { key: 'a', text: 'Monitors work', ok: true, note: null, repairReportId: null },
    { key: 'b', text: 'Desks are clean', ok: false, note: 'Coffee stains', repairReportId: 17 },
  ],
};
const menu = [makeEntry('desks', '', [makeEntry('deskeeperRepair', '/deskeeper-repair')])];

describe('inspections (repair centre tab)', () => {
  it('walks a due round: every item answered, a problem with a note filing a repair report about a desk', async () => {
    const user = userEvent.setup();
    const seen = stubApi({
      'GET /repair/reports': { result: { list: [], total: 0, page: 1, pageSize: 15 } },
      'GET /inspection/due': { result: [{ checklist, period: '2026-11-23', timeZone: 'Europe/London', runId: null }] },
      'GET /inspection/runs': { result: { list: [], total: 0, page: 1, pageSize: 15 } },
      'GET /repair/targets': { result: [{ kind: 'desk', id: 101, name: 'A-12', place: 'London / Riverside House / Floor 1' }] },
      'POST /inspection/complete': { result: run, message: 'Inspection done: 1 passed, 1 failed' },
    });
    renderConsole({ path: '/deskeeper-repair?tab=inspections', user: makeUser({ permissions: ['events:view'] }), menu });
    const card = await screen.findByTestId('inspection-due-4');
    expect(card).toHaveTextContent('Today (2026-11-23)');
    // Readers see no checklist management.
    expect(screen.queryByTestId('inspection-checklist-add')).toBeNull();
    await user.click(within(card).getByTestId('inspection-start-4'));
    const round = await screen.findByTestId('inspection-round');
    expect(within(round).getByTestId('inspection-submit')).toBeDisabled();
    await user.click(within(screen.getByTestId('inspection-item-a')).getByText('OK'));
    await user.click(within(screen.getByTestId('inspection-item-b')).getByText('Problem'));
    await user.type(screen.getByTestId('inspection-note-b'), 'Coffee stains');
    await user.click(within(screen.getByTestId('inspection-target-b')).getByRole('combobox'));
    await user.click(await screen.findByText('Desk A-12 · London / Riverside House / Floor 1', { selector: '.ant-select-item-option-content' }));
    await user.click(within(round).getByTestId('inspection-submit'));
    await waitFor(() =>
      expect(seen.find((request) => request.path === '/inspection/complete')?.body).toEqual({
        checklistId: 4,
        results: [
          { key: 'a', ok: true, note: null, report: null },
          { key: 'b', ok: false, note: 'Coffee stains', report: { kind: 'desk', targetId: 101 } },
        ],
      }),
    );
  });

  it('lets editors add a checklist with its items and inspectors, in Chinese', async () => {
    setLang('zh-CN');
    const user = userEvent.setup();
    const seen = stubApi({
      'GET /repair/reports': { result: { list: [], total: 0, page: 1, pageSize: 15 } },
      'GET /inspection/due': { result: [] },
      'GET /inspection/runs': { result: { list: [run], total: 1, page: 1, pageSize: 15 } },
      'GET /inspection/checklists': { result: [] },
      'GET /inspection/areas': { result: [{ id: 12, name: 'London / Riverside House / Floor 1' }] },
      'GET /visitor/hosts': { result: [{ id: 3, fullName: 'Ida Inspector', email: null }] },
      'POST /inspection/checklist/save': { result: checklist },
    });
    renderConsole({ path: '/deskeeper-repair?tab=inspections', user: makeUser({ permissions: ['events:view', 'events:edit'] }), menu });
    expect(await screen.findByTestId('inspection-run-9')).toHaveTextContent('Daily floor walk');
    expect(screen.getByTestId('inspection-runs')).toHaveTextContent('1 项未通过');
    await user.click(screen.getByTestId('inspection-checklist-add'));
    await user.type(await screen.findByTestId('inspection-checklist-name'), '每日巡检');
    await user.type(screen.getByTestId('inspection-checklist-item-0'), '显示器正常');
    await user.click(screen.getByTestId('inspection-checklist-add-item'));
    await user.type(screen.getByTestId('inspection-checklist-item-1'), '桌面整洁');
    await user.click(within(screen.getByTestId('inspection-checklist-assignees')).getByRole('combobox'));
    await user.click(await screen.findByText('Ida Inspector', { selector: '.ant-select-item-option-content' }));
    await user.click(screen.getByTestId('inspection-checklist-save'));
    await waitFor(() =>
      expect(seen.find((request) => request.path === '/inspection/checklist/save')?.body).toEqual({
        name: '每日巡检',
        interval: 'daily',
        locationId: null,
        assigneeIds: [3],
        items: [
          { key: 'i1', text: '显示器正常' },
          { key: 'i2', text: '桌面整洁' },
        ],
        isActive: true,
      }),
    );
  });
});
