import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { FILTER_DEBOUNCE_MS, hasPermission, TEXT_MAX, type GroupNode, type Swatch } from '@atrium/contract';
import { App, Button, Card, Descriptions, Input, Skeleton, Space, Tag } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../../shared/session/session-context';
import { PageHeader } from '../../../shared/ui/page-header';
import {
  useCreateDepartment,
  useCreateSwatch,
  useDeleteDepartment,
  useDeleteSwatches,
  useDepartmentTree,
  useSetDepartmentStyle,
  useSwatches,
  useUpdateDepartment,
  useUpdateSwatch,
} from '../api/department.api';
import { ColorChip } from '../components/color-chip';
import { DepartmentFormDrawer, type DepartmentFormValues } from '../components/department-form-drawer';
import { DepartmentTree, type DepartmentAction } from '../components/department-tree';
import { SwatchEditor, type SwatchValues } from '../components/swatch-editor';
import { SwatchPalette } from '../components/swatch-palette';
import { useDebouncedValue } from '../components/use-debounced-value';
import { EmptyState } from '../../../shared/ui/empty-state';
import './department-page.css';

const findGroup = (nodes: GroupNode[], id: number | null): GroupNode | undefined => {
  if (id === null) return undefined;
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findGroup(node.children, id);
    if (found) return found;
  }
  return undefined;
};

type FormState = { open: false } | { open: true; group: GroupNode | null; parentId: number | null };
type EditorState = { open: false } | { open: true; swatch: Swatch | null };

