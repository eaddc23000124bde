import { CrownOutlined, SwapOutlined } from '@ant-design/icons';
import { FILTER_DEBOUNCE_MS, hasPermission, PERMISSION_AREAS, TEXT_MAX, type Manager, type PermissionArea } from '@atrium/contract';
import { Button, Card, Select, Skeleton, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { usePagination } from '../../../shared/hooks/use-pagination';
import { useSession } from '../../../shared/session/session-context';
import { PageHeader } from '../../../shared/ui/page-header';
import { UserAvatar } from '../../../shared/ui/user-avatar';
import { useCompanyOwner, useManagers } from '../api/manager.api';
import { TransferOwnerModal } from '../components/transfer-owner-modal';
import { EmptyState, tableEmpty } from '../../../shared/ui/empty-state';
import './manager-page.css';
import { DataTable, TruncatedText } from '../../../shared/ui/data-table';
import { ToolbarSearch } from '../../../shared/ui/toolbar-search';

/** Areas shown as tags before the rest fold into a "+n" tag. */
const AREAS_SHOWN = 4;

/** The areas an administrator edits, as translated tags: all of them in one tag, a long list folded. */
function AreaTags({ areas, highlighted }: { areas: readonly PermissionArea[]; highlighted: PermissionArea | undefined }) {
  const { t } = useTranslation();
  if (areas.length === PERMISSION_AREAS.length) {
    return (
      <Tag variant="filled" color="gold" data-testid="manager-every-area">
        {t('manager.list.everyArea')}
      </Tag>
    );
  }
  // The filtered area first, so it stays in sight when the list folds.
  const ordered = highlighted && areas.includes(highlighted) ? [highlighted, ...areas.filter((name) => name !== highlighted)] : [...areas];
  const folded = ordered.slice(AREAS_SHOWN);
  return (
    <span className="atrium-manager-areas">
      {ordered.slice(0, AREAS_SHOWN).map((name) => (
        <Tag key={name} variant="filled" color={name === highlighted ? 'processing' : undefined}>
          {t(`permissions.${name}`)}
        </Tag>
      ))}
      {folded.length > 0 ? (
        <Tooltip title={folded.map((name) => t(`permissions.${name}`)).join(', ')}>
          <Tag variant="outlined">+{folded.length}</Tag>
        </Tooltip>
      ) : null}
    </span>
  );
}

/** /manager: who runs the company's account, its owner and its administrators (docs/decisions/0003, Managers). */
export function ManagerPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [keyword, setKeyword] = useState('');
  const [area, setArea] = useState<PermissionArea>();
  const [isTransferring, setTransferring] = useState(false);
  const debounced = useDebouncedValue(keyword.trim(), FILTER_DEBOUNCE_MS);
  const filters = { keyword: debounced || undefined, area };
  const paging = usePagination(filters);
  const managers = useManagers({ ...paging.request, ...filters });
  const owner = useCompanyOwner();
  const canEdit = hasPermission(user.permissions, 'accountGlobal:edit');
  const ownerInfo = owner.data?.owner ?? null;
  const mayTransfer = canEdit && owner.data !== undefined && (owner.data.isCaller || ownerInfo === null);

  const columns: ColumnsType<Manager> = [
    {
      key: 'name',
      title: t('manager.list.name'),
      render: (_, manager) => (
        <span className="atrium-person-cell" data-testid={`manager-${manager.id}`}>
          <UserAvatar name={manager.fullName} avatar={manager.avatar} size={32} />
          <span className="atrium-person">
            <span className="atrium-person-line">
              <TruncatedText text={manager.fullName} />
              {manager.isOwner ? (
                <Tag variant="filled" color="gold" icon={<CrownOutlined />} className="atrium-manager-owner-tag" data-testid="manager-owner-tag">
                  {t('manager.list.ownerTag')}
                </Tag>
              ) : null}
            </span>
            <TruncatedText text={manager.userName} className="atrium-muted" />
          </span>
        </span>
      ),
    },
    { key: 'email', title: t('manager.list.email'), dataIndex: 'email', render: (email: string | null) => email ?? '' },
    { key: 'department', title: t('manager.list.department'), render: (_, manager) => manager.department?.name ?? '' },
    {
      key: 'role',
      title: t('manager.list.role'),
      render: (_, manager) => (
        <Link to={`/role-detail/${manager.role.id}/members`} data-testid={`manager-role-${manager.id}`}>
          <TruncatedText text={manager.role.name} />
        </Link>
      ),
    },
    {
      key: 'areas',
      title: t('manager.list.areas'),
      render: (_, manager) => <AreaTags areas={manager.areas} highlighted={area} />,
    },
  ];

  return (
    <div className="atrium-page" data-testid="page-manager">
      <PageHeader title={t('manager.title')} subtitle={t('manager.subtitle')} />
      <Card
        className="atrium-card atrium-manager-owner"
        title={
          <span className="atrium-manager-owner-title">
            <CrownOutlined /> {t('manager.owner.title')}
          </span>
        }
        data-testid="manager-owner"
      >
        <div className="atrium-manager-owner-body">
          {owner.isPending ? (
            <Skeleton active avatar paragraph={{ rows: 1 }} />
          ) : ownerInfo ? (
            <div className="atrium-person-cell">
              <UserAvatar name={ownerInfo.fullName} avatar={null} size={48} />
              <span className="atrium-person">
                <span className="atrium-person-line">
                  <TruncatedText text={ownerInfo.fullName} isStrong testId="manager-owner-name" />
                  {owner.data?.isCaller ? <Tag className="atrium-manager-owner-tag">{t('manager.owner.you')}</Tag> : null}
                </span>
                <TruncatedText text={[ownerInfo.userName, ownerInfo.email].filter(Boolean).join(' · ')} className="atrium-muted" />
                <span className="atrium-muted">
                  {t('manager.owner.role')}: <Link to={`/role-detail/${ownerInfo.role.id}/members`}>{ownerInfo.role.name}</Link>
                </span>
              </span>
            </div>
          ) : (
            <EmptyState description={t('manager.owner.none')} />
          )}
          {canEdit ? (
            <Tooltip title={mayTransfer ? undefined : t('manager.owner.onlyOwner')}>
              <Button icon={<SwapOutlined />} disabled={!mayTransfer} onClick={() => setTransferring(true)} data-testid="manager-transfer">
                {t('manager.owner.transfer')}
              </Button>
            </Tooltip>
          ) : null}
        </div>
        <p className="atrium-muted atrium-manager-owner-hint">{t('manager.owner.hint')}</p>
      </Card>

      <Card className="atrium-card" title={t('manager.list.title')}>
        <div className="atrium-toolbar atrium-manager-filters">
          <ToolbarSearch value={keyword} onChange={setKeyword} label={t('manager.list.keyword')} maxLength={TEXT_MAX} data-testid="manager-filter-keyword" />
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            value={area}
            onChange={(value?: PermissionArea) => setArea(value)}
            options={PERMISSION_AREAS.map((value) => ({ value, label: t(`permissions.${value}`) }))}
            placeholder={t('manager.list.area')}
            aria-label={t('manager.list.area')}
            className="atrium-manager-filter-area"
            data-testid="manager-filter-area"
          />
        </div>
        <DataTable<Manager>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={managers.data?.list ?? []}
          loading={managers.isFetching}
          locale={tableEmpty(t('manager.list.empty'))}
          pagination={paging.tablePagination(managers.data?.total ?? 0)}
          onChange={paging.onTableChange}
          data-testid="manager-table"
        />
      </Card>
      {isTransferring && owner.data ? <TransferOwnerModal owner={owner.data} onClose={() => setTransferring(false)} /> : null}
    </div>
  );
}
