import { LOCATION_LEVELS, type Lang, type Reservation, type SchedulePlace, type ScheduleRoom } from '@atrium/contract';
import { Button, DatePicker, Input, Space, Spin, Tag, TreeSelect, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useBookingPreferences } from '../../../shared/booking-preferences/booking-preferences.api';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { calendarDate, dayTitle } from '../../../shared/i18n/date-titles';
import { zoneName } from '../../../shared/time-zone/zone-text';
import { useSchedule } from '../api/booking.api';
import { DEFAULT_WORK_START_MINUTES, RoomsGrid } from './rooms-grid';

interface TreeNode {
  value: number;
  title: string;
  children: TreeNode[];
}

/** The places above rooms as a tree for the location picker. */
export function placeTree(places: SchedulePlace[]): TreeNode[] {
  const nodes = new Map(places.map((place) => [place.id, { value: place.id, title: place.name, children: [] as TreeNode[] }]));
  const roots: TreeNode[] = [];
  for (const place of places) {
    const node = nodes.get(place.id)!;
    const parent = place.parentId !== null ? nodes.get(place.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** Minutes into the day of an 'HH:mm' time. */
const minutesOf = (time: string) => {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return hour * 60 + minute;
};

export interface RoomsViewProps {
  /** Rooms as rows along a time axis ('horizontal', the timeline) or as columns. */
  orientation: 'horizontal' | 'vertical';
  day: Dayjs;
  onDay: (day: Dayjs) => void;
  onToday: () => void;
  locationId: number | undefined;
  onLocation: (locationId: number | undefined) => void;
  /** One room on its own, opened from the global search. */
  roomFocus: number | null;
  onRoomFocus: (roomId: number | null) => void;
  keyword: string;
  onKeyword: (keyword: string) => void;
  now: number;
  /** The viewer's zone, in which every time of the page shows (docs/decisions/0011). */
  zone: string;
  isPhone: boolean;
  onPick: (room: ScheduleRoom, startMinutes: number, endMinutes: number) => void;
  onOpen: (reservation: Reservation) => void;
  /** A drawer covers the grid: it stops following the pointer. */
  isCovered: boolean;
}

/** The rooms' day on /reserve: the day, location and room search above the rooms' grid. */
export function RoomsView({ orientation, day, onDay, onToday, locationId, onLocation, roomFocus, onRoomFocus, keyword, onKeyword, now, zone, isPhone, onPick, onOpen, isCovered }: RoomsViewProps) {
  const { t, i18n } = useTranslation();
  const preferences = useBookingPreferences();
  const date = day.format('YYYY-MM-DD');
  const schedule = useSchedule({ date, timeZone: zone, locationId: roomFocus ?? locationId, keyword: useDebouncedValue(keyword, 300), pageSize: 100 });
  const places = useMemo(() => placeTree((schedule.data?.places ?? []).filter((place) => place.level < LOCATION_LEVELS.room)), [schedule.data]);

  return (
    <>
      <Space wrap className="reserve-toolbar">
        <Button onClick={() => onDay(day.subtract(1, 'day'))} aria-label={t('booking.previous')} data-testid="reserve-day-prev">
          ‹
        </Button>
        <DatePicker value={day} allowClear={false} onChange={(value) => value && onDay(value)} aria-label={t('booking.scale.day')} data-testid="reserve-day" />
        <Button onClick={() => onDay(day.add(1, 'day'))} aria-label={t('booking.next')} data-testid="reserve-day-next">
          ›
        </Button>
        <Button onClick={onToday} data-testid="reserve-day-today">
          {t('booking.today')}
        </Button>
        <Typography.Text strong className="reserve-toolbar-line" data-testid="reserve-day-title">
          {dayTitle(calendarDate(day), i18n.language as Lang)}
        </Typography.Text>
        {roomFocus !== null ? (
          <Tag closable onClose={() => onRoomFocus(null)} data-testid="reserve-room-focus">
            {schedule.data?.list.find((room) => room.id === roomFocus)?.name ?? t('booking.room')}
          </Tag>
        ) : null}
        <TreeSelect
          allowClear
          treeDefaultExpandAll
          placeholder={t('booking.allLocations')}
          aria-label={t('booking.allLocations')}
          value={locationId}
          onChange={(value?: number) => {
            onRoomFocus(null);
            onLocation(value);
          }}
          treeData={places}
          className="reserve-toolbar-line"
          style={{ width: isPhone ? '100%' : 240 }}
          data-testid="reserve-location"
        />
        <Input.Search allowClear className="reserve-toolbar-line" placeholder={t('booking.searchRooms')} aria-label={t('booking.searchRooms')} value={keyword} onChange={(event) => onKeyword(event.target.value)} style={{ width: isPhone ? '100%' : 200 }} data-testid="reserve-room-search" />
        {schedule.isFetching ? <Spin size="small" /> : null}
      </Space>
      <Typography.Paragraph type="secondary">
        {t('booking.freeHint')} · <span data-testid="reserve-axis-zone">{t('booking.zone.viewer', { zone: zoneName(zone, t) })}</span>
      </Typography.Paragraph>
      {schedule.data ? (
        <RoomsGrid
          rooms={schedule.data.list}
          date={date}
          now={now}
          zone={zone}
          workStartMinutes={preferences.data?.bookableHours ? minutesOf(preferences.data.bookableHours.start) : DEFAULT_WORK_START_MINUTES}
          orientation={orientation}
          onPick={onPick}
          onOpen={onOpen}
          isCovered={isCovered}
        />
      ) : (
        <Spin />
      )}
    </>
  );
}
