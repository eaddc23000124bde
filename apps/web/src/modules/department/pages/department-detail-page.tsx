import { ArrowLeftOutlined, SearchOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE, FILTER_DEBOUNCE_MS, PAGE_SIZES, TEXT_MAX, type GroupMember, type GroupNode } from '@atrium/contract';
import { Button, Card, Descriptions, Input, Result, Skeleton, Statistic, Switch, Tag, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { usePageInRange } from '../../../shared/hooks/use-page-in-range';
import { PageHeader } from '../../../shared/ui/page-header';
import { useDepartmentMembers, useDepartmentStatistics, useDepartmentTree } from '../api/department.api';
import { ColorChip } from '../components/color-chip';
import { useDebouncedValue } from '../components/use-debounced-value';
import { EmptyState, tableEmpty } from '../../../shared/ui/empty-state';
import './department-page.css';
import './department-detail-page.css';
import { DataTable, TruncatedText } from '../../../shared/ui/data-table';

const findWithPath = (nodes: GroupNode[], id: number, path: GroupNode[] = []): GroupNode[] | undefined => {
  for (const node of nodes) {
    if (node.id === id) return [...path, node];
    const found = findWithPath(node.children, id, [...path, node]);
    if (found) return found;
  }
  return undefined;
};

/** /group-detail/:id: a department's details, statistics and members (read-only; people move in the directory). */
export function DepartmentDetailPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const tree = useDepartmentTree('');
  const path = useMemo(() => (Number.isInteger(id) && id > 0 ? findWithPath(tree.data ?? [], id) : undefined), [tree.data, id]);
  const group = path?.at(-1);

  if (tree.isPending) return <div className="atrium-page" data-testid="page-group-detail"><Skeleton active /></div>;
  if (!group) {
    return (
      <div className="atrium-page" data-testid="page-group-detail">
        <Result status="404" title={t('department.detail.notFound')} extra={<Link to="/group">{t('department.detail.back')}</Link>} />
      </div>
    );
  }
  return <GroupDetail key={group.id} group={group} ancestors={path!.slice(0, -1)} />;
}

