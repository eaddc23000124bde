import { DeleteOutlined, DownloadOutlined, EditOutlined, LinkOutlined, MailOutlined, PlusOutlined, SearchOutlined, SwapOutlined, UploadOutlined } from '@ant-design/icons';
import { FILTER_DEBOUNCE_MS, PAGE_SIZES, type ActivationLinkResult, type DirectoryUser, type UserListQuery } from '@atrium/contract';
import { App, Button, Dropdown, Input, Modal, Select, Space, Tag, Tooltip, TreeSelect } from 'antd';
import type { ButtonProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { usePageInRange } from '../../../shared/hooks/use-page-in-range';
import { useSession } from '../../../shared/session/session-context';
import { ColumnChooser, useHiddenColumns } from '../../../shared/ui/column-chooser';
import { PageHeader } from '../../../shared/ui/page-header';
import { useDeleteUsers, useDirectoryOptions, useIssueActivationLink, useMoveUsers, useResendActivation, useUserList } from '../api/directory.api';
import { downloadUsers } from '../api/transfer.api';
import { ActivationLinkModal } from '../components/activation-link-modal';
import { departmentTree } from '../components/department-tree';
import { ImportDialog } from '../components/import-dialog';
import { UserDrawer } from '../components/user-drawer';
import './directory-page.css';
import { DataTable, TruncatedText } from '../../../shared/ui/data-table';

const ROUTE = '/directory';
type Filters = Pick<UserListQuery, 'departmentId' | 'roleId' | 'locationId' | 'status'>;

/** /directory: the company's users; administrators create, edit, move and delete them. */
export function DirectoryPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const { user: me } = useSession();
  const canEdit = me.permissions.includes('users:edit');
  const [keyword, setKeyword] = useState('');
  const [filters, setFilters] = useState<Filters>({});
  const [paging, setPaging] = useState({ page: 1, pageSize: PAGE_SIZES[0] as number });
  const [selected, setSelected] = useState<number[]>([]);
  const [drawer, setDrawer] = useState<{ open: boolean; user: DirectoryUser | null }>({ open: false, user: null });
  const [isImportOpen, setImportOpen] = useState(false);
  const [moveTo, setMoveTo] = useState<{ open: boolean; departmentId: number | null }>({ open: false, departmentId: null });
  // A person chosen in the global search arrives as ?keyword=: the filter takes it, the link is then cleared.
  const [params, setParams] = useSearchParams();
  const linkedKeyword = params.get('keyword');
  if (linkedKeyword !== null && linkedKeyword !== keyword) {
    setKeyword(linkedKeyword);
    setPaging((current) => ({ ...current, page: 1 }));
  }
  useEffect(() => {
    if (linkedKeyword !== null) setParams({}, { replace: true });
  }, [linkedKeyword, setParams]);
  const debouncedKeyword = useDebouncedValue(keyword.trim(), FILTER_DEBOUNCE_MS);
  const debouncedFilters = useDebouncedValue(filters, FILTER_DEBOUNCE_MS);

  const query = { ...paging, ...debouncedFilters, ...(debouncedKeyword ? { keyword: debouncedKeyword } : {}) };
  const list = useUserList(query);
  usePageInRange(paging.page, paging.pageSize, list.isPlaceholderData ? undefined : list.data?.total, (page) => setPaging((current) => ({ ...current, page })));
  const options = useDirectoryOptions();
  const remove = useDeleteUsers();
  const move = useMoveUsers();
  const resend = useResendActivation();
  const issueLink = useIssueActivationLink();
  // The fresh link lives in this state only while its modal is open.
  const [issuedLink, setIssuedLink] = useState<{ user: DirectoryUser; result: ActivationLinkResult } | null>(null);
  const hidden = useHiddenColumns(ROUTE);
  // Fixed columns would leave no room for the others on a phone.
  const isNarrow = useMediaQuery('(max-width: 700px)');
  const tree = useMemo(() => departmentTree(options.data?.departments ?? []), [options.data]);

  const setFilter = (change: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...change }));
    setPaging((current) => ({ ...current, page: 1 }));
  };

  const confirmDelete = (users: Array<Pick<DirectoryUser, 'id' | 'fullName'>>) =>
    modal.confirm({
      title: t('directory.delete.title', { count: users.length }),
      content: users.length === 1 ? t('directory.delete.one', { name: users[0]!.fullName }) : t('directory.delete.many', { count: users.length }),
      okText: t('directory.delete.ok'),
      okButtonProps: { danger: true, 'data-testid': 'directory-delete-confirm' } as ButtonProps,
      cancelText: t('common.actions.cancel'),
      onOk: () =>
        remove.mutateAsync(users.map((user) => user.id)).then(() => {
          void message.success(t('directory.delete.done'));
          setSelected((current) => current.filter((id) => !users.some((user) => user.id === id)));
        }),
    });

  const columns: ColumnsType<DirectoryUser> = [
    {
      key: 'name',
      title: t('directory.fields.name'),
      ...(isNarrow ? {} : { fixed: 'left' as const }),
      width: 200,
      ellipsis: true,
      // The SSO mark sits by the name, where it is seen without scrolling the table sideways.
      render: (_, user) => (
        <span className="atrium-person-line">
          <TruncatedText text={user.fullName} />
          {user.isSso ? (
            <Tag color="blue" title={t('directory.status.ssoHint')} data-testid={`user-sso-${user.id}`}>
              {t('directory.status.sso')}
            </Tag>
          ) : null}
        </span>
      ),
    },
    { key: 'userName', title: t('directory.fields.userName'), dataIndex: 'userName', width: 150, ellipsis: true },
    { key: 'email', title: t('directory.fields.email'), dataIndex: 'email', width: 220, ellipsis: true },
    { key: 'usercode', title: t('directory.fields.usercode'), dataIndex: 'usercode', width: 110 },
    { key: 'department', title: t('directory.fields.department'), width: 150, ellipsis: true, render: (_, user) => user.department?.name ?? '' },
    { key: 'role', title: t('directory.fields.role'), width: 140, ellipsis: true, render: (_, user) => user.role.name },
    { key: 'location', title: t('directory.fields.location'), width: 150, ellipsis: true, render: (_, user) => user.location?.name ?? '' },
    {
      key: 'status',
      title: t('directory.fields.status'),
      width: 240,
      render: (_, user) => (
        <Space size={4} wrap>
          <Tag color={user.status === 'active' ? 'green' : 'default'}>{t(`directory.status.${user.status}`)}</Tag>
          {user.isPendingActivation ? <Tag color="gold">{t('directory.status.pending')}</Tag> : null}
        </Space>
      ),
    },
  ];
  const chooser = columns.map((column) => ({ key: String(column.key), title: String(column.title) }));
  const visibleColumns = columns.filter((column) => !hidden.includes(String(column.key)));
  if (canEdit) {
    visibleColumns.push({
      key: 'actions',
      title: t('directory.actions.title'),
      ...(isNarrow ? {} : { fixed: 'right' as const }),
      width: 170,
      render: (_, user) => (
        <Space size={0}>
          <Tooltip title={t('directory.actions.edit')}>
            <Button type="text" icon={<EditOutlined />} aria-label={t('directory.actions.edit')} data-testid={`directory-edit-${user.id}`} onClick={() => setDrawer({ open: true, user })} />
          </Tooltip>
          {user.isPendingActivation ? (
            <Tooltip title={t('directory.actions.resend')}>
              <Button
                type="text"
                icon={<MailOutlined />}
                aria-label={t('directory.actions.resend')}
                data-testid={`directory-resend-${user.id}`}
                loading={resend.isPending && resend.variables === user.id}
                onClick={() => resend.mutate(user.id, { onSuccess: () => void message.success(t('directory.actions.resent', { email: user.email ?? '' })) })}
              />
            </Tooltip>
          ) : null}
          {user.isPendingActivation ? (
            <Tooltip title={t('directory.actions.activationLink')}>
              <Button
                type="text"
                icon={<LinkOutlined />}
                aria-label={t('directory.actions.activationLink')}
                data-testid={`directory-activation-link-${user.id}`}
                loading={issueLink.isPending && issueLink.variables === user.id}
                onClick={() => issueLink.mutate(user.id, { onSuccess: (result) => setIssuedLink({ user, result }) })}
              />
            </Tooltip>
          ) : null}
          <Tooltip title={t('directory.actions.delete')}>
            <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('directory.actions.delete')} data-testid={`directory-delete-${user.id}`} disabled={user.id === me.id} onClick={() => confirmDelete([user])} />
          </Tooltip>
        </Space>
      ),
    });
  }

  const selectedUsers = (list.data?.list ?? []).filter((user) => selected.includes(user.id));

  return (
    <div className="atrium-page atrium-directory" data-testid="page-directory">
      <PageHeader
        title={t('directory.title')}
        subtitle={t('directory.subtitle')}
        extra={
          <Space wrap>
            <Dropdown
              trigger={['click']}
              menu={{
                items: (['xlsx', 'csv'] as const).map((format) => ({ key: format, label: t(`directory.export.${format}`), 'data-testid': `directory-export-${format}` })),
                onClick: ({ key }) =>
                  void downloadUsers({ ...debouncedFilters, ...(debouncedKeyword ? { keyword: debouncedKeyword } : {}), format: key as 'xlsx' | 'csv' }, t('directory.export.failed')).catch(
                    (error: unknown) => void message.error(error instanceof Error ? error.message : t('directory.export.failed')),
                  ),
              }}
            >
              <Button icon={<DownloadOutlined />} data-testid="directory-export">
                {t('directory.export.button')}
              </Button>
            </Dropdown>
            {canEdit ? (
              <Button icon={<UploadOutlined />} data-testid="directory-import" onClick={() => setImportOpen(true)}>
                {t('directory.import.button')}
              </Button>
            ) : null}
            {canEdit ? (
              <Button type="primary" icon={<PlusOutlined />} data-testid="directory-create" onClick={() => setDrawer({ open: true, user: null })}>
                {t('directory.actions.create')}
              </Button>
            ) : null}
          </Space>
        }
      />
      <div className="atrium-directory-filters">
        <Input
          prefix={<SearchOutlined />}
          allowClear
          value={keyword}
          onChange={(event) => {
            setKeyword(event.target.value);
            setPaging((current) => ({ ...current, page: 1 }));
          }}
          placeholder={t('directory.filters.keyword')}
          aria-label={t('directory.filters.keyword')}
          data-testid="directory-filter-keyword"
        />
        <TreeSelect
          allowClear
          treeDefaultExpandAll
          treeData={tree}
          value={filters.departmentId}
          onChange={(value?: number) => setFilter({ departmentId: value ?? undefined })}
          placeholder={t('directory.filters.department')}
          aria-label={t('directory.filters.department')}
          data-testid="directory-filter-department"
        />
        <Select
          allowClear
          value={filters.roleId}
          onChange={(value?: number) => setFilter({ roleId: value ?? undefined })}
          placeholder={t('directory.filters.role')}
          aria-label={t('directory.filters.role')}
          options={(options.data?.roles ?? []).map((role) => ({ value: role.id, label: role.name }))}
          data-testid="directory-filter-role"
        />
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          value={filters.locationId}
          onChange={(value?: number) => setFilter({ locationId: value ?? undefined })}
          placeholder={t('directory.filters.location')}
          aria-label={t('directory.filters.location')}
          options={(options.data?.locations ?? []).map((location) => ({ value: location.id, label: location.name }))}
          data-testid="directory-filter-location"
        />
        <Select
          allowClear
          value={filters.status}
          onChange={(value?: 'active' | 'inactive') => setFilter({ status: value ?? undefined })}
          placeholder={t('directory.filters.status')}
          aria-label={t('directory.filters.status')}
          options={(['active', 'inactive'] as const).map((status) => ({ value: status, label: t(`directory.status.${status}`) }))}
          data-testid="directory-filter-status"
        />
        <ColumnChooser route={ROUTE} columns={chooser} title={t('directory.columns')} testId="directory-columns" />
      </div>
      {canEdit && selected.length > 0 ? (
        <div className="atrium-directory-batch" data-testid="directory-batch">
          <span>{t('directory.batch.selected', { count: selected.length })}</span>
          <Button icon={<SwapOutlined />} data-testid="directory-move" onClick={() => setMoveTo({ open: true, departmentId: null })}>
            {t('directory.batch.move')}
          </Button>
          <Button danger icon={<DeleteOutlined />} data-testid="directory-delete-selected" disabled={selected.includes(me.id)} onClick={() => confirmDelete(selectedUsers)}>
            {t('directory.batch.delete')}
          </Button>
          <Button type="link" onClick={() => setSelected([])}>
            {t('directory.batch.clear')}
          </Button>
        </div>
      ) : null}
      <DataTable<DirectoryUser>
        rowKey="id"
        size="middle"
        columns={visibleColumns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        data-testid="directory-table"
        rowSelection={canEdit ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]), preserveSelectedRowKeys: true } : undefined}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: list.data?.total ?? 0,
          pageSizeOptions: PAGE_SIZES.map(String),
          showSizeChanger: true,
          showTotal: (total) => t('directory.total', { count: total }),
          onChange: (page, pageSize) => setPaging({ page: pageSize === paging.pageSize ? page : 1, pageSize }),
        }}
      />
      <ImportDialog open={isImportOpen} onClose={() => setImportOpen(false)} />
      <ActivationLinkModal
        issued={issuedLink}
        onClose={() => {
          setIssuedLink(null);
          // The mutation keeps its last answer: let the link go with the modal.
          issueLink.reset();
        }}
      />
      <UserDrawer open={drawer.open} user={drawer.user} options={options.data} onClose={() => setDrawer({ open: false, user: null })} />
      <Modal
        open={moveTo.open}
        title={t('directory.batch.moveTitle', { count: selected.length })}
        okText={t('directory.batch.moveOk')}
        cancelText={t('common.actions.cancel')}
        okButtonProps={{ 'data-testid': 'directory-move-confirm' } as ButtonProps}
        confirmLoading={move.isPending}
        onCancel={() => setMoveTo({ open: false, departmentId: null })}
        onOk={() =>
          move.mutate(
            { userIds: selected, departmentId: moveTo.departmentId },
            {
              onSuccess: () => {
                void message.success(t('directory.batch.moved'));
                setMoveTo({ open: false, departmentId: null });
                setSelected([]);
              },
            },
          )
        }
      >
        <TreeSelect
          allowClear
          treeDefaultExpandAll
          style={{ width: '100%' }}
          treeData={tree}
          value={moveTo.departmentId ?? undefined}
          onChange={(value?: number) => setMoveTo({ open: true, departmentId: value ?? null })}
          placeholder={t('directory.form.noDepartment')}
          aria-label={t('directory.batch.move')}
          data-testid="directory-move-department"
        />
      </Modal>
    </div>
  );
}
