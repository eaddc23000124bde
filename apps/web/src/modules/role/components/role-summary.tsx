import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  DownOutlined,
  EditOutlined,
  KeyOutlined,
  PlusOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { PERMISSION_AREAS, type RoleTreeNode } from '@atrium/contract';
import { Button, Card, Descriptions, Dropdown, Skeleton, Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRoleDetails } from '../api/role.api';

/** What the user asked for from the summary's buttons. */
export type RoleCommand = 'add-child' | 'add-sibling' | 'edit' | 'delete' | 'move-up' | 'move-down';

export interface RoleSummaryProps {
  role: RoleTreeNode;
  /** The parent's name, for a child role. */
  parentName: string | undefined;
  canEdit: boolean;
  canMoveUp: boolean;
  canMoveDown: boolean;
  busy: boolean;
  onCommand: (command: RoleCommand) => void;
}

/** The selected role: what it is, what it allows, and the actions on it. */
export function RoleSummary({ role, parentName, canEdit, canMoveUp, canMoveDown, busy, onCommand }: RoleSummaryProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const details = useRoleDetails(role.id);
  const granted = new Set(details.data?.permissions);
  const edits = PERMISSION_AREAS.filter((area) => granted.has(`${area}:edit`));
  const views = PERMISSION_AREAS.filter((area) => granted.has(`${area}:view`) && !granted.has(`${area}:edit`));
  const deleteBlocked = role.isDefault ? t('role.actions.deleteDefault') : role.children.length > 0 ? t('role.actions.deleteParent') : undefined;

  const actions = canEdit ? (
    <Space wrap size={6}>
      <Dropdown
        disabled={busy}
        menu={{
          items: [
            { key: 'add-child', label: t('role.actions.addChild'), disabled: !role.canAddChild, 'data-testid': 'role-action-add-child' },
            { key: 'add-sibling', label: t('role.actions.addSibling'), 'data-testid': 'role-action-add-sibling' },
          ],
          onClick: ({ key }) => onCommand(key as RoleCommand),
        }}
      >
        <Button icon={<PlusOutlined />} data-testid="role-action-add">
          {t('role.actions.add')} <DownOutlined />
        </Button>
      </Dropdown>
      <Button icon={<EditOutlined />} onClick={() => onCommand('edit')} disabled={busy} data-testid="role-action-edit">
        {t('role.actions.edit')}
      </Button>
      <Tooltip title={t('role.actions.moveUp')}>
        <Button icon={<ArrowUpOutlined />} aria-label={t('role.actions.moveUp')} onClick={() => onCommand('move-up')} disabled={busy || !canMoveUp} data-testid="role-action-up" />
      </Tooltip>
      <Tooltip title={t('role.actions.moveDown')}>
        <Button icon={<ArrowDownOutlined />} aria-label={t('role.actions.moveDown')} onClick={() => onCommand('move-down')} disabled={busy || !canMoveDown} data-testid="role-action-down" />
      </Tooltip>
      <Tooltip title={deleteBlocked}>
        <Button danger icon={<DeleteOutlined />} onClick={() => onCommand('delete')} disabled={busy || deleteBlocked !== undefined} data-testid="role-action-delete">
          {t('role.actions.delete')}
        </Button>
      </Tooltip>
    </Space>
  ) : null;

  return (
    <Card
      className="atrium-card atrium-role-summary"
      data-testid="role-summary"
      title={
        <span className="atrium-role-summary-title">
          <span data-testid="role-summary-name">{role.name}</span>
          {role.isDefault ? (
            <Tag variant="filled" color="processing">
              {t('role.default')}
            </Tag>
          ) : null}
        </span>
      }
      extra={actions}
    >
      <Descriptions
        column={1}
        colon={false}
        size="small"
        className="atrium-role-fields"
        items={[
          { key: 'description', label: t('role.fields.description'), children: role.description || <span className="atrium-muted">{t('common.notSet')}</span> },
          { key: 'parent', label: t('role.fields.parent'), children: parentName ?? <span className="atrium-muted">{t('role.fields.topLevel')}</span> },
          { key: 'level', label: t('role.fields.level'), children: role.level },
          { key: 'members', label: t('role.fields.members'), children: <span data-testid="role-summary-members">{role.memberCount}</span> },
        ]}
      />
      {role.isDefault ? <p className="atrium-role-default-hint atrium-muted">{t('role.defaultHint')}</p> : null}
      <div className="atrium-role-grants">
        <h3>{t('role.fields.permissions')}</h3>
        {details.isLoading ? (
          <Skeleton active title={false} paragraph={{ rows: 2 }} />
        ) : edits.length + views.length === 0 ? (
          <p className="atrium-muted">{t('role.noPermissions')}</p>
        ) : (
          <div className="atrium-role-grant-tags" data-testid="role-summary-permissions">
            {edits.map((area) => (
              <Tag key={area} color="success" variant="filled">
                {t(`permissions.${area}`)} · {t('role.permissions.edit')}
              </Tag>
            ))}
            {views.map((area) => (
              <Tag key={area} variant="filled">
                {t(`permissions.${area}`)} · {t('role.permissions.view')}
              </Tag>
            ))}
          </div>
        )}
      </div>
      <Space wrap className="atrium-role-links">
        <Button icon={<TeamOutlined />} onClick={() => void navigate(`/role-detail/${role.id}/members`)} data-testid="role-open-members">
          {t('role.tabs.members')}
        </Button>
        <Button icon={<KeyOutlined />} onClick={() => void navigate(`/role-detail/${role.id}/permissions`)} data-testid="role-open-permissions">
          {t('role.tabs.permissions')}
        </Button>
      </Space>
    </Card>
  );
}