function GroupDetail({ group, ancestors }: { group: GroupNode; ancestors: GroupNode[] }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const search = useDebouncedValue(keyword.trim(), FILTER_DEBOUNCE_MS);
  const [includeDescendants, setIncludeDescendants] = useState(!group.leaf);
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE as number });
  const members = useDepartmentMembers({ groupId: group.id, keyword: search || undefined, includeDescendants, ...paging });
  usePageInRange(paging.page, paging.pageSize, members.isPlaceholderData ? undefined : members.data?.total, (page) => setPaging((current) => ({ ...current, page })));
  const statistics = useDepartmentStatistics(group.id);
  const stats = statistics.data;

  const columns: TableColumnsType<GroupMember> = [
    { title: t('department.members.name'), dataIndex: 'fullName', render: (name: string, member) => (<span className="atrium-person-line"><TruncatedText text={name} />{member.isActive ? null : <Tag>{t('department.members.inactive')}</Tag>}</span>) },
    { title: t('department.members.userName'), dataIndex: 'userName', responsive: ['md'] },
    { title: t('department.members.usercode'), dataIndex: 'usercode', responsive: ['lg'], render: (code: string | null) => code ?? '—' },
    { title: t('department.members.email'), dataIndex: 'email', responsive: ['lg'], render: (email: string | null) => email ?? '—' },
    { title: t('department.members.role'), dataIndex: ['role', 'name'], responsive: ['sm'] },
    ...(includeDescendants ? [{ title: t('department.members.department'), dataIndex: ['department', 'name'] }] : []),
  ];

  return (
    <div className="atrium-page" data-testid="page-group-detail">
      <PageHeader
        title={
          <span className="group-detail-title">
            <ColorChip color={group.styleColor} size={18} />
            {group.name}
            {group.groupCode ? <Tag>{group.groupCode}</Tag> : null}
          </span>
        }
        subtitle={ancestors.length > 0 ? ancestors.map((node) => node.name).join(' / ') : t('department.detail.topLevel')}
        extra={
          <Link to="/group" data-testid="group-detail-back">
            <Button icon={<ArrowLeftOutlined />}>{t('department.detail.back')}</Button>
          </Link>
        }
      />
      <div className="group-stats" data-testid="group-stats">
        <Card className="atrium-card"><Statistic title={t('department.counts.own')} value={stats?.memberCount ?? group.memberCount} /></Card>
        <Card className="atrium-card"><Statistic title={t('department.counts.total')} value={stats?.totalMemberCount ?? group.totalMemberCount} /></Card>
        <Card className="atrium-card"><Statistic title={t('department.stats.subDepartments')} value={stats?.subDepartmentCount ?? group.children.length} suffix={stats && stats.descendantCount > stats.subDepartmentCount ? t('department.stats.allLevels', { count: stats.descendantCount }) : undefined} /></Card>
        <Card className="atrium-card" title={t('department.stats.byGender')} size="small">
          {stats ? (
            <ul className="group-breakdown">
              {(['male', 'female', 'secret'] as const).map((gender) => (
                <li key={gender}><span>{t(`department.gender.${gender}`)}</span><strong>{stats.byGender[gender]}</strong></li>
              ))}
            </ul>
          ) : <Skeleton active paragraph={{ rows: 2 }} title={false} />}
        </Card>
        <Card className="atrium-card" title={t('department.stats.byRole')} size="small">
          {stats ? (
            stats.byRole.length > 0 ? (
              <ul className="group-breakdown">
                {stats.byRole.map((role) => (<li key={role.roleId}><span>{role.roleName}</span><strong>{role.count}</strong></li>))}
              </ul>
            ) : <EmptyState description={t('department.stats.noMembers')} />
          ) : <Skeleton active paragraph={{ rows: 2 }} title={false} />}
        </Card>
      </div>
      <Card className="atrium-card group-detail-card" title={t('department.detail.about')}>
        <Descriptions size="small" column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label={t('department.fields.code')}>{group.groupCode ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('department.fields.parent')}>{ancestors.at(-1)?.name ?? t('department.detail.topLevel')}</Descriptions.Item>
          <Descriptions.Item label={t('department.fields.location')}>{group.locationName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('department.fields.color')}>{group.styleColor ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('department.fields.description')}>{group.description ?? '—'}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card className="atrium-card" title={t('department.members.title')}>
        <div className="group-members-filters">
          <Input
            allowClear
            prefix={<SearchOutlined />}
            maxLength={TEXT_MAX}
            placeholder={t('department.members.searchPlaceholder')}
            value={keyword}
            onChange={(event) => {
              setKeyword(event.target.value);
              setPaging((current) => ({ ...current, page: 1 }));
            }}
            data-testid="group-members-search"
          />
          <label className="group-members-switch">
            <Switch
              checked={includeDescendants}
              onChange={(checked) => {
                setIncludeDescendants(checked);
                setPaging((current) => ({ ...current, page: 1 }));
              }}
              data-testid="group-members-descendants"
            />
            <span>{t('department.members.includeDescendants')}</span>
          </label>
        </div>
        <DataTable<GroupMember>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={members.data?.list ?? []}
          loading={members.isFetching}
          locale={tableEmpty(t('department.members.empty'))}
          data-testid="group-members-table"
          pagination={{
            current: paging.page,
            pageSize: paging.pageSize,
            total: members.data?.total ?? 0,
            pageSizeOptions: PAGE_SIZES.map(String),
            showSizeChanger: true,
            showTotal: (total) => t('department.members.total', { count: total }),
            onChange: (page, pageSize) => setPaging({ page: pageSize === paging.pageSize ? page : 1, pageSize }),
          }}
        />
      </Card>
    </div>
  );
}