/** /group: the department tree with member counts, its changes, and the colour palette. */
export function DepartmentPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const { user } = useSession();
  const canEdit = hasPermission(user.permissions, 'departments:edit');

  const [keyword, setKeyword] = useState('');
  const search = useDebouncedValue(keyword.trim(), FILTER_DEBOUNCE_MS);
  const tree = useDepartmentTree(search);
  const swatches = useSwatches();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected = findGroup(tree.data ?? [], selectedId);
  const [form, setForm] = useState<FormState>({ open: false });
  const [editor, setEditor] = useState<EditorState>({ open: false });

  const createGroup = useCreateDepartment();
  const updateGroup = useUpdateDepartment();
  const deleteGroup = useDeleteDepartment();
  const setStyle = useSetDepartmentStyle();
  const createSwatch = useCreateSwatch();
  const updateSwatch = useUpdateSwatch();
  const deleteSwatches = useDeleteSwatches();

  const saveGroup = (values: DepartmentFormValues) => {
    if (!form.open) return;
    const body = {
      name: values.name,
      parentId: values.parentId ?? null,
      groupCode: values.groupCode || null,
      description: values.description || null,
      locationId: values.locationId ?? null,
    };
    const done = () => {
      void message.success(t('department.messages.saved'));
      setForm({ open: false });
    };
    if (form.group) updateGroup.mutate({ id: form.group.id, ...body }, { onSuccess: done });
    else createGroup.mutate(body, { onSuccess: ({ id }) => (done(), setSelectedId(id)) });
  };

  const confirmDelete = (group: GroupNode) =>
    modal.confirm({
      title: t('department.delete.title', { name: group.name }),
      content: group.totalMemberCount > 0 || !group.leaf ? t('department.delete.notEmpty') : t('department.delete.content'),
      okText: t('department.actions.delete'),
      okButtonProps: { danger: true },
      cancelText: t('department.actions.cancel'),
      onOk: () =>
        deleteGroup
          .mutateAsync(group.id)
          .then(() => {
            void message.success(t('department.messages.deleted'));
            if (selectedId === group.id) setSelectedId(null);
          })
          // The API client has shown the refusal; the dialog just closes.
          .catch(() => undefined),
    });

  const onAction = (action: DepartmentAction, group: GroupNode) => {
    if (action === 'open') void navigate(`/group-detail/${group.id}`);
    if (action === 'addChild') setForm({ open: true, group: null, parentId: group.id });
    if (action === 'edit') setForm({ open: true, group, parentId: group.parentId });
    if (action === 'delete') confirmDelete(group);
  };

  const selectSwatch = useCallback(
    (swatch: Swatch) => {
      if (!selected || !canEdit) return;
      const styleId = selected.styleId === swatch.id ? null : swatch.id;
      setStyle.mutate({ groupId: selected.id, styleId }, { onSuccess: () => void message.success(t(styleId ? 'department.messages.painted' : 'department.messages.unpainted', { name: selected.name })) });
    },
    [selected, canEdit, setStyle, message, t],
  );

  const confirmSwatchDelete = useCallback(
    (swatch: Swatch) =>
      modal.confirm({
        title: t('department.palette.deleteTitle'),
        content: t('department.palette.deleteContent', { color: swatch.color }),
        okText: t('department.actions.delete'),
        okButtonProps: { danger: true, 'data-testid': 'group-swatch-delete-confirm' },
        cancelText: t('department.actions.cancel'),
        onOk: () =>
          deleteSwatches
            .mutateAsync([swatch.id])
            .then(() => {
              setEditor({ open: false });
              void message.success(t('department.palette.deleted'));
            })
            .catch(() => undefined),
      }),
    [modal, t, deleteSwatches, message],
  );

  const saveSwatch = (values: SwatchValues) => {
    if (!editor.open) return;
    const done = () => setEditor({ open: false });
    if (editor.swatch) updateSwatch.mutate({ id: editor.swatch.id, ...values }, { onSuccess: done });
    else createSwatch.mutate(values, { onSuccess: done });
  };

  const openEditor = useCallback((swatch: Swatch) => setEditor({ open: true, swatch }), []);
  const nodes = useMemo(() => tree.data ?? [], [tree.data]);

  return (
    <div className="atrium-page" data-testid="page-group">
      <PageHeader
        title={t('department.title')}
        subtitle={t('department.subtitle')}
        extra={
          canEdit ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ open: true, group: null, parentId: null })} data-testid="group-create">
              {t('department.actions.create')}
            </Button>
          ) : null
        }
      />
      <div className="group-layout">
        <Card className="atrium-card group-tree-card">
          <Input
            allowClear
            prefix={<SearchOutlined />}
            maxLength={TEXT_MAX}
            placeholder={t('department.searchPlaceholder')}
            value={keyword}
            onChange={(event) => setKeyword(event.target.value)}
            data-testid="group-search"
            className="group-search"
          />
          {tree.isPending ? (
            <Skeleton active />
          ) : nodes.length === 0 ? (
            <EmptyState description={search ? t('department.noMatch') : t('department.none')} />
          ) : (
            <DepartmentTree key={search} nodes={nodes} selectedId={selectedId} canEdit={canEdit} onSelect={(node) => setSelectedId(node?.id ?? null)} onAction={onAction} />
          )}
        </Card>
        <div className="group-side">
          <Card className="atrium-card" title={t('department.selected.title')} data-testid="group-selected">
            {selected ? (
              <>
                <div className="group-selected-head">
                  <ColorChip color={selected.styleColor} size={16} />
                  <strong>{selected.name}</strong>
                  {selected.groupCode ? <Tag>{selected.groupCode}</Tag> : null}
                </div>
                <Descriptions size="small" column={1} className="group-selected-fields">
                  <Descriptions.Item label={t('department.counts.own')}>{selected.memberCount}</Descriptions.Item>
                  <Descriptions.Item label={t('department.counts.total')}>{selected.totalMemberCount}</Descriptions.Item>
                  <Descriptions.Item label={t('department.fields.location')}>{selected.locationName ?? '—'}</Descriptions.Item>
                  <Descriptions.Item label={t('department.fields.description')}>{selected.description ?? '—'}</Descriptions.Item>
                </Descriptions>
                <Space wrap>
                  <Button type="primary" ghost onClick={() => onAction('open', selected)} data-testid="group-open">
                    {t('department.actions.open')}
                  </Button>
                  {canEdit ? (
                    <>
                      <Button onClick={() => onAction('addChild', selected)} data-testid="group-add-child">{t('department.actions.addChild')}</Button>
                      <Button onClick={() => onAction('edit', selected)} data-testid="group-edit">{t('department.actions.edit')}</Button>
                      <Button danger onClick={() => onAction('delete', selected)} data-testid="group-delete">{t('department.actions.delete')}</Button>
                    </>
                  ) : null}
                </Space>
              </>
            ) : (
              <p className="atrium-muted">{t('department.selected.none')}</p>
            )}
          </Card>
          <Card className="atrium-card" title={t('department.palette.title')}>
            <p className="atrium-muted group-palette-hint">{canEdit ? t('department.palette.hint') : t('department.palette.hintReadOnly')}</p>
            {swatches.isPending ? (
              <Skeleton active paragraph={{ rows: 1 }} />
            ) : (
              <SwatchPalette
                swatches={swatches.data ?? []}
                selectedId={selected?.styleId ?? null}
                canEdit={canEdit}
                onSelect={selectSwatch}
                onEdit={openEditor}
                onDragOut={confirmSwatchDelete}
                onAdd={() => setEditor({ open: true, swatch: null })}
              />
            )}
          </Card>
        </div>
      </div>
      <DepartmentFormDrawer
        open={form.open}
        group={form.open ? form.group : null}
        parentId={form.open ? form.parentId : null}
        saving={createGroup.isPending || updateGroup.isPending}
        onSave={saveGroup}
        onClose={() => setForm({ open: false })}
      />
      <SwatchEditor
        open={editor.open}
        swatch={editor.open ? editor.swatch : null}
        saving={createSwatch.isPending || updateSwatch.isPending}
        onSave={saveSwatch}
        onDelete={confirmSwatchDelete}
        onClose={() => setEditor({ open: false })}
      />
    </div>
  );
}
