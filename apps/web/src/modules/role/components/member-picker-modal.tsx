import type { RoleCandidate, RoleDetails } from '@atrium/contract';
import { App, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { PeoplePickerModal, type PeopleSearchRequest } from '../../../shared/ui/people-picker-modal';
import { useAddRoleMembers, useRoleCandidates } from '../api/role.api';

export interface MemberPickerModalProps {
  role: RoleDetails;
  onClose: () => void;
}

const useCandidates = (request: PeopleSearchRequest) => useRoleCandidates(request, true);

/** Picks company users by name and adds them to the role, moving them from the role they hold now. */
export function MemberPickerModal({ role, onClose }: MemberPickerModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const add = useAddRoleMembers();

  return (
    <PeoplePickerModal<RoleCandidate>
      title={t('role.members.pickTitle', { role: role.name })}
      okText={(count) => t('role.members.addChosen', { count })}
      hint={t('role.members.oneRoleHint')}
      searchPlaceholder={t('role.members.searchPeople')}
      testId="member-picker"
      useCandidates={useCandidates}
      idOf={(candidate) => candidate.id}
      isDisabled={(candidate) => candidate.roleId === role.id}
      nameTitle={t('role.members.name')}
      emailTitle={t('role.members.email')}
      extraColumn={{
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
      }}
      onSubmit={async (userIds) => {
        const { moved } = await add.mutateAsync({ roleId: role.id, userIds });
        void message.success(t('role.members.added', { count: moved, role: role.name }));
      }}
      isSubmitting={add.isPending}
      onClose={onClose}
    />
  );
}
