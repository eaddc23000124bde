import type { Branch, StoreCompany } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../../shared/i18n/i18n';
import { renderConsole, stubApi, type StubAnswer } from '../../../test/render';
import { setWindowWidth } from '../../../test/window-width';

afterEach(() => {
  vi.restoreAllMocks();
});

const OPERATOR = { id: 1, userName: 'operator', fullName: 'Olive Operator' };
const NOW = Date.now();
function branch(overrides: Partial<Branch> = {}): Branch {
  return { id: 1, name: 'Standard', description: null, isDefault: true, version: '1.3.20', menuKeys: null, companyCount: 2, draft: null, releasedAt: null, createdAt: NOW, ...overrides };
}
const PILOT = branch({ id: 2, name: 'Pilot', isDefault: false, version: '1.4.0', companyCount: 1, menuKeys: ['reserve'], draft: { version: '1.5.0', notesEn: 'Desks a week ahead.', notesZh: '工位提前一周。' } });
const company = (id: number, name: string, on: Branch): StoreCompany => ({ id, name, domain: null, branchId: on.id, branchName: on.name, version: on.version, userCount: 4, createdAt: NOW });

function stubBoss(extra: Record<string, StubAnswer | ((request: { body: unknown }) => StubAnswer)> = {}) {
  return stubApi({
    'GET /boss/currentOperator': { result: OPERATOR },
    'GET /boss/storeManager/getBranch': { result: [branch(), PILOT] },
    'POST /boss/storeManager/getStoreList': { result: { list: [company(7, 'Alpha Works', PILOT), company(8, 'Bravo Holdings', branch())], total: 2, page: 1, pageSize: 15 } },
    ...extra,
  });
}

describe('/branch (operator console)', () => {
  it('lists branches and companies; creates a branch, refusing a taken name on the field', async () => {
    const user = userEvent.setup();
    let tries = 0;
    const seen = stubBoss({
      'POST /boss/storeManager/createBranch': () =>
        ++tries === 1 ? { status: 409, returncode: 1003, message: 'A branch named Pilot already exists' } : { result: branch({ id: 3, name: 'Beta', isDefault: false }), message: 'Branch created' },
    });
    renderConsole({ path: '/branch' });
    const pilot = await screen.findByTestId('branch-row-2');
    expect(pilot).toHaveTextContent('Pilot');
    expect(within(pilot).getByTestId('branch-draft-2')).toHaveTextContent('1.5.0 ready');
    expect(screen.getByTestId('branch-row-1')).toHaveTextContent('Default');
    expect(await screen.findByTestId('company-row-7')).toHaveTextContent('Alpha Works');
    await user.click(screen.getByTestId('branch-create'));
    await user.type(await screen.findByTestId('branch-form-name'), 'Pilot');
    await user.type(screen.getByTestId('branch-form-version'), '2.0.0');
    await user.click(screen.getByTestId('branch-form-save'));
    expect(await screen.findByText('A branch named Pilot already exists')).toBeInTheDocument();
    await user.clear(screen.getByTestId('branch-form-name'));
    await user.type(screen.getByTestId('branch-form-name'), 'Beta');
    await user.click(screen.getByTestId('branch-form-save'));
    await waitFor(() => expect(seen.filter((request) => request.path === '/boss/storeManager/createBranch').at(-1)?.body).toEqual({ name: 'Beta', description: null, version: '2.0.0' }));
  });

  it('writes the updated instructions in both languages and releases the prepared version', async () => {
    const user = userEvent.setup();
    const seen = stubBoss({
      'POST /boss/storeManager/updatedInstructions': { result: PILOT, message: 'Updated instructions saved' },
      'POST /boss/storeManager/releaseVersion': { result: { id: 9, branchId: 2, version: '1.5.0', notesEn: '', notesZh: '', releasedAt: NOW }, message: 'Version 1.5.0 released' },
    });
    renderConsole({ path: '/branch' });
    // Without a draft the default branch cannot release.
    expect(await screen.findByTestId('branch-release-1')).toBeDisabled();
    await user.click(screen.getByTestId('branch-instructions-2'));
    const version = await screen.findByTestId('instructions-version');
    expect(version).toHaveValue('1.5.0');
    await user.clear(version);
    await user.type(version, '1.6.0');
    await user.clear(screen.getByTestId('instructions-notes-en'));
    await user.type(screen.getByTestId('instructions-notes-en'), 'Rooms show air quality.');
    await user.clear(screen.getByTestId('instructions-notes-zh'));
    await user.type(screen.getByTestId('instructions-notes-zh'), '会议室显示空气质量。');
    await user.click(screen.getByTestId('instructions-save'));
    await waitFor(() =>
      expect(seen.find((request) => request.path === '/boss/storeManager/updatedInstructions')?.body).toEqual({ branchId: 2, version: '1.6.0', notesEn: 'Rooms show air quality.', notesZh: '会议室显示空气质量。' }),
    );
    await user.click(screen.getByTestId('branch-release-2'));
    await user.click(await screen.findByTestId('branch-release-confirm'));
    await waitFor(() => expect(seen.find((request) => request.path === '/boss/storeManager/releaseVersion')?.body).toEqual({ branchId: 2 }));
  });

  it("sets a branch's menu entries, and moves companies onto a branch", async () => {
    const user = userEvent.setup();
    const seen = stubBoss({
      'POST /boss/storeManager/menuPermissions': { result: { isBossMenu: true, branch: PILOT }, message: 'Menu entries saved' },
      'POST /boss/storeManager/updateBranch': { result: PILOT, message: 'Branch saved' },
    });
    renderConsole({ path: '/branch' });
    await user.click(await screen.findByTestId('branch-menu-2'));
    // The kept administration entries are not offered to withhold.
    expect(screen.queryByTestId('menu-entry-directory')).toBeNull();
    await user.click(await screen.findByTestId('menu-entry-live'));
    await user.click(screen.getByTestId('menu-save'));
    await waitFor(() => expect(seen.find((request) => request.path === '/boss/storeManager/menuPermissions')?.body).toEqual({ branchId: 2, menuKeys: ['reserve', 'live'] }));

    const row = await screen.findByTestId('company-row-8');
    await user.click(within(row).getByRole('checkbox'));
    await user.click(screen.getByTestId('companies-target'));
    await user.click((await screen.findAllByTitle('Pilot')).at(-1)!);
    await user.click(screen.getByTestId('companies-move'));
    await waitFor(() => expect(seen.find((request) => request.path === '/boss/storeManager/updateBranch')?.body).toEqual({ id: 2, name: 'Pilot', description: null, companyIds: [8] }));
  });

  it('reads in Chinese and opens its menu in a drawer in a narrow window', async () => {
    const user = userEvent.setup();
    setLang('zh-CN');
    setWindowWidth(375);
    stubBoss();
    renderConsole({ path: '/branch' });
    expect(await screen.findByText('新建分支')).toBeInTheDocument();
    expect(screen.queryByTestId('boss-menu')).toBeNull();
    await user.click(screen.getByTestId('boss-menu-toggle'));
    const menu = await screen.findByTestId('boss-menu');
    expect(menu).toHaveTextContent('版本管理');
    expect(menu).toHaveTextContent('分支');
  });
});
