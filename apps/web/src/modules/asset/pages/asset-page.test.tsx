import type { Asset, AssetAssignment, AssetImportReport, AssetOptions, Page } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../../shared/i18n/i18n';
import { makeEntry, makeUser } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';

afterEach(() => {
  vi.restoreAllMocks();
});

const options: AssetOptions = {
  categories: [{ id: 1, parentId: null, name: 'Laptops', depth: 0, modelCount: 1, childCount: 0 }],
  models: [{ id: 10, categoryId: 1, categoryName: 'Laptops', name: 'ThinkPad T14', manufacturer: 'Lenovo', modelNumber: null, assetCount: 2 }],
  locations: [{ id: 6, parentId: null, name: 'Floor 3', level: 6 }],
};
function asset(overrides: Partial<Asset> = {}): Asset {
  return {
    id: 101,
    tag: 'LDN-0001',
    serial: 'PF-1',
    modelId: 10,
    modelName: 'ThinkPad T14',
    manufacturer: 'Lenovo',
    categoryId: 1,
    categoryName: 'Laptops',
    status: 'ready',
    locationId: 6,
    locationName: 'Floor 3',
    holder: null,
    purchaseDate: '2026-01-15',
    warrantyEnd: '2029-01-14',
    lastAuditAt: null,
    nextAuditAt: null,
    notes: null,
    createdAt: 1,
    updatedAt: 1,
    ...overrides,
  };
}
const page = (list: Asset[]): Page<Asset> => ({ list, total: list.length, page: 1, pageSize: 15 });
const menu = [makeEntry('desks', '', [makeEntry('deskeeperAssets', '/deskeeper-assets')])];
const editor = makeUser({ permissions: ['trackingFields:view', 'trackingFields:edit'] });
const deployed = asset({ id: 102, tag: 'LDN-0002', status: 'deployed', holder: { kind: 'desk', id: 7, name: '3-A-01' } });

