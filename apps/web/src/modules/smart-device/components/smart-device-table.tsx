import type { SmartDeviceRow } from '@atrium/contract';
import { Badge, Button, Space, Tag, Tooltip } from 'antd';
import type { ColumnsType, TablePaginationConfig } from 'antd/es/table';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, TruncatedText } from '../../../shared/ui/data-table';
import { tableEmpty } from '../../../shared/ui/empty-state';

/** One button of a device's row. */
export interface SmartDeviceRowAction {
  key: string;
  label: string;
  icon?: ReactNode;
  danger?: boolean;
  onClick: (device: SmartDeviceRow) => void;
}

export interface SmartDeviceTableProps {
  devices: SmartDeviceRow[];
  loading: boolean;
  pagination: TablePaginationConfig;
  onChange: (pagination: TablePaginationConfig) => void;
  rowActions: SmartDeviceRowAction[];
}

const STATUS_BADGE = { online: 'success', partially_online: 'warning', offline: 'error', inactive: 'default' } as const;

/** A device's status as a badge. */
export function SmartDeviceStatusBadge({ device }: { device: SmartDeviceRow }) {
  const { t } = useTranslation();
  return <Badge status={STATUS_BADGE[device.status]} text={t(`smart-device.status.${device.status}`)} data-testid={`smart-status-${device.id}`} />;
}

/** The devices page's table: name and kind, brand and model, serial, addresses, room, status, use status, last seen. */
export function SmartDeviceTable({ devices, loading, pagination, onChange, rowActions }: SmartDeviceTableProps) {
  const { t } = useTranslation();
  const columns: ColumnsType<SmartDeviceRow> = [
    {
      key: 'name',
      title: t('smart-device.fields.name'),
      render: (_, device) => (
        <span className="atrium-person">
          <TruncatedText text={device.name} isStrong />
          <TruncatedText text={t(`smart-device.kinds.${device.kind}`)} className="atrium-muted" />
        </span>
      ),
    },
    { key: 'brandModel', title: t('smart-device.fields.brandModel'), render: (_, device) => [device.brand, device.model].filter(Boolean).join(' / ') },
    { key: 'serial', title: t('smart-device.fields.serialNumber'), render: (_, device) => device.serialNumber ?? '' },
    {
      key: 'address',
      title: t('smart-device.fields.address'),
      render: (_, device) => (
        <span className="atrium-person">
          <span>{device.ipAddress ?? ''}</span>
          <span className="atrium-muted">{device.macAddress ?? ''}</span>
        </span>
      ),
    },
    { key: 'room', title: t('smart-device.fields.room'), render: (_, device) => <TruncatedText text={device.roomName ?? ''} /> },
    { key: 'status', title: t('smart-device.fields.status'), render: (_, device) => <SmartDeviceStatusBadge device={device} /> },
    {
      key: 'useStatus',
      title: t('smart-device.fields.useStatus'),
      render: (_, device) => (
        <Tag color={device.useStatus === 'in_use' ? 'blue' : 'default'} data-testid={`smart-use-${device.id}`}>
          {t(`smart-device.useStatus.${device.useStatus}`)}
        </Tag>
      ),
    },
    {
      key: 'lastSeen',
      title: t('smart-device.fields.lastSeen'),
      render: (_, device) =>
        device.lastSeenAt ? (
          <Tooltip title={dayjs(device.lastSeenAt).format('YYYY-MM-DD HH:mm:ss')}>
            <span>{dayjs(device.lastSeenAt).format('MM-DD HH:mm')}</span>
          </Tooltip>
        ) : (
          ''
        ),
    },
    {
      key: 'actions',
      title: t('smart-device.fields.actions'),
      render: (_, device) => (
        <Space size={4} wrap>
          {rowActions.map((action) => (
            <Button key={action.key} size="small" type="link" danger={action.danger} icon={action.icon} onClick={() => action.onClick(device)} data-testid={`smart-action-${action.key}-${device.id}`}>
              {action.label}
            </Button>
          ))}
        </Space>
      ),
    },
  ];
  return (
    <DataTable<SmartDeviceRow>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={devices}
      loading={loading}
      pagination={pagination}
      onChange={onChange}
      locale={tableEmpty(t('smart-device.empty'))}
      data-testid="smart-device-table"
    />
  );
}
