import { DeleteOutlined, EditOutlined, KeyOutlined, PlusOutlined, PoweroffOutlined, ReloadOutlined } from '@ant-design/icons';
import { FILTER_DEBOUNCE_MS, hasPermission, SMART_DEVICE_KINDS, SMART_DEVICE_STATUSES, type SmartDeviceKind, type SmartDeviceRow, type SmartDeviceStatus } from '@atrium/contract';
import { Button, Card, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { usePagination } from '../../../shared/hooks/use-pagination';
import { useSession } from '../../../shared/session/session-context';
import { PageHeader } from '../../../shared/ui/page-header';
import { useSmartDevices } from '../api/smart-device.api';
import { SmartDeviceFormModal } from '../components/smart-device-form';
import { ActivationCodeModal, DeleteDeviceModal, RestartModal } from '../components/smart-device-modals';
import { SmartDeviceTable, type SmartDeviceRowAction } from '../components/smart-device-table';
import './smart-devices-page.css';
import { ToolbarSearch } from '../../../shared/ui/toolbar-search';

/** Which dialog is open, for which device. */
type Dialog = { kind: 'form'; deviceId: number | null } | { kind: 'code' | 'restart' | 'delete'; device: SmartDeviceRow } | null;

/** /smart-equipment: the company's smart devices, their status, codes and restarts (decision 0020, "Devices page"). */
export function SmartDevicesPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const canEdit = hasPermission(user.permissions, 'roomsLocations:edit');
  const [search, setSearch] = useState('');
  const [kind, setKind] = useState<SmartDeviceKind>();
  const [status, setStatus] = useState<SmartDeviceStatus>();
  const debounced = useDebouncedValue(search.trim(), FILTER_DEBOUNCE_MS);
  const filters = { search: debounced || undefined, kind, status };
  const paging = usePagination(filters);
  const devices = useSmartDevices({ ...paging.request, ...filters });
  const [dialog, setDialog] = useState<Dialog>(null);

  const rowActions: SmartDeviceRowAction[] = canEdit
    ? [
        { key: 'edit', label: t('smart-device.actions.edit'), icon: <EditOutlined />, onClick: (device) => setDialog({ kind: 'form', deviceId: device.id }) },
        { key: 'code', label: t('smart-device.actions.activationCode'), icon: <KeyOutlined />, onClick: (device) => setDialog({ kind: 'code', device }) },
        { key: 'restart', label: t('smart-device.actions.restart'), icon: <PoweroffOutlined />, onClick: (device) => setDialog({ kind: 'restart', device }) },
        { key: 'delete', label: t('smart-device.actions.delete'), icon: <DeleteOutlined />, danger: true, onClick: (device) => setDialog({ kind: 'delete', device }) },
      ]
    : [];
  const close = () => setDialog(null);

  return (
    <div className="atrium-page" data-testid="page-smart-devices">
      <PageHeader
        title={t('smart-device.title')}
        subtitle={t('smart-device.subtitle')}
        extra={
          canEdit ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'form', deviceId: null })} data-testid="smart-add">
              {t('smart-device.actions.add')}
            </Button>
          ) : null
        }
      />
      <Card className="atrium-card">
        <div className="atrium-toolbar atrium-smart-filters">
          <ToolbarSearch value={search} onChange={setSearch} label={t('smart-device.filters.search')} maxLength={100} data-testid="smart-filter-search" />
          <Select
            allowClear
            value={kind}
            onChange={(value?: SmartDeviceKind) => setKind(value)}
            options={SMART_DEVICE_KINDS.map((value) => ({ value, label: t(`smart-device.kinds.${value}`) }))}
            placeholder={t('smart-device.filters.kind')}
            aria-label={t('smart-device.filters.kind')}
            className="atrium-smart-filter-kind"
            data-testid="smart-filter-kind"
          />
          <Select
            allowClear
            value={status}
            onChange={(value?: SmartDeviceStatus) => setStatus(value)}
            options={SMART_DEVICE_STATUSES.map((value) => ({ value, label: t(`smart-device.status.${value}`) }))}
            placeholder={t('smart-device.filters.status')}
            aria-label={t('smart-device.filters.status')}
            className="atrium-smart-filter-status"
            data-testid="smart-filter-status"
          />
          <Button icon={<ReloadOutlined />} onClick={() => void devices.refetch()} aria-label={t('smart-device.actions.refresh')} data-testid="smart-refresh" />
        </div>
        <SmartDeviceTable
          devices={devices.data?.list ?? []}
          loading={devices.isFetching}
          pagination={paging.tablePagination(devices.data?.total ?? 0)}
          onChange={paging.onTableChange}
          rowActions={rowActions}
        />
      </Card>
      {dialog?.kind === 'form' ? <SmartDeviceFormModal deviceId={dialog.deviceId} onClose={close} /> : null}
      {dialog?.kind === 'code' ? <ActivationCodeModal device={dialog.device} onClose={close} /> : null}
      {dialog?.kind === 'restart' ? <RestartModal device={dialog.device} onClose={close} /> : null}
      {dialog?.kind === 'delete' ? <DeleteDeviceModal device={dialog.device} onClose={close} /> : null}
    </div>
  );
}
