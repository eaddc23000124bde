import { LOG_TIME_FORMAT, type Branch } from '@atrium/contract';
import { Button, Popconfirm, Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../shared/ui/data-table';
import { useReleaseVersion } from '../api/branch.api';

export type BranchDialog = 'edit' | 'instructions' | 'menu';

export interface BranchesTableProps {
  branches: Branch[];
  isLoading: boolean;
  onOpen: (branch: Branch, dialog: BranchDialog) => void;
}

/** The branches with their version, draft and menu; each row edits, prepares notes, releases and sets the menu. */
export function BranchesTable({ branches, isLoading, onOpen }: BranchesTableProps) {
  const { t } = useTranslation();
  const release = useReleaseVersion();

  const columns: ColumnsType<Branch> = [
    {
      key: 'name',
      title: t('branch.fields.name'),
      render: (_, branch) => (
        <Space orientation="vertical" size={0}>
          <span>
            <strong>{branch.name}</strong>{' '}
            {branch.isDefault ? (
              <Tooltip title={t('branch.defaultHelp')}>
                <Tag color="blue">{t('branch.default')}</Tag>
              </Tooltip>
            ) : null}
          </span>
          {branch.description ? <span className="atrium-branch-description">{branch.description}</span> : null}
        </Space>
      ),
    },
    { key: 'version', title: t('branch.fields.version'), render: (_, branch) => <span data-testid={`branch-version-${branch.id}`}>{branch.version}</span> },
    { key: 'companies', title: t('branch.fields.companies'), dataIndex: 'companyCount', responsive: ['sm'] },
    {
      key: 'draft',
      title: t('branch.fields.draft'),
      render: (_, branch) => (branch.draft ? <Tag color="gold" data-testid={`branch-draft-${branch.id}`}>{t('branch.draftTag', { version: branch.draft.version })}</Tag> : t('branch.noDraft')),
    },
    {
      key: 'menu',
      title: t('branch.fields.menu'),
      render: (_, branch) => (branch.menuKeys === null ? t('branch.menuAll') : t('branch.menuCount', { count: branch.menuKeys.length })),
      responsive: ['md'],
    },
    {
      key: 'releasedAt',
      title: t('branch.fields.releasedAt'),
      render: (_, branch) => (branch.releasedAt === null ? t('branch.notReleased') : dayjs(branch.releasedAt).format(LOG_TIME_FORMAT)),
      responsive: ['lg'],
    },
    {
      key: 'actions',
      title: t('branch.fields.actions'),
      render: (_, branch) => (
        <Space wrap size={4}>
          <Button size="small" onClick={() => onOpen(branch, 'edit')} data-testid={`branch-edit-${branch.id}`}>
            {t('branch.edit')}
          </Button>
          <Button size="small" onClick={() => onOpen(branch, 'instructions')} data-testid={`branch-instructions-${branch.id}`}>
            {t('branch.instructions')}
          </Button>
          <Button size="small" onClick={() => onOpen(branch, 'menu')} data-testid={`branch-menu-${branch.id}`}>
            {t('branch.menu')}
          </Button>
          {branch.draft ? (
            <Popconfirm
              title={t('branch.releaseConfirm', { version: branch.draft.version, count: branch.companyCount, name: branch.name })}
              onConfirm={() => release.mutateAsync(branch.id)}
              okButtonProps={{ 'data-testid': 'branch-release-confirm' }}
            >
              <Button size="small" type="primary" data-testid={`branch-release-${branch.id}`}>
                {t('branch.release')}
              </Button>
            </Popconfirm>
          ) : (
            <Tooltip title={t('branch.releaseNeedsDraft')}>
              <Button size="small" type="primary" disabled data-testid={`branch-release-${branch.id}`}>
                {t('branch.release')}
              </Button>
            </Tooltip>
          )}
        </Space>
      ),
    },
  ];

  return (
    <DataTable<Branch>
      rowKey="id"
      columns={columns}
      dataSource={branches}
      loading={isLoading}
      pagination={false}
      onRow={(branch) => ({ 'data-testid': `branch-row-${branch.id}` }) as object}
    />
  );
}
