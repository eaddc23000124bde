import { BgColorsOutlined, BulbOutlined, EditOutlined, PlusOutlined, ReloadOutlined, SettingOutlined, StopOutlined } from '@ant-design/icons';
import { DEVICE_STATUSES, FILTER_DEBOUNCE_MS, hasPermission, TEXT_MAX, ThemePlatform, type DeviceStatus, type DoorDisplay } from '@atrium/contract';
import { Button, Card, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { usePagination } from '../../../shared/hooks/use-pagination';
import { useSession } from '../../../shared/session/session-context';
import { PageHeader } from '../../../shared/ui/page-header';
import { ThemeDrawer } from '../../device-theme';
import { useDisplayRooms, useDoorDisplays } from '../api/door-display.api';
import { AddCodeModal, CancelDisplaysModal, RebindModal, roomOptions } from '../components/device-modals';
import { DoorDisplayTable, type DoorDisplayRowAction } from '../components/door-display-table';
import { LightCycleDrawer } from '../components/light-cycle-drawer';
import { ScreenSettingsDrawer, type ScreenSettingsTarget } from '../components/screen-settings-drawer';
import './door-displays-page.css';
import { ToolbarSearch } from '../../../shared/ui/toolbar-search';

/** /door-displays: the booking screens at rooms' doors, their codes, status, settings and light cycles. */
export function DoorDisplaysPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const canEdit = hasPermission(user.permissions, 'reservationScreens:edit');
  const [keyword, setKeyword] = useState('');
  const [roomId, setRoomId] = useState<number>();
  const [status, setStatus] = useState<DeviceStatus>();
  const debounced = useDebouncedValue(keyword.trim(), FILTER_DEBOUNCE_MS);
  const filters = { keyword: debounced || undefined, roomId, status };
  const paging = usePagination(filters);
  const displays = useDoorDisplays({ ...paging.request, ...filters });
  const rooms = useDisplayRooms();
  const [selectedIds, setSelectedIds] = useState<number[]>([]);
  const [isAdding, setAdding] = useState(false);
  const [rebinding, setRebinding] = useState<DoorDisplay | null>(null);
  const [cancelling, setCancelling] = useState<DoorDisplay[] | null>(null);
  const [cycleDevice, setCycleDevice] = useState<DoorDisplay | null>(null);
  const [themeDevice, setThemeDevice] = useState<DoorDisplay | null>(null);
  const [settingsTarget, setSettingsTarget] = useState<ScreenSettingsTarget | null>(null);
  const list = displays.data?.list ?? [];

  const rowActions: DoorDisplayRowAction[] = [
    { key: 'cycle', label: t('door-display.actions.lightCycle'), icon: <BulbOutlined />, onClick: setCycleDevice },
    {
      key: 'settings',
      label: t('door-display.actions.settings'),
      icon: <SettingOutlined />,
      onClick: (device) => setSettingsTarget({ kind: 'room', roomId: device.roomId, roomName: device.roomName }),
    },
    ...(canEdit
      ? [
          { key: 'theme', label: t('door-display.actions.theme'), icon: <BgColorsOutlined />, onClick: setThemeDevice },
          { key: 'rebind', label: t('door-display.actions.rebind'), icon: <EditOutlined />, onClick: setRebinding },
          { key: 'cancel', label: t('door-display.actions.cancel'), icon: <StopOutlined />, danger: true, onClick: (device: DoorDisplay) => setCancelling([device]) },
        ]
      : []),
  ];

  return (
    <div className="atrium-page" data-testid="page-door-displays">
      <PageHeader
        title={t('door-display.title')}
        subtitle={t('door-display.subtitle')}
        extra={
          <Space wrap>
            <Button icon={<SettingOutlined />} onClick={() => setSettingsTarget({ kind: 'list' })} data-testid="door-settings-groups">
              {t('door-display.settings.title')}
            </Button>
            {canEdit ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="door-add-code">
                {t('door-display.add.title')}
              </Button>
            ) : null}
          </Space>
        }
      />
      <Card className="atrium-card">
        <div className="atrium-toolbar atrium-door-filters">
          <ToolbarSearch value={keyword} onChange={setKeyword} label={t('door-display.filters.keyword')} maxLength={TEXT_MAX} data-testid="door-filter-keyword" />
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            value={roomId}
            onChange={(value?: number) => setRoomId(value)}
            options={roomOptions(rooms.data ?? [])}
            placeholder={t('door-display.filters.room')}
            aria-label={t('door-display.filters.room')}
            className="atrium-door-filter-room"
            data-testid="door-filter-room"
          />
          <Select
            allowClear
            value={status}
            onChange={(value?: DeviceStatus) => setStatus(value)}
            options={DEVICE_STATUSES.map((value) => ({ value, label: t(`door-display.status.${value}`) }))}
            placeholder={t('door-display.filters.status')}
            aria-label={t('door-display.filters.status')}
            className="atrium-door-filter-status"
            data-testid="door-filter-status"
          />
          <Button icon={<ReloadOutlined />} onClick={() => void displays.refetch()} aria-label={t('door-display.actions.refresh')} data-testid="door-refresh" />
          {canEdit ? (
            <Button
              danger
              icon={<StopOutlined />}
              disabled={selectedIds.length === 0}
              onClick={() => setCancelling(list.filter((device) => selectedIds.includes(device.id)))}
              data-testid="door-batch-cancel"
            >
              {t('door-display.actions.batchCancel', { count: selectedIds.length })}
            </Button>
          ) : null}
        </div>
        <DoorDisplayTable
          devices={list}
          total={displays.data?.total ?? 0}
          loading={displays.isFetching}
          pagination={paging.tablePagination(displays.data?.total ?? 0)}
          onChange={paging.onTableChange}
          rowActions={rowActions}
          {...(canEdit ? { selection: { selectedIds, onChange: setSelectedIds } } : {})}
        />
      </Card>
      {isAdding ? <AddCodeModal rooms={rooms.data ?? []} onClose={() => setAdding(false)} /> : null}
      {rebinding ? <RebindModal device={rebinding} rooms={rooms.data ?? []} onClose={() => setRebinding(null)} /> : null}
      {cancelling ? (
        <CancelDisplaysModal
          devices={cancelling}
          onClose={(cancelled) => {
            if (cancelled) setSelectedIds((ids) => ids.filter((id) => !cancelling.some((device) => device.id === id)));
            setCancelling(null);
          }}
        />
      ) : null}
      <LightCycleDrawer device={cycleDevice} onClose={() => setCycleDevice(null)} />
      {themeDevice ? (
        <ThemeDrawer
          open
          deviceId={themeDevice.id}
          roomId={themeDevice.roomId}
          // A display reports its platform when it activates; before that every theme is offered.
          platform={ThemePlatform.safeParse(themeDevice.platform).data ?? null}
          onClose={() => setThemeDevice(null)}
        />
      ) : null}
      <ScreenSettingsDrawer target={settingsTarget} canEdit={canEdit} onClose={() => setSettingsTarget(null)} />
    </div>
  );
}
