import { LinkOutlined, ReloadOutlined } from '@ant-design/icons';
import { hasPermission, type AirAlert } from '@atrium/contract';
import { Button, Card, List, Spin, Tag, TreeSelect, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session-context';
import { EmptyState, tableEmpty } from '../../../shared/ui/empty-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { useAcknowledgeAirAlert, useAirLocations, useAirNow, useOpenAirAlerts } from '../api/air.api';
import { AirBoardLinksDrawer } from '../components/air-board-links-drawer';
import { formatAirValue, locationOptions } from '../components/air-format';
import { PlaceCard } from '../components/place-card';
import '../air.css';

/** /air-sensors: the air in each place now, the open alerts to acknowledge, and the lobby board's links. */
export function AirSensorsPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const canEdit = hasPermission(user.permissions, 'roomsLocations:edit');
  const [locationId, setLocationId] = useState<number>();
  const [isLinksOpen, setLinksOpen] = useState(false);
  const now = useAirNow(locationId);
  const alerts = useOpenAirAlerts();
  const tree = useAirLocations();
  const options = useMemo(() => locationOptions(tree.data ?? []), [tree.data]);
  const places = now.data?.list ?? [];

  return (
    <div className="atrium-page" data-testid="page-air-sensors">
      <PageHeader
        title={t('air.sensors.title')}
        subtitle={t('air.sensors.subtitle')}
        extra={
          <Button icon={<LinkOutlined />} onClick={() => setLinksOpen(true)} data-testid="air-links-open">
            {t('air.sensors.boardLinks')}
          </Button>
        }
      />
      <Card className="atrium-card">
        <div className="atrium-toolbar">
          <TreeSelect
            allowClear
            treeDefaultExpandAll
            value={locationId}
            onChange={(value?: number) => setLocationId(value)}
            treeData={options}
            placeholder={t('air.sensors.allLocations')}
            aria-label={t('air.sensors.location')}
            className="air-filter"
            data-testid="air-filter-location"
          />
          <Button icon={<ReloadOutlined />} onClick={() => void now.refetch()} aria-label={t('air.sensors.refresh')} />
          {now.data ? (
            <Typography.Text type="secondary" data-testid="air-devices-online">
              {t('air.sensors.devices', { online: now.data.devicesOnline, total: now.data.devicesTotal })}
            </Typography.Text>
          ) : null}
        </div>
        {now.isPending ? <Spin /> : null}
        {!now.isPending && places.length === 0 ? <EmptyState description={t('air.sensors.empty')} /> : null}
        <div className="air-grid" data-testid="air-places">
          {places.map((place) => (
            <PlaceCard
              key={place.locationId}
              place={place}
              testId={`air-place-${place.locationId}`}
              footer={
                <footer className="air-place-foot">
                  <span>{t('air.sensors.placeDevices', { online: place.devicesOnline, total: place.devicesTotal })}</span>
                  {place.openAlerts > 0 ? <Tag color="error">{t('air.sensors.openAlertsCount', { count: place.openAlerts })}</Tag> : null}
                </footer>
              }
            />
          ))}
        </div>
      </Card>
      <Card className="atrium-card" title={t('air.sensors.openAlerts')}>
        <OpenAlerts alerts={alerts.data?.list ?? []} isLoading={alerts.isPending} canEdit={canEdit} />
      </Card>
      <AirBoardLinksDrawer open={isLinksOpen} onClose={() => setLinksOpen(false)} locations={options} canEdit={canEdit} />
    </div>
  );
}

function OpenAlerts({ alerts, isLoading, canEdit }: { alerts: AirAlert[]; isLoading: boolean; canEdit: boolean }) {
  const { t, i18n } = useTranslation();
  const acknowledge = useAcknowledgeAirAlert();
  return (
    <List
      loading={isLoading}
      dataSource={alerts}
      locale={tableEmpty(t('air.sensors.noAlerts'))}
      data-testid="air-alerts"
      renderItem={(alert) => (
        <List.Item
          data-testid={`air-alert-${alert.id}`}
          actions={[
            alert.acknowledgedAt ? (
              <Typography.Text type="secondary" key="seen">
                {t('air.sensors.acknowledged', { name: alert.acknowledgedByName ?? '' })}
              </Typography.Text>
            ) : canEdit ? (
              <Button size="small" key="ack" loading={acknowledge.isPending && acknowledge.variables === alert.id} onClick={() => acknowledge.mutate(alert.id)} data-testid={`air-alert-ack-${alert.id}`}>
                {t('air.sensors.acknowledge')}
              </Button>
            ) : null,
          ]}
        >
          <List.Item.Meta
            title={alert.locationName ?? '—'}
            description={t('air.sensors.alertLine', {
              metric: t(`air.metric.${alert.metric}`),
              side: t(`air.sensors.${alert.side}`),
              limit: formatAirValue(alert.metric, alert.limit, i18n.language),
              peak: formatAirValue(alert.metric, alert.peak, i18n.language),
              time: dayjs(alert.raisedAt).format('YYYY-MM-DD HH:mm'),
            })}
          />
        </List.Item>
      )}
    />
  );
}
