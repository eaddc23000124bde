import { LOCATION_LEVELS, toZoned, type NoticeTime, type ReminderChoice, type Reservation, type ScheduleRoom, type SchedulePlace } from '@atrium/contract';
import { Button, DatePicker, Input, Modal, Radio, Segmented, Select, Space, Spin, TreeSelect, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { PageHeader } from '../../../shared/ui/page-header';
import { useBookingPreferences } from '../../../shared/booking-preferences/booking-preferences.api';
import { useCalendarShares, useSchedule } from '../api/reserve.api';
import { CalendarFeedPanel } from '../../../shared/calendar-feed/calendar-feed-panel';
import { CalendarShareDrawer } from '../components/calendar-share-drawer';
import { BookingFormDrawer, type RoomChoice } from '../components/booking-form-drawer';
import { DetailsDrawer } from '../components/details-drawer';
import { MyCalendar, type CalendarScale } from '../components/my-calendar';
import { RoomsGrid } from '../components/rooms-grid';
import { useViewerZone } from '../../../shared/time-zone/viewer-zone';
import { zoneName } from '../../../shared/time-zone/zone-text';
import { companyDefaults, emptyValues, slotFromGrid, type BookingFormValues } from '../model/booking-form';
import './reserve-page.css';

type View = 'mine' | 'timeline' | 'columns';
type Scope = 'one' | 'following' | 'all';

interface FormState {
  key: number;
  initial: BookingFormValues;
  room: RoomChoice | null;
  editing: Reservation | null;
}

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

/** /reserve: my meetings by day, week and month; the rooms' day as a timeline or side by side; booking by clicking free time. */
export function ReservePage() {
  const { t } = useTranslation();
  const preferences = useBookingPreferences();
  // Every time on this page is in the viewer's zone (docs/decisions/0011).
  const viewerZone = useViewerZone();
  const todayHere = () => dayjs(toZoned(Date.now(), viewerZone).date);
  const phone = useMediaQuery('(max-width: 640px)');
  const [view, setView] = useState<View>('mine');
  // Whose calendar 'My calendar' shows: mine (null) or a colleague's shared with me.
  const [calendarOwner, setCalendarOwner] = useState<number | null>(null);
  const [sharing, setSharing] = useState(false);
  const [subscribing, setSubscribing] = useState(false);
  const shares = useCalendarShares();
  const [scale, setScale] = useState<CalendarScale>(phone ? 'day' : 'week');
  const [anchor, setAnchor] = useState<Dayjs>(todayHere);
  const [day, setDay] = useState<Dayjs>(todayHere);
  const [locationId, setLocationId] = useState<number | undefined>();
  const [keyword, setKeyword] = useState('');
  const [form, setForm] = useState<FormState | null>(null);
  const [details, setDetails] = useState<Reservation | null>(null);
  const [scopeAsk, setScopeAsk] = useState<{ value: Scope } | null>(null);
  const scopeResolve = useRef<((scope: Scope | null) => void) | null>(null);
  const formKey = useRef(0);
  const date = day.format('YYYY-MM-DD');
  const schedule = useSchedule({ date, timeZone: viewerZone, locationId, keyword: useDebouncedValue(keyword, 300), pageSize: 100 }, view !== 'mine');
  const places = useMemo(() => placeTree((schedule.data?.places ?? []).filter((place) => place.level < LOCATION_LEVELS.room)), [schedule.data]);
  const effectiveScale: CalendarScale = phone && (scale === 'week' || scale === 'month') ? 'day' : scale;

  const askScope = () =>
    new Promise<Scope | null>((resolve) => {
      scopeResolve.current = resolve;
      setScopeAsk({ value: 'one' });
    });
  const closeScope = (scope: Scope | null) => {
    scopeResolve.current?.(scope);
    scopeResolve.current = null;
    setScopeAsk(null);
  };

  function openForm(initial: BookingFormValues, room: RoomChoice | null, editing: Reservation | null = null) {
    formKey.current += 1;
    setForm({ key: formKey.current, initial, room, editing });
  }

  function newMeeting(preset: Partial<BookingFormValues> = {}, room: RoomChoice | null = null) {
    // The company's defaults first (booking preferences, notification settings), then what the click or button chose.
    const defaults = companyDefaults(preferences.data);
    openForm(emptyValues(Date.now(), viewerZone, { ...defaults.values, ...preset }, defaults.minutes), room);
  }

  function pick(room: ScheduleRoom, startMinutes: number, endMinutes: number) {
    const slot = slotFromGrid(startMinutes, endMinutes);
    newMeeting({ roomId: room.id, date, ...slot }, { id: room.id, name: room.name, timeZone: room.timeZone, locationPath: room.locationPath });
  }

  function edit(reservation: Reservation) {
    const start = toZoned(reservation.startAt, viewerZone);
    const end = toZoned(reservation.endAt, viewerZone);
    setDetails(null);
    openForm(
      emptyValues(Date.now(), viewerZone, {
        roomId: reservation.roomId,
        title: reservation.title ?? '',
        date: start.date,
        start: start.time,
        end: end.time,
        privacy: reservation.privacy,
        participants: (reservation.participants ?? []).map((p) => (p.userId ? `user:${p.userId}` : (p.email ?? ''))).filter(Boolean),
        // The server answers the dictionary's values only (the contract checks them on the way in).
        noticeMinutes: reservation.noticeMinutes as NoticeTime | null,
        reminderMinutes: reservation.reminderMinutes as ReminderChoice | null,
        remarks: reservation.remarks ?? '',
      }),
      { id: reservation.roomId, name: reservation.roomName, timeZone: reservation.timeZone },
      reservation,
    );
  }

  return (
    <div className="reserve-page" data-testid="page-reserve">
      <PageHeader
        title={t('reserve.title')}
        subtitle={t('reserve.subtitle')}
        extra={
          <Button type="primary" onClick={() => newMeeting()} data-testid="reserve-new">
            {t('reserve.newMeeting')}
          </Button>
        }
      />
      <Segmented
        className="reserve-views"
        block={phone}
        value={view}
        onChange={(value) => setView(value as View)}
        options={(['mine', 'timeline', 'columns'] as const).map((value) => ({ value, label: <span data-testid={`reserve-view-${value}`}>{t(`reserve.views.${value}`)}</span> }))}
      />
      {view === 'mine' ? (
        <>
        <Space wrap className="reserve-toolbar">
          <Select
            value={calendarOwner ?? 0}
            onChange={(value: number) => setCalendarOwner(value === 0 ? null : value)}
            options={[
              { value: 0, label: t('reserve.share.mine') },
              ...(shares.data?.sharedWithMe ?? []).map((entry) => ({ value: entry.userId, label: `${entry.name} · ${t(`reserve.share.level.${entry.level}`)}` })),
            ]}
            style={{ width: phone ? '100%' : 260 }}
            data-testid="reserve-calendar"
          />
          <Button onClick={() => setSharing(true)} data-testid="reserve-share">
            {t('reserve.share.button')}
          </Button>
          <Button onClick={() => setSubscribing(true)} data-testid="reserve-subscribe">
            {t('feed.button')}
          </Button>
        </Space>
        <MyCalendar
          ownerUserId={calendarOwner}
          scale={effectiveScale}
          anchor={anchor}
          phone={phone}
          onScale={setScale}
          onAnchor={setAnchor}
          onOpen={setDetails}
          onNew={(newDate) => newMeeting({ date: newDate })}
        />
        <CalendarShareDrawer open={sharing} phone={phone} onClose={() => setSharing(false)} />
        <Modal open={subscribing} title={t('feed.title')} footer={null} onCancel={() => setSubscribing(false)} destroyOnHidden data-testid="reserve-feed">
          <CalendarFeedPanel target={{ kind: 'mine' }} />
        </Modal>
        </>
      ) : (
        <>
          <Space wrap className="reserve-toolbar">
            <Button onClick={() => setDay(day.subtract(1, 'day'))} aria-label={t('reserve.previous')} data-testid="reserve-day-prev">
              ‹
            </Button>
            <DatePicker value={day} allowClear={false} onChange={(value) => value && setDay(value)} data-testid="reserve-day" />
            <Button onClick={() => setDay(day.add(1, 'day'))} aria-label={t('reserve.next')} data-testid="reserve-day-next">
              ›
            </Button>
            <TreeSelect
              allowClear
              treeDefaultExpandAll
              placeholder={t('reserve.allLocations')}
              value={locationId}
              onChange={(value?: number) => setLocationId(value)}
              treeData={places}
              style={{ width: phone ? '100%' : 240 }}
              data-testid="reserve-location"
            />
            <Input.Search allowClear placeholder={t('reserve.searchRooms')} value={keyword} onChange={(event) => setKeyword(event.target.value)} style={{ width: phone ? '100%' : 200 }} data-testid="reserve-room-search" />
            {schedule.isFetching ? <Spin size="small" /> : null}
          </Space>
          <Typography.Paragraph type="secondary">
            {t('reserve.freeHint')} · <span data-testid="reserve-axis-zone">{t('reserve.zone.viewer', { zone: zoneName(viewerZone, t) })}</span>
          </Typography.Paragraph>
          {schedule.data ? (
            <RoomsGrid rooms={schedule.data.list} date={date} zone={viewerZone} orientation={view === 'timeline' ? 'horizontal' : 'vertical'} onPick={pick} onOpen={setDetails} />
          ) : (
            <Spin />
          )}
        </>
      )}
      {form ? (
        <BookingFormDrawer key={form.key} open initial={form.initial} initialRoom={form.room} editing={form.editing} askScope={askScope} onClose={() => setForm(null)} />
      ) : null}
      <DetailsDrawer reservation={details} onClose={() => setDetails(null)} onEdit={edit} askScope={askScope} />
      {/* Asked from inside the form or details drawer: above them (antd stacks later layers on top). */}
      <Modal
        open={scopeAsk !== null}
        zIndex={1100}
        title={t('reserve.scope.title')}
        onCancel={() => closeScope(null)}
        onOk={() => closeScope(scopeAsk?.value ?? 'one')}
        data-testid="reserve-scope"
      >
        <Radio.Group value={scopeAsk?.value} onChange={(event) => setScopeAsk({ value: event.target.value as Scope })}>
          <Space direction="vertical">
            <Radio value="one">{t('reserve.scope.one')}</Radio>
            <Radio value="following">{t('reserve.scope.following')}</Radio>
            <Radio value="all">{t('reserve.scope.all')}</Radio>
          </Space>
        </Radio.Group>
      </Modal>
    </div>
  );
}
