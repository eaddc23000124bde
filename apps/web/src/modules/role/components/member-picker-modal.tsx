import { SearchOutlined } from '@ant-design/icons';
import { FILTER_DEBOUNCE_MS, TEXT_MAX, type RoleCandidate, type RoleDetails } from '@atrium/contract';
import { Alert, App, Input, Modal, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { useAddRoleMembers, useRoleCandidates } from '../api/role.api';
import { usePagination } from '../../../shared/hooks/use-pagination';

export interface MemberPickerModalProps {
  role: RoleDetails;
  onClose: () => void;
}

/** Picks company users by name and adds them to the role, moving them from the role they hold now. */
export function MemberPickerModal({ role, onClose }: MemberPickerModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const debounced = useDebouncedValue(keyword, FILTER_DEBOUNCE_MS);
  const paging = usePagination(debounced);
  const candidates = useRoleCandidates({ ...paging.request, keyword: debounced }, true);
  const [chosen, setChosen] = useState<number[]>([]);
  const add = useAddRoleMembers();

  const submit = async () => {
    const { moved } = await add.mutateAsync({ roleId: role.id, userIds: chosen });
    void message.success(t('role.members.added', { count: moved, role: role.name }));
    onClose();
  };

  return (
    <Modal
      open
      width={720}
      title={t('role.members.pickTitle', { role: role.name })}
      okText={t('role.members.addChosen', { count: chosen.length })}
      okButtonProps={{ disabled: chosen.length === 0, 'data-testid': 'member-picker-submit' }}
      cancelText={t('common.actions.cancel')}
      confirmLoading={add.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <div className="atrium-member-picker" data-testid="member-picker">
        <Alert type="info" showIcon title={t('role.members.oneRoleHint')} />
        <Input
          allowClear
          autoFocus
          prefix={<SearchOutlined />}
          placeholder={t('role.members.searchPeople')}
          maxLength={TEXT_MAX}
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          data-testid="member-picker-search"
        />
        <Table<RoleCandidate>
          size="small"
          rowKey="id"
          loading={candidates.isFetching}
          dataSource={candidates.data?.list ?? []}
          rowSelection={{
            selectedRowKeys: chosen,
            preserveSelectedRowKeys: true,
            onChange: (keys) => setChosen(keys as number[]),
            getCheckboxProps: (candidate) => ({ disabled: candidate.roleId === role.id, 'aria-label': candidate.fullName }),
          }}
          pagination={paging.tablePagination(candidates.data?.total ?? 0)}
          onChange={paging.onTableChange}
          columns={[
            {
              key: 'name',
              title: t('role.members.name'),
              render: (_, candidate) => (
                <span className="atrium-person" data-testid={`candidate-${candidate.id}`}>
                  <span>{candidate.fullName}</span>
                  <span className="atrium-muted">{candidate.userName}</span>
                </span>
              ),
            },
            { key: 'email', title: t('role.members.email'), dataIndex: 'email', render: (email: string | null) => email ?? '' },
            {
              key: 'role',
              title: t('role.members.currentRole'),
              render: (_, candidate) =>
                candidate.roleId === role.id ? (
                  <Tag variant="filled" color="success">
                    {t('role.members.alreadyMember')}
                  </Tag>
                ) : (
                  candidate.roleName
                ),
            },
          ]}
        />
      </div>
    </Modal>
  );
}
