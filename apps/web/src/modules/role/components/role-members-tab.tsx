import { UserAddOutlined, UserDeleteOutlined } from '@ant-design/icons';
import { FILTER_DEBOUNCE_MS, TEXT_MAX, type RoleDetails, type RoleMember } from '@atrium/contract';
import { Alert, App, Button, Popconfirm, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { usePageInRange } from '../../../shared/hooks/use-page-in-range';
import { usePagination } from '../../../shared/hooks/use-pagination';
import { UserAvatar } from '../../../shared/ui/user-avatar';
import { useRemoveRoleMembers, useRoleMembers } from '../api/role.api';
import { MemberPickerModal } from './member-picker-modal';
import { DataTable, TruncatedText } from '../../../shared/ui/data-table';
import { ToolbarSearch } from '../../../shared/ui/toolbar-search';

export interface RoleMembersTabProps {
  role: RoleDetails;
  canEdit: boolean;
}

/** The role's members, paged and searchable; add people with the picker, remove them to the default role. */
export function RoleMembersTab({ role, canEdit }: RoleMembersTabProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const debounced = useDebouncedValue(keyword, FILTER_DEBOUNCE_MS);
  const paging = usePagination(debounced);
  const members = useRoleMembers(role.id, { ...paging.request, keyword: debounced });
  usePageInRange(paging.request.page, paging.request.pageSize, members.isPlaceholderData ? undefined : members.data?.total, paging.goToPage);
  const remove = useRemoveRoleMembers();
  const [selected, setSelected] = useState<number[]>([]);
  const [picking, setPicking] = useState(false);
  const canRemove = canEdit && !role.isDefault;

  const removeMembers = async (userIds: number[]) => {
    const { moved } = await remove.mutateAsync({ roleId: role.id, userIds });
    setSelected((current) => current.filter((id) => !userIds.includes(id)));
    void message.success(t('role.members.removed', { count: moved }));
  };

  return (
    <div className="atrium-role-members" data-testid="role-members">
      {role.isDefault ? <Alert type="info" showIcon title={t('role.members.defaultHint')} /> : null}
      <div className="atrium-toolbar">
        <ToolbarSearch value={keyword} onChange={setKeyword} label={t('role.members.search')} maxLength={TEXT_MAX} data-testid="role-member-search" />
        {canEdit ? (
          <div className="atrium-toolbar-actions">
            {canRemove ? (
              <Popconfirm
                title={t('role.members.removeChosenConfirm', { count: selected.length })}
                onConfirm={() => removeMembers(selected).catch(() => undefined)}
                okText={t('role.members.remove')}
                cancelText={t('common.actions.cancel')}
                okButtonProps={{ danger: true }}
                disabled={selected.length === 0}
              >
                <Button icon={<UserDeleteOutlined />} disabled={selected.length === 0} data-testid="role-members-remove-chosen">
                  {t('role.members.removeChosen', { count: selected.length })}
                </Button>
              </Popconfirm>
            ) : null}
            <Button type="primary" icon={<UserAddOutlined />} onClick={() => setPicking(true)} data-testid="role-members-add">
              {t('role.members.add')}
            </Button>
          </div>
        ) : null}
      </div>
      <DataTable<RoleMember>
        rowKey="id"
        loading={members.isFetching}
        dataSource={members.data?.list ?? []}
        pagination={paging.tablePagination(members.data?.total ?? 0)}
        onChange={paging.onTableChange}
        scroll={{ x: 720 }}
        data-testid="role-members-table"
        {...(canRemove ? { rowSelection: { selectedRowKeys: selected, preserveSelectedRowKeys: true, onChange: (keys) => setSelected(keys as number[]) } } : {})}
        columns={[
          {
            key: 'name',
            title: t('role.members.name'),
            render: (_, member) => (
              <span className="atrium-person-cell" data-testid={`member-${member.id}`}>
                <UserAvatar size={28} name={member.fullName || member.userName} avatar={member.avatar} />
                <span className="atrium-person">
                  <TruncatedText text={member.fullName} />
                  <TruncatedText text={member.userName} className="atrium-muted" />
                </span>
                {member.isActive ? null : (
                  <Tag variant="filled" color="default">
                    {t('role.members.inactive')}
                  </Tag>
                )}
              </span>
            ),
          },
          { key: 'email', title: t('role.members.email'), render: (_, member) => member.email ?? '' },
          { key: 'department', title: t('role.members.department'), render: (_, member) => member.department?.name ?? <span className="atrium-muted">{t('common.notSet')}</span> },
          ...(canRemove
            ? [
                {
                  key: 'actions',
                  title: t('role.members.actions'),
                  width: 120,
                  render: (_: unknown, member: RoleMember) => (
                    <Popconfirm
                      title={t('role.members.removeConfirm', { name: member.fullName })}
                      onConfirm={() => removeMembers([member.id]).catch(() => undefined)}
                      okText={t('role.members.remove')}
                      cancelText={t('common.actions.cancel')}
                      okButtonProps={{ danger: true, 'data-testid': 'member-remove-confirm' }}
                    >
                      <Button type="link" danger size="small" data-testid={`member-remove-${member.id}`}>
                        {t('role.members.remove')}
                      </Button>
                    </Popconfirm>
                  ),
                },
              ]
            : []),
        ]}
      />
      {picking ? <MemberPickerModal role={role} onClose={() => setPicking(false)} /> : null}
    </div>
  );
}
