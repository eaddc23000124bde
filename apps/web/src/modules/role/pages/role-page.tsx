import { PlusOutlined } from '@ant-design/icons';
import { hasPermission } from '@atrium/contract';
import { App, Button, Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session-context';
import { PageHeader } from '../../../shared/ui/page-header';
import { useDeleteRole, useRoleTree, useSwapRoles } from '../api/role.api';
import { RoleFormModal, type RoleFormTarget } from '../components/role-form-modal';
import { RoleSummary, type RoleCommand } from '../components/role-summary';
import { RoleTreePanel } from '../components/role-tree-panel';
import { findDefaultRole, findRole, siblingsOf } from '../role-tree';
import { EmptyState } from '../../../shared/ui/empty-state';
import './role-page.css';

/** /role: the company's role tree on the left, the selected role on the right (spec 000 sections 2 and 6). */
export function RolePage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const { user } = useSession();
  const canEdit = hasPermission(user.permissions, 'roles:edit');
  const tree = useRoleTree();
  const swap = useSwapRoles();
  const remove = useDeleteRole();
  const [selectedId, setSelectedId] = useState<number>();
  const [form, setForm] = useState<RoleFormTarget | null>(null);

  const roles = tree.data ?? [];
  const selected = (selectedId !== undefined ? findRole(roles, selectedId) : undefined) ?? roles[0];
  const place = selected ? siblingsOf(roles, selected.id) : undefined;
  const parent = selected?.parentId ? findRole(roles, selected.parentId) : undefined;
  const defaultRole = findDefaultRole(roles);

  const confirmDelete = (role: NonNullable<typeof selected>) =>
    modal.confirm({
      title: t('role.delete.title', { name: role.name }),
      content: role.memberCount > 0 ? t('role.delete.moveMembers', { count: role.memberCount, role: defaultRole?.name ?? '' }) : t('role.delete.noMembers'),
      okText: t('role.actions.delete'),
      okButtonProps: { danger: true, 'data-testid': 'role-delete-confirm' },
      cancelText: t('common.actions.cancel'),
      onOk: async () => {
        const result = await remove.mutateAsync(role.id);
        void message.success(result.movedMembers > 0 ? t('role.delete.doneMoved', { count: result.movedMembers, role: result.defaultRoleName }) : t('role.delete.done'));
        setSelectedId(role.parentId ?? undefined);
      },
    });

  const run = (command: RoleCommand) => {
    if (!selected || !place) return;
    const { siblings, index } = place;
    switch (command) {
      case 'add-child':
        return setForm({ mode: 'create', parent: selected });
      case 'add-sibling':
        return setForm({ mode: 'create', parent: parent ?? null });
      case 'edit':
        return setForm({ mode: 'edit', role: selected });
      case 'delete':
        return void confirmDelete(selected);
      case 'move-up':
      case 'move-down': {
        const other = siblings[command === 'move-up' ? index - 1 : index + 1];
        if (other) swap.mutate({ id: selected.id, otherId: other.id });
        return;
      }
    }
  };

  return (
    <div className="atrium-page" data-testid="page-role">
      <PageHeader
        title={t('role.title')}
        subtitle={t('role.subtitle')}
        extra={
          canEdit ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ mode: 'create', parent: null })} data-testid="role-new">
              {t('role.tree.newRole')}
            </Button>
          ) : null
        }
      />
      <div className="atrium-role-layout">
        <Card className="atrium-card atrium-role-tree-card">
          <RoleTreePanel roles={roles} isLoading={tree.isLoading} selectedId={selected?.id} onSelect={setSelectedId} />
        </Card>
        {selected && place ? (
          <RoleSummary
            role={selected}
            parentName={parent?.name}
            canEdit={canEdit}
            canMoveUp={place.index > 0}
            canMoveDown={place.index < place.siblings.length - 1}
            busy={swap.isPending || remove.isPending}
            onCommand={run}
          />
        ) : (
          <Card className="atrium-card">{tree.isLoading ? null : <EmptyState description={t('role.tree.empty')} />}</Card>
        )}
      </div>
      {form ? (
        <RoleFormModal
          target={form}
          onClose={() => setForm(null)}
          onSaved={(id) => {
            setForm(null);
            setSelectedId(id);
          }}
        />
      ) : null}
    </div>
  );
}

