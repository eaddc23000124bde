import { ArrowLeftOutlined, SearchOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE, FILTER_DEBOUNCE_MS, PAGE_SIZES, TEXT_MAX, type GroupMember, type GroupNode } from '@atrium/contract';
import { Button, Card, Descriptions, Input, Result, Skeleton, Statistic, Switch, Tag, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { usePageInRange } from '../../../shared/hooks/use-page-in-range';
import { PageHeader } from '../../../shared/ui/page-header';
import { useGroupMembers, useGroupStatistics, useGroupTree } from '../api/group.api';
import { ColorChip } from '../components/color-chip';
import { useDebouncedValue } from '../components/use-debounced-value';
import { EmptyState, tableEmpty } from '../../../shared/ui/empty-state';
import './group-page.css';
import './group-detail-page.css';
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
export function GroupDetailPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const tree = useGroupTree('');
  const path = useMemo(() => (Number.isInteger(id) && id > 0 ? findWithPath(tree.data ?? [], id) : undefined), [tree.data, id]);
  const group = path?.at(-1);

  if (tree.isPending) return <div className="atrium-page" data-testid="page-group-detail"><Skeleton active /></div>;
  if (!group) {
    return (
      <div className="atrium-page" data-testid="page-group-detail">
        <Result status="404" title={t('group.detail.notFound')} extra={<Link to="/group">{t('group.detail.back')}</Link>} />
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
  const members = useGroupMembers({ groupId: group.id, keyword: search || undefined, includeDescendants, ...paging });
  usePageInRange(paging.page, paging.pageSize, members.isPlaceholderData ? undefined : members.data?.total, (page) => setPaging((current) => ({ ...current, page })));
  const statistics = useGroupStatistics(group.id);
  const stats = statistics.data;

  const columns: TableColumnsType<GroupMember> = [
    { title: t('group.members.name'), dataIndex: 'fullName', render: (name: string, member) => (<span className="atrium-person-line"><TruncatedText text={name} />{member.isActive ? null : <Tag>{t('group.members.inactive')}</Tag>}</span>) },
    { title: t('group.members.userName'), dataIndex: 'userName', responsive: ['md'] },
    { title: t('group.members.usercode'), dataIndex: 'usercode', responsive: ['lg'], render: (code: string | null) => code ?? '—' },
    { title: t('group.members.email'), dataIndex: 'email', responsive: ['lg'], render: (email: string | null) => email ?? '—' },
    { title: t('group.members.role'), dataIndex: ['role', 'name'], responsive: ['sm'] },
    ...(includeDescendants ? [{ title: t('group.members.department'), dataIndex: ['department', 'name'] }] : []),
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
        subtitle={ancestors.length > 0 ? ancestors.map((node) => node.name).join(' / ') : t('group.detail.topLevel')}
        extra={
          <Link to="/group" data-testid="group-detail-back">
            <Button icon={<ArrowLeftOutlined />}>{t('group.detail.back')}</Button>
          </Link>
        }
      />
      <div className="group-stats" data-testid="group-stats">
        <Card className="atrium-card"><Statistic title={t('group.counts.own')} value={stats?.memberCount ?? group.memberCount} /></Card>
        <Card className="atrium-card"><Statistic title={t('group.counts.total')} value={stats?.totalMemberCount ?? group.totalMemberCount} /></Card>
        <Card className="atrium-card"><Statistic title={t('group.stats.subDepartments')} value={stats?.subDepartmentCount ?? group.children.length} suffix={stats && stats.descendantCount > stats.subDepartmentCount ? t('group.stats.allLevels', { count: stats.descendantCount }) : undefined} /></Card>
        <Card className="atrium-card" title={t('group.stats.byGender')} size="small">
          {stats ? (
            <ul className="group-breakdown">
              {(['male', 'female', 'secret'] as const).map((gender) => (
                <li key={gender}><span>{t(`group.gender.${gender}`)}</span><strong>{stats.byGender[gender]}</strong></li>
              ))}
            </ul>
          ) : <Skeleton active paragraph={{ rows: 2 }} title={false} />}
        </Card>
        <Card className="atrium-card" title={t('group.stats.byRole')} size="small">
          {stats ? (
            stats.byRole.length > 0 ? (
              <ul className="group-breakdown">
                {stats.byRole.map((role) => (<li key={role.roleId}><span>{role.roleName}</span><strong>{role.count}</strong></li>))}
              </ul>
            ) : <EmptyState description={t('group.stats.noMembers')} />
          ) : <Skeleton active paragraph={{ rows: 2 }} title={false} />}
        </Card>
      </div>
      <Card className="atrium-card group-detail-card" title={t('group.detail.about')}>
        <Descriptions size="small" column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label={t('group.fields.code')}>{group.groupCode ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('group.fields.parent')}>{ancestors.at(-1)?.name ?? t('group.detail.topLevel')}</Descriptions.Item>
          <Descriptions.Item label={t('group.fields.location')}>{group.locationName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('group.fields.color')}>{group.styleColor ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('group.fields.description')}>{group.description ?? '—'}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card className="atrium-card" title={t('group.members.title')}>
        <div className="group-members-filters">
          <Input
            allowClear
            prefix={<SearchOutlined />}
            maxLength={TEXT_MAX}
            placeholder={t('group.members.searchPlaceholder')}
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
            <span>{t('group.members.includeDescendants')}</span>
          </label>
        </div>
        <DataTable<GroupMember>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={members.data?.list ?? []}
          loading={members.isFetching}
          locale={tableEmpty(t('group.members.empty'))}
          data-testid="group-members-table"
          pagination={{
            current: paging.page,
            pageSize: paging.pageSize,
            total: members.data?.total ?? 0,
            pageSizeOptions: PAGE_SIZES.map(String),
            showSizeChanger: true,
            showTotal: (total) => t('group.members.total', { count: total }),
            onChange: (page, pageSize) => setPaging({ page: pageSize === paging.pageSize ? page : 1, pageSize }),
          }}
        />
      </Card>
    </div>
  );
}
