import { MailOutlined, UserAddOutlined, UserDeleteOutlined } from '@ant-design/icons';
import { FILTER_DEBOUNCE_MS, TEXT_MAX, type SsoCandidate, type SsoMember, type SsoMemberKind, type SsoScope } from '@atrium/contract';
import { Alert, App, Button, Card, Popconfirm, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { usePagination } from '../../../shared/hooks/use-pagination';
import { PeoplePickerModal } from '../../../shared/ui/people-picker-modal';
import { useChangeSsoMembers, useSendSsoNotice, useSsoCandidates, useSsoMembers } from '../api/sso.api';
import { DataTable, TruncatedText } from '../../../shared/ui/data-table';
import { ToolbarSearch } from '../../../shared/ui/toolbar-search';

type PickerPurpose = { kind: 'add'; list: SsoMemberKind } | { kind: 'notify'; scope: SsoScope };

/** Picks company users by name: to put them on a list, or to mail them the single sign-on notice. */
function SsoMemberPicker({ purpose, onClose }: { purpose: PickerPurpose; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const change = useChangeSsoMembers();
  const notice = useSendSsoNotice();
  const isDisabled = (candidate: SsoCandidate) => {
    if (purpose.kind === 'notify') return !candidate.email || (purpose.scope === 'all' ? candidate.isException : !candidate.isMember);
    return purpose.list === 'member' ? candidate.isMember : candidate.isException;
  };

  return (
    <PeoplePickerModal<SsoCandidate>
      title={purpose.kind === 'notify' ? t('sso.members.notifyTitle') : t(`sso.members.pickTitle.${purpose.list}`)}
      okText={(count) => (purpose.kind === 'notify' ? t('sso.members.notify', { count }) : t('sso.members.addChosen', { count }))}
      hint={purpose.kind === 'notify' ? t('sso.members.notifyHint') : undefined}
      searchPlaceholder={t('sso.members.searchPeople')}
      testId="sso-picker"
      useCandidates={useSsoCandidates}
      idOf={(candidate) => candidate.userId}
      isDisabled={isDisabled}
      nameTitle={t('sso.members.name')}
      emailTitle={t('sso.members.email')}
      extraColumn={{
        key: 'lists',
        title: t('sso.members.lists'),
        render: (_, candidate) => (
          <>
            {candidate.isMember ? <Tag color="blue">{t('sso.members.tabs.member')}</Tag> : null}
            {candidate.isException ? <Tag color="orange">{t('sso.members.tabs.exception')}</Tag> : null}
          </>
        ),
      }}
      onSubmit={async (userIds) => {
        if (purpose.kind === 'notify') {
          const result = await notice.mutateAsync(userIds);
          void message.success(t('sso.members.noticeSent', { sent: result.sent.length, skipped: result.skipped.length }));
        } else {
          await change.mutateAsync({ action: 'add', kind: purpose.list, userIds });
          void message.success(t('sso.members.added', { count: userIds.length }));
        }
      }}
      isSubmitting={change.isPending || notice.isPending}
      onClose={onClose}
    />
  );
}

/** One list: paged and searchable, with add and remove. */
function SsoMemberList({ kind, canEdit, isApplied }: { kind: SsoMemberKind; canEdit: boolean; isApplied: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const debounced = useDebouncedValue(keyword, FILTER_DEBOUNCE_MS);
  const paging = usePagination(debounced);
  const members = useSsoMembers(kind, { ...paging.request, keyword: debounced });
  const change = useChangeSsoMembers();
  const [selected, setSelected] = useState<number[]>([]);
  const [picking, setPicking] = useState(false);

  const remove = async (userIds: number[]) => {
    await change.mutateAsync({ action: 'remove', kind, userIds });
    setSelected((current) => current.filter((id) => !userIds.includes(id)));
    void message.success(t('sso.members.removed', { count: userIds.length }));
  };

  return (
    <div data-testid={`sso-list-${kind}`}>
      <Alert className="atrium-sso-list-hint" type={isApplied ? 'info' : 'warning'} showIcon title={t(`sso.members.hint.${kind}`)} description={isApplied ? null : t(`sso.members.notApplied.${kind}`)} />
      <div className="atrium-toolbar">
        <ToolbarSearch value={keyword} onChange={setKeyword} label={t('sso.members.search')} maxLength={TEXT_MAX} data-testid={`sso-search-${kind}`} />
        {canEdit ? (
          <div className="atrium-toolbar-actions">
            <Popconfirm
              title={t('sso.members.removeConfirm', { count: selected.length })}
              onConfirm={() => remove(selected).catch(() => undefined)}
              okText={t('sso.members.remove')}
              cancelText={t('common.actions.cancel')}
              okButtonProps={{ danger: true }}
              disabled={selected.length === 0}
            >
              <Button icon={<UserDeleteOutlined />} disabled={selected.length === 0} data-testid={`sso-remove-${kind}`}>
                {t('sso.members.removeChosen', { count: selected.length })}
              </Button>
            </Popconfirm>
            <Button type="primary" icon={<UserAddOutlined />} onClick={() => setPicking(true)} data-testid={`sso-add-${kind}`}>
              {t('sso.members.add')}
            </Button>
          </div>
        ) : null}
      </div>
      <DataTable<SsoMember>
        rowKey="userId"
        loading={members.isFetching}
        dataSource={members.data?.list ?? []}
        pagination={paging.tablePagination(members.data?.total ?? 0)}
        onChange={paging.onTableChange}
        scroll={{ x: 640 }}
        {...(canEdit ? { rowSelection: { selectedRowKeys: selected, preserveSelectedRowKeys: true, onChange: (keys) => setSelected(keys as number[]) } } : {})}
        columns={[
          {
            key: 'name',
            title: t('sso.members.name'),
            render: (_, member) => (
              <span className="atrium-person-cell" data-testid={`sso-member-${member.userId}`}>
                <span className="atrium-person">
                  <TruncatedText text={member.fullName} />
                  <TruncatedText text={member.userName} className="atrium-muted" />
                </span>
                {member.isSso ? <Tag color="blue">SSO</Tag> : null}
                {member.isActive ? null : <Tag>{t('sso.members.inactive')}</Tag>}
              </span>
            ),
          },
          { key: 'email', title: t('sso.members.email'), render: (_, member) => member.email ?? '' },
          { key: 'department', title: t('sso.members.department'), render: (_, member) => member.department?.name ?? <span className="atrium-muted">{t('common.notSet')}</span> },
        ]}
      />
      {picking ? <SsoMemberPicker purpose={{ kind: 'add', list: kind }} onClose={() => setPicking(false)} /> : null}
    </div>
  );
}

export interface SsoMembersCardProps {
  scope: SsoScope;
  isEnabled: boolean;
  canEdit: boolean;
}

/** The member list (scope part) and the exception list (scope all); the tab of the saved scope opens first. */
export function SsoMembersCard({ scope, isEnabled, canEdit }: SsoMembersCardProps) {
  const { t } = useTranslation();
  const applied: SsoMemberKind = scope === 'all' ? 'exception' : 'member';
  const [tab, setTab] = useState<SsoMemberKind>(applied);
  const [notifying, setNotifying] = useState(false);
  return (
    <Card
      className="atrium-card"
      title={t('sso.members.title')}
      data-testid="sso-members"
      extra={
        canEdit ? (
          <Button icon={<MailOutlined />} disabled={!isEnabled} title={isEnabled ? undefined : t('sso.members.notifyNeedsOn')} onClick={() => setNotifying(true)} data-testid="sso-notify">
            {t('sso.members.notifyMembers')}
          </Button>
        ) : null
      }
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as SsoMemberKind)}
        items={(['exception', 'member'] as const).map((kind) => ({
          key: kind,
          label: (
            <span data-testid={`sso-tab-${kind}`}>
              {t(`sso.members.tabs.${kind}`)} {kind === applied ? <Tag color="green">{t('sso.members.applies')}</Tag> : null}
            </span>
          ),
          children: <SsoMemberList kind={kind} canEdit={canEdit} isApplied={kind === applied} />,
        }))}
      />
      {notifying ? <SsoMemberPicker purpose={{ kind: 'notify', scope }} onClose={() => setNotifying(false)} /> : null}
    </Card>
  );
}
