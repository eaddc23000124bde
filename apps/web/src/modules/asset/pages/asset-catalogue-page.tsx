import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { hasPermission, type AssetCategory, type AssetModel } from '@atrium/contract';
import { Button, Card, Col, Popconfirm, Row, Space, Tree } from 'antd';
import type { ButtonProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session-context';
import { DataTable, TruncatedText } from '../../../shared/ui/data-table';
import { tableEmpty } from '../../../shared/ui/empty-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { QueryBody } from '../../../shared/ui/query-body';
import { useAssetCategories, useAssetModels, useDeleteCategory, useDeleteModel } from '../api/asset.api';
import { CategoryDialog } from '../components/category-dialog';
import { categoryTree } from '../components/category-tree-select';
import { ModelDialog } from '../components/model-dialog';

/** The category and every category under it. */
function subtree(categories: AssetCategory[], id: number): Set<number> {
  const ids = new Set([id]);
  for (const category of categories) if (category.parentId !== null && ids.has(category.parentId)) ids.add(category.id);
  return ids;
}

/**
 * /deskeeper-equipment: the equipment catalogue (decision 0019, "Assets"): the categories as a tree
 * (add, rename, delete) and the models, those of the category chosen in the tree (add, edit, delete).
 */
export function AssetCataloguePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const canEdit = hasPermission(user.permissions, 'roomsLocations:edit');
  const categories = useAssetCategories();
  const models = useAssetModels();
  const removeCategory = useDeleteCategory();
  const removeModel = useDeleteModel();
  const [selectedId, setSelectedId] = useState<number>();
  const [categoryDialog, setCategoryDialog] = useState<{ parent?: AssetCategory; category?: AssetCategory }>();
  const [modelDialog, setModelDialog] = useState<AssetModel | 'new'>();
  const list = categories.data ?? [];
  const selected = list.find((category) => category.id === selectedId);
  const shown = useMemo(() => {
    if (!selected) return models.data ?? [];
    const ids = subtree(categories.data ?? [], selected.id);
    return (models.data ?? []).filter((model) => ids.has(model.categoryId));
  }, [models.data, categories.data, selected]);

  const ignore = () => undefined;
  const columns: ColumnsType<AssetModel> = [
    { key: 'name', title: t('asset.fields.name'), dataIndex: 'name', render: (name: string) => <strong>{name}</strong> },
    { key: 'category', title: t('asset.fields.category'), dataIndex: 'categoryName' },
    { key: 'manufacturer', title: t('asset.fields.manufacturer'), render: (_, model) => <TruncatedText text={model.manufacturer ?? '—'} /> },
    { key: 'modelNumber', title: t('asset.fields.modelNumber'), render: (_, model) => model.modelNumber ?? '—' },
    { key: 'assetCount', title: t('asset.fields.assetCount'), dataIndex: 'assetCount' },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: t('asset.fields.actions'),
            render: (_: unknown, model: AssetModel) => (
              <Space size="small">
                <Button size="small" icon={<EditOutlined />} onClick={() => setModelDialog(model)} data-testid={`asset-model-edit-${model.id}`}>
                  {t('asset.actions.edit')}
                </Button>
                <Popconfirm
                  title={t('asset.catalogue.deleteModelConfirm', { name: model.name })}
                  okText={t('asset.actions.delete')}
                  cancelText={t('asset.actions.keep')}
                  okButtonProps={{ danger: true, 'data-testid': 'asset-model-delete-confirm' } as ButtonProps}
                  onConfirm={() => removeModel.mutateAsync(model.id).then(ignore, ignore)}
                >
                  <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('asset.actions.delete')} data-testid={`asset-model-delete-${model.id}`} />
                </Popconfirm>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="atrium-page" data-testid="page-asset-catalogue">
      <PageHeader title={t('asset.catalogue.title')} subtitle={t('asset.catalogue.subtitle')} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <Card
            className="atrium-card"
            title={t('asset.catalogue.categories')}
            extra={
              canEdit ? (
                <Button size="small" icon={<PlusOutlined />} onClick={() => setCategoryDialog({ parent: selected })} data-testid="asset-category-add">
                  {selected ? t('asset.catalogue.addChild') : t('asset.catalogue.addCategory')}
                </Button>
              ) : null
            }
          >
            <QueryBody query={categories}>
              {(data) =>
                data.length === 0 ? (
                  <span className="atrium-muted">{t('asset.catalogue.noCategories')}</span>
                ) : (
                  <Tree
                    treeData={categoryTree(data)}
                    defaultExpandAll
                    selectedKeys={selectedId === undefined ? [] : [selectedId]}
                    onSelect={(keys) => setSelectedId(keys.length ? Number(keys[0]) : undefined)}
                    titleRender={(node) => <span data-testid={`asset-category-${node.key}`}>{node.title as string}</span>}
                    data-testid="asset-category-tree"
                  />
                )
              }
            </QueryBody>
            {canEdit && selected ? (
              <Space style={{ marginTop: 12 }} wrap>
                <Button size="small" icon={<EditOutlined />} onClick={() => setCategoryDialog({ category: selected })} data-testid="asset-category-rename">
                  {t('asset.catalogue.rename')}
                </Button>
                <Popconfirm
                  title={t('asset.catalogue.deleteCategoryConfirm', { name: selected.name })}
                  okText={t('asset.actions.delete')}
                  cancelText={t('asset.actions.keep')}
                  okButtonProps={{ danger: true, 'data-testid': 'asset-category-delete-confirm' } as ButtonProps}
                  onConfirm={() => removeCategory.mutateAsync(selected.id).then(() => setSelectedId(undefined), ignore)}
                >
                  <Button size="small" danger icon={<DeleteOutlined />} data-testid="asset-category-delete">
                    {t('asset.actions.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ) : null}
          </Card>
        </Col>
        <Col xs={24} lg={16}>
          <Card
            className="atrium-card"
            title={selected ? t('asset.catalogue.modelsOf', { name: selected.name }) : t('asset.catalogue.models')}
            extra={
              canEdit && list.length > 0 ? (
                <Button type="primary" size="small" icon={<PlusOutlined />} onClick={() => setModelDialog('new')} data-testid="asset-model-add">
                  {t('asset.catalogue.addModel')}
                </Button>
              ) : null
            }
          >
            <DataTable<AssetModel>
              rowKey="id"
              size="middle"
              columns={columns}
              dataSource={shown}
              loading={models.isFetching}
              pagination={false}
              onRow={(model) => ({ 'data-testid': `asset-model-row-${model.id}` }) as object}
              locale={tableEmpty(t('asset.catalogue.noModels'))}
            />
          </Card>
        </Col>
      </Row>
      {categoryDialog ? <CategoryDialog parent={categoryDialog.parent} category={categoryDialog.category} onClose={() => setCategoryDialog(undefined)} /> : null}
      {modelDialog ? <ModelDialog categories={list} model={modelDialog === 'new' ? undefined : modelDialog} categoryId={selected?.id} onClose={() => setModelDialog(undefined)} /> : null}
    </div>
  );
}
