import { ArrowLeftOutlined } from '@ant-design/icons';
import { hasPermission } from '@atrium/contract';
import { Button, Card, Result, Skeleton, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useSession } from '../../../shared/session/session-context';
import { useTabTitle } from '../../../shared/routing/use-tab-title';
import { PageHeader } from '../../../shared/ui/page-header';
import { useRoleDetails } from '../api/role.api';
import { RoleMembersTab } from '../components/role-members-tab';
import { RolePermissionsTab } from '../components/role-permissions-tab';
import './role-page.css';

export const ROLE_DETAIL_TABS = ['members', 'permissions'] as const;
type RoleDetailTab = (typeof ROLE_DETAIL_TABS)[number];
const isTab = (value: string | undefined): value is RoleDetailTab => (ROLE_DETAIL_TABS as readonly string[]).includes(value ?? '');

/** /role-detail/{id}/{tab}: a role's members and its permission switches. */
export function RoleDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id: idParam, tab } = useParams();
  const { user } = useSession();
  const id = Number(idParam);
  const details = useRoleDetails(id);
  const canEdit = hasPermission(user.permissions, 'roles:edit');
  // The console tab shows the role's name rather than "Role details".
  useTabTitle(`/role-detail/${idParam ?? ''}`, details.data?.name);

  if (!isTab(tab)) return <Navigate to={`/role-detail/${idParam ?? ''}/members`} replace />;
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate('/role')} data-testid="role-detail-back">
      {t('role.detail.back')}
    </Button>
  );

  if (details.isError || !Number.isInteger(id) || id <= 0) {
    return (
      <div className="atrium-page" data-testid="page-role-detail">
        <Result status="404" title={t('role.detail.notFound')} subTitle={t('role.detail.notFoundHint')} extra={back} />
      </div>
    );
  }
  const role = details.data;

  return (
    <div className="atrium-page" data-testid="page-role-detail">
      <PageHeader
        title={
          role ? (
            <span className="atrium-role-summary-title">
              <span data-testid="role-detail-name">{role.name}</span>
              {role.isDefault ? (
                <Tag variant="filled" color="processing">
                  {t('role.default')}
                </Tag>
              ) : null}
            </span>
          ) : (
            t('role.detail.title')
          )
        }
        subtitle={role?.description ?? undefined}
        extra={back}
      />
      <Card className="atrium-card">
        {role ? (
          <Tabs
            activeKey={tab}
            onChange={(key) => void navigate(`/role-detail/${id}/${key}`, { replace: true })}
            items={[
              {
                key: 'members',
                label: (
                  <span data-testid="role-tab-members">
                    {t('role.tabs.members')} <span className="atrium-muted">{role.memberCount}</span>
                  </span>
                ),
                children: <RoleMembersTab role={role} canEdit={canEdit} />,
              },
              {
                key: 'permissions',
                label: <span data-testid="role-tab-permissions">{t('role.tabs.permissions')}</span>,
                children: <RolePermissionsTab key={role.id} role={role} canEdit={canEdit} isOwnRole={user.role.id === role.id} />,
              },
            ]}
          />
        ) : (
          <Skeleton active paragraph={{ rows: 6 }} />
        )}
      </Card>
    </div>
  );
}
