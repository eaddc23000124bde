import { LockOutlined } from '@ant-design/icons';
import { normalizePermissions, PERMISSION_AREAS, permissionAreaDescriptionKey, permissionAreaTitleKey, type Permission, type PermissionArea, type RoleDetails } from '@atrium/contract';
import { Alert, App, Button, Space, Switch, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnsavedChanges } from '../../../shared/forms/unsaved-changes';
import { useSaveRolePermissions } from '../api/role.api';
import { isHeldOn, sameSwitches, toggleSwitch } from '../permission-switches';
import { DataTable } from '../../../shared/ui/data-table';

export interface RolePermissionsTabProps {
  role: RoleDetails;
  canEdit: boolean;
  /** The signed-in user's own role: a change applies to them at once. */
  isOwnRole: boolean;
}

/**
 * The catalogue's areas, each with a view and an edit switch. Switches follow the server's rules as they are
 * flipped (edit turns on view and users edit); save sends the whole set.
 */
export function RolePermissionsTab({ role, canEdit, isOwnRole }: RolePermissionsTabProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const saved = normalizePermissions(role.permissions);
  // The user's unsaved switches; null shows what is saved.
  const [draft, setDraft] = useState<Permission[] | null>(null);
  const granted = draft ?? saved;
  const isDirty = draft !== null && !sameSwitches(draft, saved);
  const save = useSaveRolePermissions();
  // Closing the page's tab, or signing out, asks while switches are unsaved.
  useUnsavedChanges(isDirty);

  const flip = (permission: Permission, on: boolean) => setDraft(toggleSwitch(granted, permission, on));

  const submit = async () => {
    await save.mutateAsync({ roleId: role.id, permissions: granted });
    setDraft(null);
    void message.success(t('role.permissions.saved'));
  };

  const renderSwitch = (area: PermissionArea, level: 'view' | 'edit') => {
    const permission: Permission = `${area}:${level}`;
    const heldOn = isHeldOn(granted, permission);
    const label = `${t(`permissions.${area}`)} · ${t(`role.permissions.${level}`)}`;
    const control = (
      <Switch
        size="small"
        checked={granted.includes(permission)}
        disabled={!canEdit || heldOn || save.isPending}
        onChange={(on) => flip(permission, on)}
        aria-label={label}
        data-testid={`permission-${area}-${level}`}
      />
    );
    return heldOn && canEdit ? (
      <Tooltip title={t('role.permissions.heldByEdit')}>
        <span className="atrium-held-switch">
          {control} <LockOutlined className="atrium-muted" />
        </span>
      </Tooltip>
    ) : (
      control
    );
  };

  return (
    <div className="atrium-role-permissions" data-testid="role-permissions">
      <div className="atrium-toolbar">
        <p className="atrium-muted atrium-role-permissions-intro">{t('role.permissions.intro')}</p>
        {canEdit ? (
          <Space className="atrium-toolbar-actions">
            {isDirty ? <span className="atrium-muted">{t('role.permissions.unsaved')}</span> : null}
            <Button onClick={() => setDraft(null)} disabled={!isDirty || save.isPending} data-testid="permissions-reset">
              {t('role.permissions.reset')}
            </Button>
            <Button type="primary" onClick={() => void submit().catch(() => undefined)} disabled={!isDirty} loading={save.isPending} data-testid="permissions-save">
              {t('common.actions.save')}
            </Button>
          </Space>
        ) : null}
      </div>
      {isOwnRole && canEdit ? <Alert type="warning" showIcon title={t('role.permissions.ownRole')} /> : null}
      {!canEdit ? <Alert type="info" showIcon title={t('role.permissions.readOnly')} /> : null}
      <DataTable<{ area: PermissionArea }>
        size="small"
        rowKey="area"
        pagination={false}
        dataSource={PERMISSION_AREAS.map((area) => ({ area }))}
        columns={[
          {
            key: 'area',
            title: t('role.permissions.area'),
            className: 'atrium-wide-column',
            render: (_, { area }) => (
              <div className="atrium-permission-area">
                <div>{t(permissionAreaTitleKey(area))}</div>
                <div className="atrium-muted atrium-permission-area-description" data-testid={`permission-${area}-description`}>
                  {t(permissionAreaDescriptionKey(area))}
                </div>
              </div>
            ),
          },
          { key: 'view', title: t('role.permissions.view'), width: 80, align: 'center', render: (_, { area }) => renderSwitch(area, 'view') },
          { key: 'edit', title: t('role.permissions.edit'), width: 80, align: 'center', render: (_, { area }) => renderSwitch(area, 'edit') },
        ]}
      />
    </div>
  );
}
