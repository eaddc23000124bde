import { DownloadOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { CapacityBand, FILTER_DEBOUNCE_MS, ROOM_EQUIPMENT, TEXT_MAX, type LocationNode, type Room, type RoomDoorDisplayStatus, type RoomEquipment } from '@atrium/contract';
import { App, Button, Dropdown, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { usePagination } from '../../../shared/hooks/use-pagination';
import { downloadRooms, useRooms, useRoomTypes } from '../api/location.api';
import { DataTable, TruncatedText } from '../../../shared/ui/data-table';
import { tableEmpty } from '../../../shared/ui/empty-state';
import { ToolbarSearch } from '../../../shared/ui/toolbar-search';

const SCREEN_COLORS: Record<Exclude<RoomDoorDisplayStatus, 'none'>, string> = { online: 'blue', offline: 'orange', inactive: 'default' };

/** The room's booking screen as its door displays are now; nothing when it has none. */
export function DoorDisplayTag({ room, testId }: { room: Pick<Room, 'id' | 'doorDisplayStatus'>; testId?: string }) {
  const { t } = useTranslation();
  if (room.doorDisplayStatus === 'none') return null;
  return (
    <Tag color={SCREEN_COLORS[room.doorDisplayStatus]} data-testid={testId ?? `room-screen-${room.id}`}>
      {t(`location.rooms.screen.${room.doorDisplayStatus}`)}
    </Tag>
  );
}

export interface RoomListProps {
  /** The selected node; null for the whole company. */
  node: LocationNode | null;
  canEdit: boolean;
  onAdd: () => void;
  onEdit: (room: Room) => void;
}

/** The rooms under the selected node, with filters, paging and export (spec 001 sections 3 and 9). */
export function RoomList({ node, canEdit, onAdd, onEdit }: RoomListProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const types = useRoomTypes();
  const [keyword, setKeyword] = useState('');
  const [roomTypeId, setRoomTypeId] = useState<number>();
  const [capacityBand, setCapacityBand] = useState<CapacityBand>();
  const [equipment, setEquipment] = useState<RoomEquipment[]>([]);
  const [availability, setAvailability] = useState<'yes' | 'no'>();
  const debounced = useDebouncedValue(keyword.trim(), FILTER_DEBOUNCE_MS);
  const filters = {
    ...(node ? { locationId: node.id } : {}),
    ...(debounced ? { keyword: debounced } : {}),
    ...(roomTypeId ? { roomTypeId } : {}),
    ...(capacityBand ? { capacityBand } : {}),
    ...(equipment.length ? { equipment } : {}),
    ...(availability ? { isAvailable: availability === 'yes' } : {}),
  };
  const paging = usePagination(filters);
  const rooms = useRooms({ ...paging.request, ...filters });

  const exportAs = (format: 'xlsx' | 'csv') => downloadRooms({ ...filters, format }, t('location.rooms.exportFailed')).catch((error: Error) => void message.error(error.message));

  const columns: ColumnsType<Room> = [
    {
      key: 'name',
      title: t('location.rooms.name'),
      render: (_, room) => (
        <span className="atrium-truncate-block room-name-cell" data-testid={`room-row-${room.id}`}>
          <TruncatedText text={room.name} isStrong />
          <TruncatedText text={room.locationPath} lines={2} className="atrium-muted" />
          <DoorDisplayTag room={room} />
        </span>
      ),
    },
    { key: 'capacity', title: t('location.rooms.capacity'), dataIndex: 'capacity', align: 'right' },
    { key: 'type', title: t('location.rooms.type'), render: (_, room) => (room.roomTypeName ? <Tag color={room.roomTypeKind === 'zoom' ? 'blue' : undefined} title={room.roomTypeName}>{room.roomTypeName}</Tag> : '—') },
    {
      key: 'equipment',
      title: t('location.rooms.equipment'),
      render: (_, room) => (
        <span className="room-equipment">
          {room.equipment.map((item) => (
            <Tag key={item} variant="filled">
              {t(`location.equipment.${item}`)}
            </Tag>
          ))}
        </span>
      ),
    },
    {
      key: 'status',
      title: t('location.rooms.status'),
      render: (_, room) => <Tag color={room.isAvailable ? 'green' : 'default'}>{room.isAvailable ? t('location.rooms.available') : t('location.rooms.unavailable')}</Tag>,
    },
    {
      key: 'actions',
      title: t('location.rooms.actions'),
      // Edit stays in sight while the columns scroll on narrower screens.
      fixed: 'right',
      render: (_, room) => (
        <Button type="link" icon={<EditOutlined />} onClick={() => onEdit(room)} data-testid={`room-edit-${room.id}`}>
          {canEdit ? t('location.actions.editRoom') : t('location.actions.disablePeriods')}
        </Button>
      ),
    },
  ];

  return (
    <div className="room-list" data-testid="room-list">
      <div className="atrium-toolbar room-filters">
        <ToolbarSearch value={keyword} onChange={setKeyword} label={t('location.rooms.keyword')} maxLength={TEXT_MAX} data-testid="room-filter-keyword" />
        <Select allowClear value={roomTypeId} onChange={setRoomTypeId} placeholder={t('location.rooms.type')} aria-label={t('location.rooms.type')} options={(types.data ?? []).map((type) => ({ value: type.id, label: type.name }))} className="room-filter" data-testid="room-filter-type" />
        <Select
          allowClear
          value={capacityBand}
          onChange={setCapacityBand}
          placeholder={t('location.rooms.capacityBand')}
          aria-label={t('location.rooms.capacityBand')}
          options={CapacityBand.options.map((band) => ({ value: band, label: t(`location.rooms.bands.${band}`) }))}
          className="room-filter"
          data-testid="room-filter-capacity"
        />
        <Select
          allowClear
          mode="multiple"
          maxTagCount="responsive"
          value={equipment}
          onChange={setEquipment}
          placeholder={t('location.rooms.equipment')}
          aria-label={t('location.rooms.equipment')}
          options={ROOM_EQUIPMENT.map((item) => ({ value: item, label: t(`location.equipment.${item}`) }))}
          className="room-filter room-filter-wide"
          data-testid="room-filter-equipment"
        />
        <Select
          allowClear
          value={availability}
          onChange={setAvailability}
          placeholder={t('location.rooms.availability')}
          aria-label={t('location.rooms.availability')}
          options={[
            { value: 'yes', label: t('location.rooms.available') },
            { value: 'no', label: t('location.rooms.unavailable') },
          ]}
          className="room-filter"
          data-testid="room-filter-availability"
        />
        <span className="room-toolbar-actions">
          <Dropdown
            menu={{
              items: [
                { key: 'xlsx', label: t('location.actions.exportXlsx') },
                { key: 'csv', label: t('location.actions.exportCsv') },
              ],
              onClick: ({ key }) => void exportAs(key as 'xlsx' | 'csv'),
            }}
          >
            <Button icon={<DownloadOutlined />} data-testid="room-export">
              {t('location.actions.export')}
            </Button>
          </Dropdown>
          {canEdit ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={onAdd} data-testid="room-add">
              {t('location.actions.addRoom')}
            </Button>
          ) : null}
        </span>
      </div>
      <DataTable<Room>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rooms.data?.list ?? []}
        loading={rooms.isFetching}
        locale={tableEmpty(t('location.rooms.empty'))}
        pagination={paging.tablePagination(rooms.data?.total ?? 0)}
        onChange={paging.onTableChange}
        data-testid="room-table"
      />
    </div>
  );
}
