import type { DoorDisplay } from '@atrium/contract';
import { Badge, Button, Space, Tooltip, Typography } from 'antd';
import type { ColumnsType, TablePaginationConfig } from 'antd/es/table';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { tableEmpty } from '../../../shared/ui/empty-state';
import './door-display-table.css';
import { useTranslation } from 'react-i18next';
import { DataTable, TruncatedText } from '../../../shared/ui/data-table';

/**
 * One button of a display's row. The row shows every action whose `isShown` allows it; another
 * module adds its own (the Theme action opening its ThemeDrawer) as one more entry of the list.
 */
export interface DoorDisplayRowAction {
  key: string;
  label: string;
  icon?: ReactNode;
  onClick: (device: DoorDisplay) => void;
  isShown?: (device: DoorDisplay) => boolean;
  danger?: boolean;
}

export interface DoorDisplayTableProps {
  devices: DoorDisplay[];
  total: number;
  loading: boolean;
  pagination: TablePaginationConfig;
  onChange: (pagination: TablePaginationConfig) => void;
  rowActions: DoorDisplayRowAction[];
  /** Row selection for batch actions; absent when the caller may not change displays. */
  selection?: { selectedIds: number[]; onChange: (ids: number[]) => void };
}

const STATUS_BADGE = { online: 'success', offline: 'error', inactive: 'default' } as const;

/** The status of a display as a badge; an inactive one shows its code. */
export function DoorDisplayStatus({ device }: { device: DoorDisplay }) {
  const { t } = useTranslation();
  return <Badge status={STATUS_BADGE[device.status]} text={t(`door-display.status.${device.status}`)} data-testid={`door-status-${device.id}`} />;
}

/** The console's table of door displays: room, location path, code, status, platform, last seen and the row actions. */
export function DoorDisplayTable({ devices, loading, pagination, onChange, rowActions, selection }: DoorDisplayTableProps) {
  const { t } = useTranslation();
  const columns: ColumnsType<DoorDisplay> = [
    {
      key: 'room',
      title: t('door-display.fields.room'),
      render: (_, device) => (
        <span className="atrium-person">
          <TruncatedText text={device.roomName} isStrong />
          <TruncatedText text={device.name} className="atrium-muted" />
        </span>
      ),
    },
    {
      key: 'path',
      title: t('door-display.fields.location'),
      render: (_, device) => {
        const path = device.locationPath.join(' / ');
        return (
          <TruncatedText text={path} className="atrium-muted atrium-door-path" testId={`door-path-${device.id}`} />
        );
      },
    },
    {
      key: 'code',
      title: t('door-display.fields.code'),
      render: (_, device) =>
        device.activationCode ? (
          <Typography.Text code copyable data-testid={`door-code-${device.id}`}>
            {device.activationCode}
          </Typography.Text>
        ) : (
          <span className="atrium-muted">{t('door-display.fields.codeUsed')}</span>
        ),
    },
    { key: 'status', title: t('door-display.fields.status'), render: (_, device) => <DoorDisplayStatus device={device} /> },
    {
      key: 'platform',
      title: t('door-display.fields.platform'),
      render: (_, device) => (device.platform ? `${device.platform}${device.appVersion ? ` ${device.appVersion}` : ''}` : ''),
    },
    {
      key: 'lastSeen',
      title: t('door-display.fields.lastSeen'),
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
      title: t('door-display.fields.actions'),
      render: (_, device) => (
        <Space size={4} wrap>
          {rowActions
            .filter((action) => action.isShown?.(device) ?? true)
            .map((action) => (
              <Button
                key={action.key}
                size="small"
                type="link"
                danger={action.danger}
                icon={action.icon}
                onClick={() => action.onClick(device)}
                data-testid={`door-action-${action.key}-${device.id}`}
              >
                {action.label}
              </Button>
            ))}
        </Space>
      ),
    },
  ];
  return (
    <DataTable<DoorDisplay>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={devices}
      loading={loading}
      pagination={pagination}
      onChange={onChange}
      locale={tableEmpty(t('door-display.empty'))}
      {...(selection ? { rowSelection: { selectedRowKeys: selection.selectedIds, onChange: (keys) => selection.onChange(keys as number[]) } } : {})}
      data-testid="door-display-table"
    />
  );
}
