import { LinkOutlined } from '@ant-design/icons';
import { hasPermission } from '@atrium/contract';
import { Button, Card, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session-context';
import { PageHeader } from '../../../shared/ui/page-header';
import { BoardLinksDrawer } from '../components/board-links-drawer';
import { LocationFilter, ModeSwitch, StateSummary } from '../components/board-toolbar';
import { clockTime } from '../components/live-format';
import { RoomBoard, type BoardMode } from '../components/room-board';
import { useLiveBoard } from '../components/use-live-board';

/** /roomBoard: every room's state now, in a list or as thumbnails, by location, updated live. */
export function RoomBoardPage() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const canManageLinks = hasPermission(user.permissions, 'reservationScreens:edit');
  const [locationId, setLocationId] = useState<number>();
  // Thumbnails suit a phone better than a wide table.
  const [mode, setMode] = useState<BoardMode>(() => (window.matchMedia?.('(max-width: 700px)').matches ? 'thumbnail' : 'list'));
  const [linksOpen, setLinksOpen] = useState(false);
  const rooms = useLiveBoard(locationId);
  const data = rooms.data;

  return (
    <div className="atrium-page live-page" data-testid="page-room-board">
      <PageHeader
        title={t('menu.roomBoard')}
        subtitle={t('live.board.subtitle')}
        extra={
          <div className="live-toolbar">
            <LocationFilter locations={data?.locations ?? []} value={locationId} onChange={setLocationId} />
            <ModeSwitch value={mode} onChange={setMode} />
            {canManageLinks ? (
              <Button icon={<LinkOutlined />} onClick={() => setLinksOpen(true)} data-testid="live-links-open">
                {t('live.links.open')}
              </Button>
            ) : null}
          </div>
        }
      />
      <Card loading={rooms.isLoading && !data}>
        {data ? (
          <>
            <StateSummary rooms={data.list} />
            <RoomBoard rooms={data.list} mode={mode} now={data.now} />
            <Typography.Text type="secondary" style={{ display: 'block', marginTop: 12, fontSize: 12 }}>
              {t('live.board.updated', { time: clockTime(data.now, null, i18n.language) })}
            </Typography.Text>
          </>
        ) : null}
      </Card>
      {canManageLinks ? <BoardLinksDrawer open={linksOpen} onClose={() => setLinksOpen(false)} locations={data?.locations ?? []} /> : null}
    </div>
  );
}