describe('assets page', () => {
  it('lists assets with their status and holder, searches by keyword, checks one out to a colleague and another in', async () => {
    const user = userEvent.setup();
    const seen = stubApi({
      'GET /asset/options': { result: options },
      'GET /asset/list': ({ query }) => ({ result: page(query.get('keyword') === 'ldn-0002' ? [deployed] : [asset(), deployed]) }),
      'GET /asset/targets': { result: [{ id: 5, name: 'Hana Holder', detail: 'hana@example.test' }] },
      'POST /asset/checkout': { result: asset({ status: 'deployed', holder: { kind: 'user', id: 5, name: 'Hana Holder' } }) },
      'POST /asset/checkin': { result: asset({ id: 102, tag: 'LDN-0002' }) },
    });
    renderConsole({ path: '/deskeeper-assets', user: editor, menu });
    const row = await screen.findByTestId('asset-row-101');
    expect(row).toHaveTextContent('ThinkPad T14');
    expect(within(row).getByTestId('asset-status-101')).toHaveTextContent('Ready');
    expect(screen.getByTestId('asset-row-102')).toHaveTextContent('Desk: 3-A-01');
    expect(within(screen.getByTestId('asset-row-102')).getByTestId('asset-status-102')).toHaveTextContent('Deployed');

    await user.click(within(row).getByTestId('asset-checkout-101'));
    await user.click(within(await screen.findByTestId('asset-checkout-target')).getByRole('combobox'));
    await user.click(await screen.findByText('Hana Holder · hana@example.test', { selector: '.ant-select-item-option-content' }));
    await user.click(screen.getByTestId('asset-checkout-save'));
    await waitFor(() => expect(seen.find((request) => request.path === '/asset/checkout')?.body).toEqual({ id: 101, targetKind: 'user', targetId: 5 }));
    expect(seen.find((request) => request.path === '/asset/targets')?.query.get('kind')).toBe('user');

    await user.click(within(screen.getByTestId('asset-row-102')).getByTestId('asset-checkin-102'));
    await waitFor(() => expect(seen.find((request) => request.path === '/asset/checkin')?.body).toEqual({ id: 102 }));

    await user.type(screen.getByRole('searchbox'), 'ldn-0002');
    await waitFor(() => expect(screen.queryByTestId('asset-row-101')).toBeNull(), { timeout: 4000 });
    expect(seen.some((request) => request.path === '/asset/list' && request.query.get('keyword') === 'ldn-0002')).toBe(true);
  });

  it("opens the asset named by the label's QR code with its details and holders, and marks it audited", async () => {
    const user = userEvent.setup();
    const history: AssetAssignment[] = [
      { id: 2, targetKind: 'desk', targetId: 7, targetName: '3-A-01', assignedAt: Date.UTC(2026, 10, 2, 9), returnedAt: null, assignedByName: 'Ada Admin' },
      { id: 1, targetKind: 'user', targetId: 5, targetName: 'Hana Holder', assignedAt: Date.UTC(2026, 9, 1, 9), returnedAt: Date.UTC(2026, 10, 1, 9), assignedByName: null },
    ];
    const seen = stubApi({
      'GET /asset/options': { result: options },
      'GET /asset/list': { result: page([deployed]) },
      'GET /asset/detail': { result: deployed },
      'GET /asset/history': { result: history },
      'POST /asset/audit': { result: { ...deployed, lastAuditAt: 1 } },
      'POST /repair/report': { result: { id: 5, moves: [] } },
    });
    renderConsole({ path: '/deskeeper-assets?asset=102', user: editor, menu });
    const drawer = await screen.findByTestId('asset-drawer');
    expect(await within(drawer).findByTestId('asset-history-2')).toHaveTextContent('Desk: 3-A-01');
    expect(within(drawer).getByTestId('asset-history-2')).toHaveTextContent('still out');
    expect(within(drawer).getByTestId('asset-history-1')).toHaveTextContent('Person: Hana Holder');
    expect(within(drawer).getByTestId('asset-drawer-status')).toHaveTextContent('Deployed');
    expect(seen.find((request) => request.path === '/asset/detail')?.query.get('id')).toBe('102');
    await user.click(within(drawer).getByTestId('asset-audit'));
    await waitFor(() => expect(seen.find((request) => request.path === '/asset/audit')?.body).toEqual({ id: 102 }));
    // A problem with it goes to the repair centre, naming the asset.
    await user.click(within(drawer).getByTestId('asset-report-problem'));
    expect(await screen.findByTestId('repair-report-target')).toHaveTextContent(`Asset ${deployed.tag}`);
    await user.type(screen.getByTestId('repair-report-title'), 'Flickers');
    await user.click(screen.getByTestId('repair-report-submit'));
    await waitFor(() => expect(seen.find((request) => request.path === '/repair/report')?.body).toEqual({ kind: 'asset', targetId: 102, title: 'Flickers', description: null, blocksUse: false }));
  });

  it('imports a file after a dry run that reports each refused row with its number', async () => {
    const user = userEvent.setup();
    const report = (dryRun: boolean): AssetImportReport => ({
      dryRun,
      created: [{ sheet: 'assets', row: 2, tag: 'N-1' }],
      updated: [],
      refused: [{ sheet: 'assets', row: 3, tag: 'N-2', reasons: ['Unknown model: Nokia 3310'] }],
    });
    const seen = stubApi({
      'GET /asset/options': { result: options },
      'GET /asset/list': { result: page([]) },
      'POST /asset/import': ({ query }) => ({ result: report(query.get('dryRun') === 'true') }),
    });
    renderConsole({ path: '/deskeeper-assets', user: editor, menu });
    await user.click(await screen.findByTestId('asset-import'));
    const input = (await screen.findByTestId('asset-import-file')).querySelector('input[type="file"]') ?? document.querySelector('input[type="file"]');
    await user.upload(input as HTMLInputElement, new File(['xlsx'], 'assets.xlsx'));
    await user.click(screen.getByTestId('asset-import-check'));
    expect(await screen.findByTestId('asset-import-refused-3')).toHaveTextContent('Sheet assets, row 3 (N-2): Unknown model: Nokia 3310');
    expect(screen.getByTestId('asset-import-report')).toHaveTextContent('Checked: 1 to create, 0 to update, 1 refused');
    await user.click(screen.getByTestId('asset-import-run'));
    await waitFor(() => expect(screen.getByTestId('asset-import-report')).toHaveTextContent('Imported: 1 created'));
    expect(seen.filter((request) => request.path === '/asset/import').map((request) => request.query.get('dryRun'))).toEqual(['true', 'false']);
  });

  it('shows readers the list in Chinese with export and labels but no changes', async () => {
    setLang('zh-CN');
    stubApi({ 'GET /asset/options': { result: options }, 'GET /asset/list': { result: page([asset({ status: 'in_repair' })]) } });
    renderConsole({ path: '/deskeeper-assets', user: makeUser({ permissions: ['trackingFields:view'] }), menu });
    const row = await screen.findByTestId('asset-row-101');
    expect(within(row).getByTestId('asset-status-101')).toHaveTextContent('维修中');
    expect(screen.getByTestId('asset-export')).toBeInTheDocument();
    expect(screen.queryByTestId('asset-add')).toBeNull();
    expect(screen.queryByTestId('asset-import')).toBeNull();
    expect(within(row).queryByTestId('asset-checkout-101')).toBeNull();

    // Labels of the rows chosen: the server's PDF for those ids.
    const fetchStub = vi.mocked(globalThis.fetch);
    const answerJson = fetchStub.getMockImplementation()!;
    const asked: string[] = [];
    fetchStub.mockImplementation(async (input, init) => {
      if (!String(input).startsWith('/api/asset/labels')) return answerJson(input, init);
      asked.push(String(input));
      return new Response(new Uint8Array([37, 80, 68, 70]), { status: 200, headers: { 'content-type': 'application/pdf', 'content-disposition': 'inline; filename="asset-labels.pdf"' } });
    });
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:labels'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const user = userEvent.setup();
    await user.click(within(row).getByRole('checkbox'));
    await user.click(await screen.findByTestId('asset-labels'));
    await waitFor(() => expect(saved).toEqual(['asset-labels.pdf']));
    expect(asked).toEqual(['/api/asset/labels?ids=101']);
  });
});
