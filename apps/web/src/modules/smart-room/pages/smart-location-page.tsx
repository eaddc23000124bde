import { ReloadOutlined } from '@ant-design/icons';
import { FILTER_DEBOUNCE_MS, hasPermission, ROOM_PRESENCE, SMART_ROOM_STATES, type RoomPresence, type SmartRoom, type SmartRoomState } from '@atrium/contract';
import { Button, Card, Select, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { useSession } from '../../../shared/session/session-context';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { useSmartRooms } from '../api/smart-room.api';
import { AlarmsButton } from '../components/alarms-drawer';
import { RoomControlDrawer } from '../components/room-control-drawer';
import { PresenceTag, RoomStateBadge } from '../components/smart-status';
import '../smart-room.css';
import { ToolbarSearch } from '../../../shared/ui/toolbar-search';

/** /smart-location: every room's smart state and presence; a room opens its control panel. */
export function SmartLocationPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const canEdit = hasPermission(user.permissions, 'roomsLocations:edit');
  const [keyword, setKeyword] = useState('');
  const [state, setState] = useState<SmartRoomState>();
  const [presence, setPresence] = useState<RoomPresence>();
  const [openRoomId, setOpenRoomId] = useState<number | null>(null);
  const debounced = useDebouncedValue(keyword.trim(), FILTER_DEBOUNCE_MS);
  const rooms = useSmartRooms({ keyword: debounced || undefined, state, presence });
  const list = rooms.data ?? [];

  return (
    <div className="atrium-page" data-testid="page-smart-location">
      <PageHeader title={t('smart-room.location.title')} subtitle={t('smart-room.location.subtitle')} extra={<AlarmsButton canEdit={canEdit} />} />
      <Card className="atrium-card">
        <div className="atrium-toolbar">
          <ToolbarSearch value={keyword} onChange={setKeyword} label={t('smart-room.filters.keyword')} maxLength={100} data-testid="smart-filter-keyword" />
          <Select
            allowClear
            value={state}
            onChange={(value?: SmartRoomState) => setState(value)}
            options={SMART_ROOM_STATES.map((value) => ({ value, label: t(`smart-room.state.${value}`) }))}
            placeholder={t('smart-room.filters.state')}
            aria-label={t('smart-room.filters.state')}
            className="atrium-smart-filter"
            data-testid="smart-filter-state"
          />
          <Select
            allowClear
            value={presence}
            onChange={(value?: RoomPresence) => setPresence(value)}
            options={ROOM_PRESENCE.map((value) => ({ value, label: t(`smart-room.presence.${value}`) }))}
            placeholder={t('smart-room.filters.presence')}
            aria-label={t('smart-room.filters.presence')}
            className="atrium-smart-filter"
            data-testid="smart-filter-presence"
          />
          <Button icon={<ReloadOutlined />} onClick={() => void rooms.refetch()} aria-label={t('smart-room.filters.refresh')} data-testid="smart-refresh" />
        </div>
        <StateSummary rooms={list} />
        {rooms.isPending ? <Spin /> : null}
        {!rooms.isPending && list.length === 0 ? <EmptyState description={t('smart-room.empty')} /> : null}
        <ul className="atrium-smart-grid" data-testid="smart-room-grid">
          {list.map((room) => (
            <li key={room.roomId}>
              <RoomCard room={room} onOpen={() => setOpenRoomId(room.roomId)} />
            </li>
          ))}
        </ul>
      </Card>
      <RoomControlDrawer roomId={openRoomId} canEdit={canEdit} onClose={() => setOpenRoomId(null)} />
    </div>
  );
}

function StateSummary({ rooms }: { rooms: SmartRoom[] }) {
  const { t } = useTranslation();
  return (
    <Space wrap className="atrium-smart-summary" data-testid="smart-summary">
      <Typography.Text strong>{t('smart-room.summary.rooms', { count: rooms.length })}</Typography.Text>
      {SMART_ROOM_STATES.map((state) => (
        <Typography.Text key={state} type="secondary">
          {t('smart-room.summary.state', { label: t(`smart-room.state.${state}`), count: rooms.filter((room) => room.state === state).length })}
        </Typography.Text>
      ))}
    </Space>
  );
}

function RoomCard({ room, onOpen }: { room: SmartRoom; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className={`atrium-smart-card atrium-smart-card-${room.state}`} onClick={onOpen} aria-label={t('smart-room.card.open', { name: room.name })} data-testid={`smart-room-${room.roomId}`}>
      <span className="atrium-smart-card-name">{room.name}</span>
      <span className="atrium-smart-card-path">{room.path}</span>
      <span className="atrium-smart-card-line">
        <RoomStateBadge state={room.state} testId={`smart-room-state-${room.roomId}`} />
        <PresenceTag presence={room.presence} testId={`smart-room-presence-${room.roomId}`} />
      </span>
      <span className="atrium-smart-card-meta">
        {room.devices.total === 0 ? t('smart-room.card.noDevices') : t('smart-room.card.devices', { online: room.devices.online, total: room.devices.total })}
      </span>
    </button>
  );
}
