import { AIR_METRICS, type AirDevice } from '@atrium/contract';
import { Badge, Card } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../shared/ui/data-table';
import { tableEmpty } from '../../../shared/ui/empty-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { useAirDevices } from '../api/air.api';
import { AIR_STATUS_COLOR, formatAirValue } from '../components/air-format';
import '../air.css';

/** /quality-equipment: the air monitors, where they are, whether they report, what they read last. */
export function QualityEquipmentPage() {
  const { t, i18n } = useTranslation();
  const devices = useAirDevices();
  const columns: ColumnsType<AirDevice> = [
    { key: 'name', title: t('air.equipment.name'), dataIndex: 'name' },
    { key: 'place', title: t('air.equipment.place'), render: (_, device) => (device.path.length > 0 ? device.path.join(' / ') : t('air.equipment.unplaced')) },
    {
      key: 'status',
      title: t('air.equipment.status'),
      render: (_, device) => <Badge status={AIR_STATUS_COLOR[device.status] as 'success'} text={t(`air.status.${device.status}`)} data-testid={`air-device-status-${device.id}`} />,
    },
    { key: 'lastSeen', title: t('air.equipment.lastSeen'), render: (_, device) => (device.lastSeenAt === null ? t('air.equipment.never') : dayjs(device.lastSeenAt).format('YYYY-MM-DD HH:mm')) },
    {
      key: 'values',
      title: t('air.equipment.values'),
      render: (_, device) => (
        <span data-testid={`air-device-values-${device.id}`}>
          {AIR_METRICS.filter((metric) => device.values[metric] !== undefined)
            .map((metric) => `${t(`air.metric.${metric}`)} ${formatAirValue(metric, device.values[metric]!, i18n.language)}`)
            .join(' · ') || '—'}
        </span>
      ),
    },
  ];
  return (
    <div className="atrium-page" data-testid="page-quality-equipment">
      <PageHeader title={t('air.equipment.title')} subtitle={t('air.equipment.subtitle')} />
      <Card className="atrium-card">
        <DataTable<AirDevice>
          rowKey="id"
          columns={columns}
          dataSource={devices.data?.list ?? []}
          loading={devices.isPending}
          pagination={false}
          scroll={{ x: 800 }}
          locale={tableEmpty(t('air.equipment.empty'))}
          data-testid="air-devices"
        />
      </Card>
    </div>
  );
}
