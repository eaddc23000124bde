import type { LiveRoom } from '@atrium/contract';
import { Card, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../shared/ui/page-header';
import { LocationFilter } from '../components/board-toolbar';
import { RoomBoard } from '../components/room-board';
import { useLiveBoard } from '../components/use-live-board';
import { EmptyState } from '../../../shared/ui/empty-state';

const SOON_MS = 60 * 60_000;

/**
 * /live: the same live data focused on meetings: rooms with a meeting under way (or booked now and
 * not yet started), then rooms whose next meeting starts within the hour.
 */
export function LivePage() {
  const { t } = useTranslation();
  const [locationId, setLocationId] = useState<number>();
  const rooms = useLiveBoard(locationId);
  const data = rooms.data;
  const list = data?.list ?? [];
  const now = data?.now ?? 0;
  const underway = list.filter((room) => room.current !== null && room.state !== 'maintenance');
  const soon = list.filter((room): room is LiveRoom & { next: NonNullable<LiveRoom['next']> } => room.current === null && room.next !== null && room.next.startAt - now <= SOON_MS);

  return (
    <div className="atrium-page live-page" data-testid="page-live">
      <PageHeader title={t('menu.live')} subtitle={t('live.now.subtitle')} extra={<div className="live-toolbar"><LocationFilter locations={data?.locations ?? []} value={locationId} onChange={setLocationId} /></div>} />
      <Card loading={rooms.isLoading && !data}>
        {data && underway.length === 0 && soon.length === 0 ? <EmptyState description={t('live.now.empty')} /> : null}
        {underway.length > 0 ? (
          <section data-testid="live-underway">
            <Typography.Title level={5}>{t('live.now.underway')}</Typography.Title>
            <RoomBoard rooms={underway} mode="thumbnail" now={now} />
          </section>
        ) : null}
        {soon.length > 0 ? (
          <section data-testid="live-soon" style={{ marginTop: 16 }}>
            <Typography.Title level={5}>{t('live.now.soon')}</Typography.Title>
            <RoomBoard rooms={soon} mode="thumbnail" now={now} />
          </section>
        ) : null}
      </Card>
    </div>
  );
}
