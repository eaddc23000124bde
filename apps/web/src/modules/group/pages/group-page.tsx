import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { FILTER_DEBOUNCE_MS, hasPermission, TEXT_MAX, type GroupNode, type Swatch } from '@atrium/contract';
import { App, Button, Card, Descriptions, Input, Skeleton, Space, Tag } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../../shared/session/session-context';
import { PageHeader } from '../../../shared/ui/page-header';
import {
  useCreateGroup,
  useCreateSwatch,
  useDeleteGroup,
  useDeleteSwatches,
  useGroupTree,
  useSetGroupStyle,
  useSwatches,
  useUpdateGroup,
  useUpdateSwatch,
} from '../api/group.api';
import { ColorChip } from '../components/color-chip';
import { GroupFormDrawer, type GroupFormValues } from '../components/group-form-drawer';
import { GroupTree, type GroupAction } from '../components/group-tree';
import { SwatchEditor, type SwatchValues } from '../components/swatch-editor';
import { SwatchPalette } from '../components/swatch-palette';
import { useDebouncedValue } from '../components/use-debounced-value';
import { EmptyState } from '../../../shared/ui/empty-state';
import './group-page.css';

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
export function GroupPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const { user } = useSession();
  const canEdit = hasPermission(user.permissions, 'departments:edit');

  const [keyword, setKeyword] = useState('');
  const search = useDebouncedValue(keyword.trim(), FILTER_DEBOUNCE_MS);
  const tree = useGroupTree(search);
  const swatches = useSwatches();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected = findGroup(tree.data ?? [], selectedId);
  const [form, setForm] = useState<FormState>({ open: false });
  const [editor, setEditor] = useState<EditorState>({ open: false });

  const createGroup = useCreateGroup();
  const updateGroup = useUpdateGroup();
  const deleteGroup = useDeleteGroup();
  const setStyle = useSetGroupStyle();
  const createSwatch = useCreateSwatch();
  const updateSwatch = useUpdateSwatch();
  const deleteSwatches = useDeleteSwatches();

  const saveGroup = (values: GroupFormValues) => {
    if (!form.open) return;
    const body = {
      name: values.name,
      parentId: values.parentId ?? null,
      groupCode: values.groupCode || null,
      description: values.description || null,
      locationId: values.locationId ?? null,
    };
    const done = () => {
      void message.success(t('group.messages.saved'));
      setForm({ open: false });
    };
    if (form.group) updateGroup.mutate({ id: form.group.id, ...body }, { onSuccess: done });
    else createGroup.mutate(body, { onSuccess: ({ id }) => (done(), setSelectedId(id)) });
  };

  const confirmDelete = (group: GroupNode) =>
    modal.confirm({
      title: t('group.delete.title', { name: group.name }),
      content: group.totalMemberCount > 0 || !group.leaf ? t('group.delete.notEmpty') : t('group.delete.content'),
      okText: t('group.actions.delete'),
      okButtonProps: { danger: true },
      cancelText: t('group.actions.cancel'),
      onOk: () =>
        deleteGroup
          .mutateAsync(group.id)
          .then(() => {
            void message.success(t('group.messages.deleted'));
            if (selectedId === group.id) setSelectedId(null);
          })
          // The API client has shown the refusal; the dialog just closes.
          .catch(() => undefined),
    });

  const onAction = (action: GroupAction, group: GroupNode) => {
    if (action === 'open') void navigate(`/group-detail/${group.id}`);
    if (action === 'addChild') setForm({ open: true, group: null, parentId: group.id });
    if (action === 'edit') setForm({ open: true, group, parentId: group.parentId });
    if (action === 'delete') confirmDelete(group);
  };

  const selectSwatch = useCallback(
    (swatch: Swatch) => {
      if (!selected || !canEdit) return;
      const styleId = selected.styleId === swatch.id ? null : swatch.id;
      setStyle.mutate({ groupId: selected.id, styleId }, { onSuccess: () => void message.success(t(styleId ? 'group.messages.painted' : 'group.messages.unpainted', { name: selected.name })) });
    },
    [selected, canEdit, setStyle, message, t],
  );

  const confirmSwatchDelete = useCallback(
    (swatch: Swatch) =>
      modal.confirm({
        title: t('group.palette.deleteTitle'),
        content: t('group.palette.deleteContent', { color: swatch.color }),
        okText: t('group.actions.delete'),
        okButtonProps: { danger: true, 'data-testid': 'group-swatch-delete-confirm' },
        cancelText: t('group.actions.cancel'),
        onOk: () =>
          deleteSwatches
            .mutateAsync([swatch.id])
            .then(() => {
              setEditor({ open: false });
              void message.success(t('group.palette.deleted'));
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
        title={t('group.title')}
        subtitle={t('group.subtitle')}
        extra={
          canEdit ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ open: true, group: null, parentId: null })} data-testid="group-create">
              {t('group.actions.create')}
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
            placeholder={t('group.searchPlaceholder')}
            value={keyword}
            onChange={(event) => setKeyword(event.target.value)}
            data-testid="group-search"
            className="group-search"
          />
          {tree.isPending ? (
            <Skeleton active />
          ) : nodes.length === 0 ? (
            <EmptyState description={search ? t('group.noMatch') : t('group.none')} />
          ) : (
            <GroupTree key={search} nodes={nodes} selectedId={selectedId} canEdit={canEdit} onSelect={(node) => setSelectedId(node?.id ?? null)} onAction={onAction} />
          )}
        </Card>
        <div className="group-side">
          <Card className="atrium-card" title={t('group.selected.title')} data-testid="group-selected">
            {selected ? (
              <>
                <div className="group-selected-head">
                  <ColorChip color={selected.styleColor} size={16} />
                  <strong>{selected.name}</strong>
                  {selected.groupCode ? <Tag>{selected.groupCode}</Tag> : null}
                </div>
                <Descriptions size="small" column={1} className="group-selected-fields">
                  <Descriptions.Item label={t('group.counts.own')}>{selected.memberCount}</Descriptions.Item>
                  <Descriptions.Item label={t('group.counts.total')}>{selected.totalMemberCount}</Descriptions.Item>
                  <Descriptions.Item label={t('group.fields.location')}>{selected.locationName ?? '—'}</Descriptions.Item>
                  <Descriptions.Item label={t('group.fields.description')}>{selected.description ?? '—'}</Descriptions.Item>
                </Descriptions>
                <Space wrap>
                  <Button type="primary" ghost onClick={() => onAction('open', selected)} data-testid="group-open">
                    {t('group.actions.open')}
                  </Button>
                  {canEdit ? (
                    <>
                      <Button onClick={() => onAction('addChild', selected)} data-testid="group-add-child">{t('group.actions.addChild')}</Button>
                      <Button onClick={() => onAction('edit', selected)} data-testid="group-edit">{t('group.actions.edit')}</Button>
                      <Button danger onClick={() => onAction('delete', selected)} data-testid="group-delete">{t('group.actions.delete')}</Button>
                    </>
                  ) : null}
                </Space>
              </>
            ) : (
              <p className="atrium-muted">{t('group.selected.none')}</p>
            )}
          </Card>
          <Card className="atrium-card" title={t('group.palette.title')}>
            <p className="atrium-muted group-palette-hint">{canEdit ? t('group.palette.hint') : t('group.palette.hintReadOnly')}</p>
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
      <GroupFormDrawer
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
