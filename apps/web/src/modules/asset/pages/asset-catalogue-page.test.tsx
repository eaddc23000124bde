import type { AssetCategory, AssetModel } from '@atrium/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../../shared/i18n/i18n';
import { makeEntry, makeUser } from '../../../test/factories';
import { renderConsole, stubApi } from '../../../test/render';

afterEach(() => {
  vi.restoreAllMocks();
});

const categories: AssetCategory[] = [
  { id: 1, parentId: null, name: 'IT', depth: 0, modelCount: 0, childCount: 2 },
  { id: 2, parentId: 1, name: 'Laptops', depth: 1, modelCount: 1, childCount: 0 },
  { id: 3, parentId: 1, name: 'Monitors', depth: 1, modelCount: 1, childCount: 0 },
  { id: 4, parentId: null, name: 'Furniture', depth: 0, modelCount: 0, childCount: 0 },
];
const models: AssetModel[] = [
  { id: 10, categoryId: 2, categoryName: 'Laptops', name: 'ThinkPad T14', manufacturer: 'Lenovo', modelNumber: '21HD', assetCount: 4 },
  { id: 11, categoryId: 3, categoryName: 'Monitors', name: 'Dell P2422H', manufacturer: 'Dell', modelNumber: null, assetCount: 0 },
];
const menu = [makeEntry('desks', '', [makeEntry('deskeeperEquipment', '/deskeeper-equipment')])];
const editor = makeUser({ permissions: ['roomsLocations:view', 'roomsLocations:edit'] });

describe('equipment catalogue page', () => {
  it("draws the category tree, shows a category's models, adds a subcategory under it and deletes a model after confirming", async () => {
    const user = userEvent.setup();
    const seen = stubApi({
      'GET /asset/category/list': { result: categories },
      'GET /asset/model/list': { result: models },
      'POST /asset/category/add': { result: { id: 5, parentId: 1, name: 'Docking stations', depth: 1, modelCount: 0, childCount: 0 } },
      'POST /asset/model/delete': { result: null },
    });
    renderConsole({ path: '/deskeeper-equipment', user: editor, menu });
    expect(await screen.findByTestId('asset-category-3')).toHaveTextContent('Monitors');
    expect(screen.getByTestId('asset-model-row-10')).toHaveTextContent('Lenovo');
    expect(screen.getByTestId('asset-model-row-11')).toBeInTheDocument();

    await user.click(screen.getByTestId('asset-category-2'));
    await waitFor(() => expect(screen.queryByTestId('asset-model-row-11')).toBeNull());
    expect(screen.getByText('Models in Laptops')).toBeInTheDocument();

    await user.click(screen.getByTestId('asset-category-1'));
    await user.click(screen.getByTestId('asset-category-add'));
    await user.type(await screen.findByTestId('asset-category-name'), 'Docking stations');
    await user.click(screen.getByTestId('asset-category-save'));
    await waitFor(() => expect(seen.find((request) => request.path === '/asset/category/add')?.body).toEqual({ parentId: 1, name: 'Docking stations' }));

    await user.click(within(screen.getByTestId('asset-model-row-10')).getByTestId('asset-model-delete-10'));
    await user.click(await screen.findByTestId('asset-model-delete-confirm'));
    await waitFor(() => expect(seen.find((request) => request.path === '/asset/model/delete')?.body).toEqual({ id: 10 }));
  });

  it('adds a model in the category chosen in the tree', async () => {
    const user = userEvent.setup();
    const seen = stubApi({
      'GET /asset/category/list': { result: categories },
      'GET /asset/model/list': { result: models },
      'POST /asset/model/save': { result: { ...models[1]!, id: 12, name: 'Dell U2723QE' } },
    });
    renderConsole({ path: '/deskeeper-equipment', user: editor, menu });
    await user.click(await screen.findByTestId('asset-category-3'));
    await user.click(screen.getByTestId('asset-model-add'));
    await user.type(await screen.findByTestId('asset-model-name'), 'Dell U2723QE');
    await user.type(screen.getByTestId('asset-model-manufacturer'), 'Dell');
    await user.click(screen.getByTestId('asset-model-save'));
    await waitFor(() =>
      expect(seen.find((request) => request.path === '/asset/model/save')?.body).toEqual({ categoryId: 3, name: 'Dell U2723QE', manufacturer: 'Dell', modelNumber: null }),
    );
  });

  it('shows readers the catalogue without buttons, in Chinese', async () => {
    setLang('zh-CN');
    stubApi({ 'GET /asset/category/list': { result: categories }, 'GET /asset/model/list': { result: models } });
    renderConsole({ path: '/deskeeper-equipment', user: makeUser({ permissions: ['roomsLocations:view'] }), menu });
    expect(await screen.findByTestId('asset-model-row-10')).toBeInTheDocument();
    expect(screen.getByTestId('page-asset-catalogue')).toHaveTextContent('资产所属的分类与型号');
    expect(screen.queryByTestId('asset-category-add')).toBeNull();
    expect(screen.queryByTestId('asset-model-add')).toBeNull();
    expect(screen.queryByTestId('asset-model-delete-10')).toBeNull();
  });
});
