import { ReloadOutlined } from '@ant-design/icons';
import { SENSOR_PRESENCE, type SensorPresence, type SmartSensor } from '@atrium/contract';
import { Button, Card, Select, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../shared/ui/data-table';
import { tableEmpty } from '../../../shared/ui/empty-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { useSmartSensors } from '../api/smart-room.api';
import { DeviceStatusBadge, SensorPresenceTag } from '../components/smart-status';
import '../smart-room.css';

/** /smart-induction: the presence sensors, what each says now, how it senses and the room's response delay. */
export function SmartInductionPage() {
  const { t } = useTranslation();
  const [presence, setPresence] = useState<SensorPresence>();
  const sensors = useSmartSensors({ presence });
  const columns: ColumnsType<SmartSensor> = [
    { key: 'name', title: t('smart-room.fields.sensor'), render: (_, sensor) => sensor.name },
    { key: 'room', title: t('smart-room.fields.room'), render: (_, sensor) => sensor.roomName ?? '—' },
    {
      key: 'presence',
      title: t('smart-room.fields.presence'),
      render: (_, sensor) => <SensorPresenceTag presence={sensor.presence} testId={`smart-sensor-presence-${sensor.deviceId}`} />,
    },
    { key: 'status', title: t('smart-room.fields.status'), render: (_, sensor) => <DeviceStatusBadge status={sensor.status} testId={`smart-sensor-status-${sensor.deviceId}`} /> },
    { key: 'method', title: t('smart-room.fields.method'), render: (_, sensor) => t(`smart-room.method.${sensor.method ?? 'none'}`) },
    { key: 'delay', title: t('smart-room.fields.delay'), render: (_, sensor) => t('smart-room.seconds', { count: sensor.responseDelaySeconds }) },
    {
      key: 'reported',
      title: t('smart-room.fields.reported'),
      render: (_, sensor) =>
        sensor.presenceAt === null ? (
          '—'
        ) : (
          <Tooltip title={dayjs(sensor.presenceAt).format('YYYY-MM-DD HH:mm:ss')}>
            <span>{dayjs(sensor.presenceAt).format('MM-DD HH:mm:ss')}</span>
          </Tooltip>
        ),
    },
  ];
  return (
    <div className="atrium-page" data-testid="page-smart-induction">
      <PageHeader title={t('smart-room.induction.title')} subtitle={t('smart-room.induction.subtitle')} />
      <Card className="atrium-card">
        <div className="atrium-toolbar">
          <Select
            allowClear
            value={presence}
            onChange={(value?: SensorPresence) => setPresence(value)}
            options={SENSOR_PRESENCE.map((value) => ({ value, label: t(`smart-room.sensorPresence.${value}`) }))}
            placeholder={t('smart-room.filters.presence')}
            aria-label={t('smart-room.filters.presence')}
            className="atrium-smart-filter"
            data-testid="smart-sensor-filter"
          />
          <Button icon={<ReloadOutlined />} onClick={() => void sensors.refetch()} aria-label={t('smart-room.filters.refresh')} data-testid="smart-sensor-refresh" />
        </div>
        <DataTable<SmartSensor>
          rowKey="deviceId"
          columns={columns}
          dataSource={sensors.data ?? []}
          loading={sensors.isFetching && !sensors.data}
          pagination={false}
          locale={tableEmpty(t('smart-room.emptySensors'))}
          data-testid="smart-sensor-table"
        />
      </Card>
    </div>
  );
}
