import { FILTER_DEBOUNCE_MS } from '@atrium/contract';
import { Collapse, Spin, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/ui/empty-state';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { ExportButton } from '../../../shared/ui/export-button';
import { PageHeader } from '../../../shared/ui/page-header';
import { downloadOrganization, useOrganizationChart } from '../api/organization.api';
import { OrganizationToolbar } from '../components/organization-toolbar';
import { groupByRole } from '../organization-tree';
import './organization.css';

/** /organizational-role: each role with who holds it, grouped by department. */
export function OrganizationRolePage() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const search = useDebouncedValue(keyword.trim(), FILTER_DEBOUNCE_MS) || undefined;
  const chart = useOrganizationChart('roles', search);
  const groups = useMemo(() => (chart.data ? groupByRole(chart.data, search !== undefined) : []), [chart.data, search]);

  return (
    <div className="atrium-page" data-testid="page-organization-role">
      <PageHeader
        title={t('organization.roles.title')}
        subtitle={t('organization.roles.subtitle')}
        extra={
          <ExportButton
            testId="organization-export"
            labels={{ button: t('organization.export'), xlsx: t('organization.exportXlsx'), csv: t('organization.exportCsv') }}
            onExport={(format) => downloadOrganization('roles', search, format, t('organization.exportFailed'))}
          />
        }
      />
      <OrganizationToolbar keyword={keyword} onKeywordChange={setKeyword} placeholder={t('organization.roles.search')} isTruncated={chart.data?.isTruncated ?? false} />
      <Spin spinning={chart.isFetching}>
        {groups.length === 0 ? (
          <EmptyState description={t('organization.roles.empty')} />
        ) : (
          <Collapse
            key={search ?? ''}
            defaultActiveKey={search ? groups.map((group) => String(group.roleId)) : []}
            items={groups.map((group) => ({
              key: String(group.roleId),
              label: (
                <span data-testid={`organization-role-${group.roleId}`}>
                  {group.name}
                  <span className="atrium-org-count">{t('organization.roles.holders', { count: group.total })}</span>
                </span>
              ),
              children:
                group.total === 0 ? (
                  <span>{t('organization.roles.nobody')}</span>
                ) : (
                  group.departments.map((department) => (
                    <div key={department.departmentId ?? 'none'} data-testid={`organization-role-${group.roleId}-department-${department.departmentId ?? 'none'}`}>
                      <div className="atrium-org-role-department">{department.departmentId === null ? t('organization.noDepartment') : department.path}</div>
                      <div className="atrium-org-people">
                        {department.members.map((member) => (
                          <Tag key={member.id} title={member.email ?? undefined}>
                            {member.fullName}
                          </Tag>
                        ))}
                      </div>
                    </div>
                  ))
                ),
            }))}
          />
        )}
      </Spin>
    </div>
  );
}
