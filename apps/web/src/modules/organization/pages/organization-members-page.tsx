import { FILTER_DEBOUNCE_MS, departmentPath, type OrganizationMember } from '@atrium/contract';
import { Tag, Tree } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { DataNode } from 'antd/es/tree';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/ui/empty-state';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { DataTable } from '../../../shared/ui/data-table';
import { ExportButton } from '../../../shared/ui/export-button';
import { PageHeader } from '../../../shared/ui/page-header';
import { downloadOrganization, useOrganizationChart } from '../api/organization.api';
import { OrganizationToolbar } from '../components/organization-toolbar';
import { buildDepartmentTree, membersBelow, type DepartmentBranch } from '../organization-tree';
import './organization.css';

const ALL = 'all';
const NONE = 'none';

/**
 * /organizational-members: the department tree with how many people each holds; choosing a department
 * lists its people and those of the departments below it, with the role each holds.
 */
export function OrganizationMembersPage() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<string>(ALL);
  const search = useDebouncedValue(keyword.trim(), FILTER_DEBOUNCE_MS) || undefined;
  const chart = useOrganizationChart('members', search);
  const data = chart.data;

  const { tree, branches, departments, roleNames } = useMemo(() => {
    const tree = data ? buildDepartmentTree(data, search !== undefined) : [];
    const branches = new Map<string, DepartmentBranch>();
    const index = (list: DepartmentBranch[]) => list.forEach((branch) => (branches.set(String(branch.department.id), branch), index(branch.children)));
    index(tree);
    return {
      tree,
      branches,
      departments: new Map((data?.departments ?? []).map((department) => [department.id, department])),
      roleNames: new Map((data?.roles ?? []).map((role) => [role.id, role.name])),
    };
  }, [data, search]);

  const members = data?.members ?? [];
  const withoutDepartment = members.filter((member) => member.departmentId === null || !departments.has(member.departmentId));
  const shown: OrganizationMember[] =
    selected === ALL ? members : selected === NONE ? withoutDepartment : branches.has(selected) ? membersBelow(branches.get(selected)!) : members;

  const toNode = (branch: DepartmentBranch): DataNode => ({
    key: String(branch.department.id),
    title: (
      <span data-testid={`organization-department-${branch.department.id}`}>
        {branch.department.name}
        <span className="atrium-org-count">{branch.total}</span>
      </span>
    ),
    children: branch.children.map(toNode),
  });
  const treeData: DataNode[] = [
    { key: ALL, title: <span>{t('organization.allDepartments')}<span className="atrium-org-count">{members.length}</span></span> },
    ...tree.map(toNode),
    ...(withoutDepartment.length ? [{ key: NONE, title: <span>{t('organization.noDepartment')}<span className="atrium-org-count">{withoutDepartment.length}</span></span> }] : []),
  ];

  const columns: ColumnsType<OrganizationMember> = [
    { key: 'name', title: t('organization.fields.name'), dataIndex: 'fullName', width: 170, ellipsis: true },
    { key: 'email', title: t('organization.fields.email'), dataIndex: 'email', ellipsis: true, render: (email: string | null) => email ?? '' },
    {
      key: 'department',
      title: t('organization.fields.department'),
      ellipsis: true,
      render: (_, member) => (member.departmentId === null ? t('organization.noDepartment') : departmentPath(departments, member.departmentId)),
    },
    { key: 'role', title: t('organization.fields.role'), width: 150, render: (_, member) => <Tag variant="filled">{roleNames.get(member.roleId) ?? ''}</Tag> },
    {
      key: 'status',
      title: t('organization.fields.status'),
      width: 110,
      render: (_, member) => (member.isActive ? t('organization.active') : <Tag>{t('organization.inactive')}</Tag>),
    },
  ];

  return (
    <div className="atrium-page" data-testid="page-organization-members">
      <PageHeader
        title={t('organization.members.title')}
        subtitle={t('organization.members.subtitle')}
        extra={
          <ExportButton
            testId="organization-export"
            labels={{ button: t('organization.export'), xlsx: t('organization.exportXlsx'), csv: t('organization.exportCsv') }}
            onExport={(format) => downloadOrganization('members', search, format, t('organization.exportFailed'))}
          />
        }
      />
      <OrganizationToolbar keyword={keyword} onKeywordChange={setKeyword} placeholder={t('organization.members.search')} isTruncated={data?.isTruncated ?? false} />
      <div className="atrium-org-layout">
        <div className="atrium-org-tree" data-testid="organization-tree">
          {data && treeData.length > 1 ? (
            <Tree
              blockNode
              defaultExpandAll
              key={search ?? ''}
              selectedKeys={[selected]}
              onSelect={(keys) => setSelected(keys.length ? String(keys[0]) : ALL)}
              treeData={treeData}
            />
          ) : (
            <EmptyState description={t('organization.noDepartments')} isCompact />
          )}
        </div>
        <DataTable<OrganizationMember>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={shown}
          loading={chart.isFetching}
          pagination={{ defaultPageSize: 15, pageSizeOptions: ['15', '50', '100'], showSizeChanger: true, showTotal: (count) => t('common.table.total', { count }) }}
          onRow={(member) => ({ 'data-testid': `organization-member-${member.id}` }) as object}
          data-testid="organization-members"
        />
      </div>
    </div>
  );
}
