import { hasPermission, type DeskAccessDepartment } from '@atrium/contract';
import { Button, Input, Space, Switch, Tabs, App } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session-context';
import { DataTable } from '../../../shared/ui/data-table';
import { tableEmpty } from '../../../shared/ui/empty-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { useDeskAccessDepartments, useSetDeskService } from '../api/desk-access.api';
import { DeskClosuresTab } from '../components/desk-closures-tab';

/**
 * /deskeeper-station-strategy: who may use desk booking (a switch per department) and the closure days
 * that block booking (decision 0019, "Desk access and closures"). Editors (roomsLocations:edit) change
 * them; readers read.
 */
export function DeskAccessPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const canEdit = hasPermission(user.permissions, 'roomsLocations:edit');
  return (
    <div className="atrium-page" data-testid="page-desk-access">
      <PageHeader title={t('desk.access.title')} subtitle={t('desk.access.subtitle')} />
      <Tabs
        items={[
          { key: 'departments', label: t('desk.access.departmentsTab'), children: <DepartmentsTab canEdit={canEdit} /> },
          { key: 'closures', label: t('desk.access.closuresTab'), children: <DeskClosuresTab canEdit={canEdit} /> },
        ]}
      />
    </div>
  );
}

/** The departments, each with its desk booking switch; a search, and the selection switched at once. */
function DepartmentsTab({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const departments = useDeskAccessDepartments();
  const setService = useSetDeskService();
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const shown = useMemo(() => {
    const wanted = keyword.trim().toLowerCase();
    return (departments.data ?? []).filter((department) => wanted === '' || department.path.toLowerCase().includes(wanted));
  }, [departments.data, keyword]);

  async function switchDepartments(ids: number[], enabled: boolean) {
    try {
      const result = await setService.mutateAsync({ departmentIds: ids, enabled });
      void message.success(t(enabled ? 'desk.access.turnedOn' : 'desk.access.turnedOff', { count: result.updated }));
      setSelected([]);
    } catch {
      // The client has shown the server's reason.
    }
  }

  const columns = [
    { key: 'path', title: t('desk.access.department'), dataIndex: 'path' },
    { key: 'members', title: t('desk.access.members'), dataIndex: 'memberCount', width: 110 },
    {
      key: 'switch',
      title: t('desk.access.deskBooking'),
      width: 150,
      render: (_: unknown, department: DeskAccessDepartment) => (
        <Switch
          checked={department.deskBookingEnabled}
          disabled={!canEdit}
          loading={setService.isPending && setService.variables?.departmentIds.includes(department.id)}
          onChange={(enabled) => void switchDepartments([department.id], enabled)}
          aria-label={t('desk.access.switchLabel', { name: department.name })}
          data-testid={`desk-access-switch-${department.id}`}
        />
      ),
    },
  ];

  return (
    <>
      <p className="atrium-muted">{t('desk.access.departmentsHelp')}</p>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search allowClear placeholder={t('desk.access.search')} aria-label={t('desk.access.search')} onChange={(event) => setKeyword(event.target.value)} style={{ width: 280 }} data-testid="desk-access-search" />
        {canEdit && selected.length > 0 ? (
          <>
            <Button onClick={() => void switchDepartments(selected, true)} loading={setService.isPending} data-testid="desk-access-on">
              {t('desk.access.turnOnSelected', { count: selected.length })}
            </Button>
            <Button onClick={() => void switchDepartments(selected, false)} loading={setService.isPending} data-testid="desk-access-off">
              {t('desk.access.turnOffSelected', { count: selected.length })}
            </Button>
          </>
        ) : null}
      </Space>
      <DataTable<DeskAccessDepartment>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={shown}
        loading={departments.isFetching}
        pagination={false}
        rowSelection={canEdit ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) } : undefined}
        onRow={(department) => ({ 'data-testid': `desk-access-row-${department.id}` }) as object}
        locale={tableEmpty(t('desk.access.noDepartments'))}
        data-testid="desk-access-departments"
      />
    </>
  );
}
