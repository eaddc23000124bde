import { PAGE_SIZES, type SmartAlarm } from '@atrium/contract';
import { Badge, Button, Drawer, Segmented, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { DataTable } from '../../../shared/ui/data-table';
import { tableEmpty } from '../../../shared/ui/empty-state';
import { useAcknowledgeSmartAlarm, useSmartAlarms } from '../api/smart-room.api';

/** The header's alarm button: the count of open alarms nobody acknowledged, opening the list. */
export function AlarmsButton({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const badge = useSmartAlarms({ state: 'open', page: 1, pageSize: PAGE_SIZES[0] });
  return (
    <>
      <Badge count={badge.data?.unacknowledgedCount ?? 0} data-testid="smart-alarm-badge">
        <Button onClick={() => setOpen(true)} data-testid="smart-alarms-open">
          {t('smart-room.alarms.title')}
        </Button>
      </Badge>
      {isOpen ? <AlarmsDrawer canEdit={canEdit} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function AlarmsDrawer({ canEdit, onClose }: { canEdit: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const isNarrow = useMediaQuery('(max-width: 767px)');
  const [state, setState] = useState<'open' | 'cleared'>('open');
  const [page, setPage] = useState(1);
  const alarms = useSmartAlarms({ state, page, pageSize: PAGE_SIZES[0] });
  const acknowledge = useAcknowledgeSmartAlarm();
  const columns: ColumnsType<SmartAlarm> = [
    {
      key: 'device',
      title: t('smart-room.alarms.device'),
      render: (_, alarm) => (
        <span>
          <Typography.Text strong>{alarm.deviceName}</Typography.Text> <Typography.Text type="secondary">{t(`smart-room.kind.${alarm.kind}`)}</Typography.Text>
        </span>
      ),
    },
    { key: 'room', title: t('smart-room.alarms.room'), render: (_, alarm) => alarm.roomName ?? '—' },
    { key: 'cause', title: t('smart-room.alarms.cause'), render: (_, alarm) => <Tag color={alarm.clearedAt === null ? 'red' : 'default'}>{t(`smart-room.alarms.causes.${alarm.cause}`)}</Tag> },
    {
      key: 'when',
      title: t('smart-room.alarms.raised'),
      render: (_, alarm) => (
        <span>
          {dayjs(alarm.raisedAt).format('MM-DD HH:mm')}
          {alarm.clearedAt !== null ? ` – ${dayjs(alarm.clearedAt).format('MM-DD HH:mm')}` : ''}
        </span>
      ),
    },
    {
      key: 'ack',
      title: t('smart-room.alarms.acknowledged'),
      render: (_, alarm) =>
        alarm.acknowledgedAt !== null ? (
          <Typography.Text type="secondary">{alarm.acknowledgedByName}</Typography.Text>
        ) : canEdit ? (
          <Button size="small" loading={acknowledge.isPending && acknowledge.variables === alarm.id} onClick={() => acknowledge.mutate(alarm.id)} data-testid={`smart-alarm-ack-${alarm.id}`}>
            {t('smart-room.alarms.acknowledge')}
          </Button>
        ) : (
          '—'
        ),
    },
  ];
  return (
    <Drawer open onClose={onClose} size={isNarrow ? '100%' : 720} title={t('smart-room.alarms.title')} data-testid="smart-alarms-drawer">
      <Segmented
        value={state}
        onChange={(value) => {
          setState(value as 'open' | 'cleared');
          setPage(1);
        }}
        options={[
          { value: 'open', label: t('smart-room.alarms.open') },
          { value: 'cleared', label: t('smart-room.alarms.cleared') },
        ]}
        aria-label={t('smart-room.alarms.title')}
      />
      <DataTable<SmartAlarm>
        rowKey="id"
        columns={columns}
        dataSource={alarms.data?.list ?? []}
        loading={alarms.isFetching && !alarms.data}
        pagination={{ current: page, pageSize: PAGE_SIZES[0], total: alarms.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        locale={tableEmpty(t('smart-room.alarms.none'))}
        data-testid="smart-alarms-table"
      />
    </Drawer>
  );
}
