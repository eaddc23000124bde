import { DeleteOutlined, DownloadOutlined, EditOutlined, PlusOutlined, PrinterOutlined, UploadOutlined } from '@ant-design/icons';
import { ASSET_STATUSES, FILTER_DEBOUNCE_MS, hasPermission, type Asset, type AssetFilters, type AssetStatus } from '@atrium/contract';
import { App, Button, Input, Popconfirm, Select, Space, TreeSelect } from 'antd';
import type { ButtonProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { usePagination } from '../../../shared/hooks/use-pagination';
import { useSession } from '../../../shared/session/session-context';
import { DataTable, TruncatedText } from '../../../shared/ui/data-table';
import { tableEmpty } from '../../../shared/ui/empty-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { exportAssets, printAssetLabels, useAssetOptions, useAssets, useCheckinAsset, useDeleteAssets } from '../api/asset.api';
import { AssetDialog } from '../components/asset-dialog';
import { AssetDrawer } from '../components/asset-drawer';
import { AssetStatusTag } from '../components/asset-status-tag';
import { CategoryTreeSelect } from '../components/category-tree-select';
import { CheckoutDialog } from '../components/checkout-dialog';
import { AssetImportDialog } from '../components/asset-import-dialog';
import { locationTree } from '../components/location-tree';

/**
 * /deskeeper-assets: the assets (decision 0019, "Assets"): searched by tag, serial, model or holder and
 * filtered by status, category and location; editors add, change, check out and in, import and delete;
 * everyone exports the list and prints labels. `?asset=<id>` (a label's QR code) opens that asset.
 */
export function AssetPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { user } = useSession();
  const canEdit = hasPermission(user.permissions, 'trackingFields:edit');
  const options = useAssetOptions();
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<AssetStatus>();
  const [categoryId, setCategoryId] = useState<number>();
  const [locationId, setLocationId] = useState<number>();
  const filters: Partial<AssetFilters> = { keyword: useDebouncedValue(keyword.trim(), FILTER_DEBOUNCE_MS), status, categoryId, locationId };
  const paging = usePagination(filters);
  const assets = useAssets(filters, paging.request);
  const remove = useDeleteAssets();
  const checkin = useCheckinAsset();
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<Asset | 'new'>();
  const [checkingOut, setCheckingOut] = useState<Asset>();
  const [importing, setImporting] = useState(false);
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('asset')) || undefined;
  const open = (id: number | undefined) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === undefined) next.delete('asset');
        else next.set('asset', String(id));
        return next;
      },
      { replace: true },
    );
  const ignore = () => undefined;

  async function download(run: () => Promise<void>) {
    try {
      await run();
    } catch (error) {
      void message.error((error as Error).message);
    }
  }

  const columns: ColumnsType<Asset> = [
    {
      key: 'tag',
      title: t('asset.fields.tag'),
      render: (_, asset) => (
        <Button type="link" size="small" onClick={() => open(asset.id)} data-testid={`asset-open-${asset.id}`}>
          <strong>{asset.tag}</strong>
        </Button>
      ),
    },
    { key: 'model', title: t('asset.fields.model'), render: (_, asset) => <TruncatedText text={asset.modelName} /> },
    { key: 'category', title: t('asset.fields.category'), dataIndex: 'categoryName' },
    { key: 'serial', title: t('asset.fields.serial'), render: (_, asset) => asset.serial ?? '—' },
    { key: 'status', title: t('asset.fields.status'), render: (_, asset) => <AssetStatusTag status={asset.status} testId={`asset-status-${asset.id}`} /> },
    { key: 'holder', title: t('asset.fields.holder'), render: (_, asset) => (asset.holder ? <TruncatedText text={`${t(`asset.targetKinds.${asset.holder.kind}`)}: ${asset.holder.name}`} /> : '—') },
    { key: 'location', title: t('asset.fields.location'), render: (_, asset) => asset.locationName ?? '—' },
    { key: 'warrantyEnd', title: t('asset.fields.warrantyEnd'), render: (_, asset) => asset.warrantyEnd ?? '—' },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: t('asset.fields.actions'),
            render: (_: unknown, asset: Asset) => (
              <Space size="small">
                <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(asset)} aria-label={t('asset.actions.edit')} data-testid={`asset-edit-${asset.id}`} />
                {asset.status === 'deployed' ? (
                  <Button size="small" onClick={() => checkin.mutateAsync(asset.id).then(() => void message.success(t('asset.list.checkedIn', { tag: asset.tag })), ignore)} data-testid={`asset-checkin-${asset.id}`}>
                    {t('asset.actions.checkin')}
                  </Button>
                ) : (
                  <Button size="small" disabled={asset.status !== 'ready'} onClick={() => setCheckingOut(asset)} data-testid={`asset-checkout-${asset.id}`}>
                    {t('asset.actions.checkout')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="atrium-page" data-testid="page-assets">
      <PageHeader
        title={t('asset.list.title')}
        subtitle={t('asset.list.subtitle')}
        extra={
          <Space wrap>
            <Button icon={<DownloadOutlined />} onClick={() => void download(() => exportAssets(filters, t('asset.list.exportFailed')))} data-testid="asset-export">
              {t('asset.actions.export')}
            </Button>
            {canEdit ? (
              <>
                <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="asset-import">
                  {t('asset.actions.import')}
                </Button>
                <Button type="primary" icon={<PlusOutlined />} disabled={!options.data?.models.length} onClick={() => setEditing('new')} data-testid="asset-add">
                  {t('asset.list.add')}
                </Button>
              </>
            ) : null}
          </Space>
        }
      />
      <div className="atrium-toolbar">
        <Input.Search allowClear value={keyword} onChange={(event) => setKeyword(event.target.value)} placeholder={t('asset.list.search')} style={{ maxWidth: 280 }} data-testid="asset-search" />
        <Select<AssetStatus>
          allowClear
          value={status}
          onChange={setStatus}
          placeholder={t('asset.fields.status')}
          aria-label={t('asset.fields.status')}
          options={ASSET_STATUSES.map((value) => ({ value, label: t(`asset.statuses.${value}`) }))}
          style={{ minWidth: 140 }}
          data-testid="asset-filter-status"
        />
        <CategoryTreeSelect categories={options.data?.categories ?? []} value={categoryId} onChange={setCategoryId} allowClear placeholder={t('asset.fields.category')} aria-label={t('asset.fields.category')} testId="asset-filter-category" />
        <TreeSelect<number>
          allowClear
          showSearch
          treeNodeFilterProp="title"
          value={locationId}
          onChange={setLocationId}
          treeData={locationTree(options.data?.locations ?? [])}
          placeholder={t('asset.fields.location')}
          aria-label={t('asset.fields.location')}
          style={{ minWidth: 200 }}
          data-testid="asset-filter-location"
        />
        {selected.length > 0 ? (
          <>
            <Button icon={<PrinterOutlined />} onClick={() => void download(() => printAssetLabels(selected, t('asset.list.labelsFailed')))} data-testid="asset-labels">
              {t('asset.list.printLabels', { count: selected.length })}
            </Button>
            {canEdit ? (
              <Popconfirm
                title={t('asset.list.deleteConfirm', { count: selected.length })}
                okText={t('asset.actions.delete')}
                cancelText={t('asset.actions.keep')}
                okButtonProps={{ danger: true, 'data-testid': 'asset-delete-confirm' } as ButtonProps}
                onConfirm={() => remove.mutateAsync(selected).then(() => setSelected([]), ignore)}
              >
                <Button danger icon={<DeleteOutlined />} data-testid="asset-delete">
                  {t('asset.list.deleteSelected', { count: selected.length })}
                </Button>
              </Popconfirm>
            ) : null}
          </>
        ) : null}
      </div>
      <DataTable<Asset>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={assets.data?.list ?? []}
        loading={assets.isFetching}
        pagination={paging.tablePagination(assets.data?.total ?? 0)}
        onChange={paging.onTableChange}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]), preserveSelectedRowKeys: true }}
        onRow={(asset) => ({ 'data-testid': `asset-row-${asset.id}` }) as object}
        locale={tableEmpty(t('asset.list.empty'))}
        data-testid="asset-table"
      />
      {editing && options.data ? <AssetDialog options={options.data} asset={editing === 'new' ? undefined : editing} onClose={() => setEditing(undefined)} /> : null}
      {checkingOut ? <CheckoutDialog asset={checkingOut} onClose={() => setCheckingOut(undefined)} /> : null}
      {importing ? <AssetImportDialog onClose={() => setImporting(false)} /> : null}
      {openId !== undefined ? <AssetDrawer assetId={openId} canEdit={canEdit} onClose={() => open(undefined)} /> : null}
    </div>
  );
}
