import { LOCATION_LEVELS, toZoned, type Lang, type NoticeTime, type ReminderChoice, type Reservation, type ScheduleRoom, type SchedulePlace } from '@atrium/contract';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { Button, DatePicker, Input, Modal, Radio, Segmented, Select, Space, Spin, Tag, Tooltip, TreeSelect, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { useNow } from '../../../shared/hooks/use-now';
import { useShortcuts } from '../../../shared/hooks/use-shortcuts';
import { calendarDate, dayTitle } from '../../../shared/i18n/date-titles';
import { PageHeader } from '../../../shared/ui/page-header';
import { useBookingPreferences } from '../../../shared/booking-preferences/booking-preferences.api';
import { fetchReservation, useCalendarShares, useSchedule } from '../api/booking.api';
import { CalendarFeedPanel } from '../../../shared/calendar-feed/calendar-feed-panel';
import { CalendarShareDrawer } from '../components/calendar-share-drawer';
import { BookingFormDrawer, type RoomChoice } from '../components/booking-form-drawer';
import { DetailsDrawer } from '../components/details-drawer';
import { MyCalendar, step, type CalendarScale } from '../components/my-calendar';
import { DEFAULT_WORK_START_MINUTES, RoomsGrid } from '../components/rooms-grid';
import { ShortcutsHelp } from '../components/shortcuts-help';
import { useViewerZone } from '../../../shared/time-zone/viewer-zone';
import { zoneName } from '../../../shared/time-zone/zone-text';
import { companyDefaults, emptyValues, slotFromGrid, type BookingFormValues } from '../model/booking-form';
import './booking-page.css';

type View = 'mine' | 'timeline' | 'columns';
const VIEWS: readonly View[] = ['mine', 'timeline', 'columns'];
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

/** Minutes into the day of an 'HH:mm' time. */
const minutesOf = (time: string) => {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return hour * 60 + minute;
};

/**
 * /reserve: my meetings by day, week and month; the rooms' day as a timeline or side by side; booking
 * by clicking free time. Keyboard shortcuts (listed by ?) and the global search's links
 * (`?meeting=`, `?room=`, `?calendar=`) drive it too.
 */
export function BookingPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const now = useNow(30_000);
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
  // One room on its own, opened from the global search.
  const [roomFocus, setRoomFocus] = useState<number | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const [params, setParams] = useSearchParams();
  const [keyword, setKeyword] = useState('');
  const [form, setForm] = useState<FormState | null>(null);
  const [details, setDetails] = useState<Reservation | null>(null);
  const [scopeAsk, setScopeAsk] = useState<{ value: Scope } | null>(null);
  const scopeResolve = useRef<((scope: Scope | null) => void) | null>(null);
  const formKey = useRef(0);
  const date = day.format('YYYY-MM-DD');
  const schedule = useSchedule({ date, timeZone: viewerZone, locationId: roomFocus ?? locationId, keyword: useDebouncedValue(keyword, 300), pageSize: 100 }, view !== 'mine');
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

  // The global search opens a meeting, a room's timeline or a colleague's shared calendar here
  // (`?meeting=`, `?room=`, `?calendar=`): the views follow while rendering, the link is then cleared.
  const linkKey = params.toString();
  const linkRoom = Number(params.get('room')) || null;
  const linkCalendar = Number(params.get('calendar')) || null;
  const linkMeeting = Number(params.get('meeting')) || null;
  const hasLink = linkRoom !== null || linkCalendar !== null || linkMeeting !== null;
  const [followedLink, setFollowedLink] = useState('');
  if (hasLink && linkKey !== followedLink) {
    setFollowedLink(linkKey);
    if (linkRoom !== null) {
      setView('timeline');
      setRoomFocus(linkRoom);
      setDay(todayHere());
    }
    if (linkCalendar !== null) {
      setView('mine');
      setCalendarOwner(linkCalendar);
    }
  } else if (!hasLink && followedLink !== '') {
    // Cleared: the same link may be followed again.
    setFollowedLink('');
  }
  useEffect(() => {
    if (!hasLink) return;
    if (linkMeeting !== null) {
      void fetchReservation(linkMeeting)
        .then((reservation) => {
          const day = dayjs(toZoned(reservation.startAt, viewerZone).date);
          setAnchor(day);
          setDay(day);
          setDetails(reservation);
        })
        // The API client has said why (not found, no right).
        .catch(() => undefined);
    }
    setParams({}, { replace: true });
  }, [hasLink, linkMeeting, setParams, viewerZone]);

  function move(direction: 1 | -1) {
    if (view !== 'mine') return setDay((current) => current.add(direction, 'day'));
    const [amount, unit] = step(effectiveScale);
    setAnchor((current) => current.add(direction * amount, unit));
  }
  function showScale(next: CalendarScale) {
    setView('mine');
    setScale(next);
  }
  const today = () => {
    setAnchor(todayHere());
    setDay(todayHere());
  };
  useShortcuts(
    {
      c: () => newMeeting(),
      t: today,
      ArrowLeft: () => move(-1),
      k: () => move(-1),
      ArrowRight: () => move(1),
      j: () => move(1),
      d: () => showScale('day'),
      w: () => showScale('week'),
      m: () => showScale('month'),
      l: () => showScale('list'),
      '1': () => setView(VIEWS[0]!),
      '2': () => setView(VIEWS[1]!),
      '3': () => setView(VIEWS[2]!),
      '?': () => setHelpOpen(true),
    },
    // Not behind the page's own drawers and dialogs.
    form === null && details === null && scopeAsk === null && !helpOpen && !sharing && !subscribing,
  );

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
        title={t('booking.title')}
        subtitle={t('booking.subtitle')}
        extra={
          <Space>
            <Tooltip title={t('booking.shortcuts.open')}>
              <Button icon={<QuestionCircleOutlined />} onClick={() => setHelpOpen(true)} aria-label={t('booking.shortcuts.title')} data-testid="reserve-shortcuts" />
            </Tooltip>
            <Button type="primary" onClick={() => newMeeting()} data-testid="reserve-new">
              {t('booking.newMeeting')}
            </Button>
          </Space>
        }
      />
      <Segmented
        className="reserve-views"
        block={phone}
        value={view}
        onChange={(value) => setView(value as View)}
        options={VIEWS.map((value) => ({ value, label: <span data-testid={`reserve-view-${value}`}>{t(`booking.views.${value}`)}</span> }))}
      />
      {view === 'mine' ? (
        <>
        <Space wrap className="reserve-toolbar">
          <Select
            value={calendarOwner ?? 0}
            onChange={(value: number) => setCalendarOwner(value === 0 ? null : value)}
            options={[
              { value: 0, label: t('booking.share.mine') },
              ...(shares.data?.sharedWithMe ?? []).map((entry) => ({ value: entry.userId, label: `${entry.name} · ${t(`booking.share.level.${entry.level}`)}` })),
            ]}
            style={{ width: phone ? '100%' : 260 }}
            data-testid="reserve-calendar"
          />
          <Button onClick={() => setSharing(true)} data-testid="reserve-share">
            {t('booking.share.button')}
          </Button>
          <Button onClick={() => setSubscribing(true)} data-testid="reserve-subscribe">
            {t('calendar-feed.button')}
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
        <Modal open={subscribing} title={t('calendar-feed.title')} footer={null} onCancel={() => setSubscribing(false)} destroyOnHidden data-testid="reserve-feed">
          <CalendarFeedPanel target={{ kind: 'mine' }} />
        </Modal>
        </>
      ) : (
        <>
          <Space wrap className="reserve-toolbar">
            <Button onClick={() => setDay(day.subtract(1, 'day'))} aria-label={t('booking.previous')} data-testid="reserve-day-prev">
              ‹
            </Button>
            <DatePicker value={day} allowClear={false} onChange={(value) => value && setDay(value)} data-testid="reserve-day" />
            <Button onClick={() => setDay(day.add(1, 'day'))} aria-label={t('booking.next')} data-testid="reserve-day-next">
              ›
            </Button>
            <Button onClick={() => setDay(todayHere())} data-testid="reserve-day-today">
              {t('booking.today')}
            </Button>
            <Typography.Text strong className="reserve-toolbar-line" data-testid="reserve-day-title">
              {dayTitle(calendarDate(day), lang)}
            </Typography.Text>
            {roomFocus !== null ? (
              <Tag closable onClose={() => setRoomFocus(null)} data-testid="reserve-room-focus">
                {schedule.data?.list.find((room) => room.id === roomFocus)?.name ?? t('booking.room')}
              </Tag>
            ) : null}
            <TreeSelect
              allowClear
              treeDefaultExpandAll
              placeholder={t('booking.allLocations')}
              value={locationId}
              onChange={(value?: number) => {
                setRoomFocus(null);
                setLocationId(value);
              }}
              treeData={places}
              className="reserve-toolbar-line"
              style={{ width: phone ? '100%' : 240 }}
              data-testid="reserve-location"
            />
            <Input.Search allowClear className="reserve-toolbar-line" placeholder={t('booking.searchRooms')} value={keyword} onChange={(event) => setKeyword(event.target.value)} style={{ width: phone ? '100%' : 200 }} data-testid="reserve-room-search" />
            {schedule.isFetching ? <Spin size="small" /> : null}
          </Space>
          <Typography.Paragraph type="secondary">
            {t('booking.freeHint')} · <span data-testid="reserve-axis-zone">{t('booking.zone.viewer', { zone: zoneName(viewerZone, t) })}</span>
          </Typography.Paragraph>
          {schedule.data ? (
            <RoomsGrid
              rooms={schedule.data.list}
              date={date}
              now={now}
              zone={viewerZone}
              workStartMinutes={preferences.data?.bookableHours ? minutesOf(preferences.data.bookableHours.start) : DEFAULT_WORK_START_MINUTES}
              orientation={view === 'timeline' ? 'horizontal' : 'vertical'}
              onPick={pick}
              onOpen={setDetails}
              isCovered={details !== null || form !== null}
            />
          ) : (
            <Spin />
          )}
        </>
      )}
      {form ? (
        <BookingFormDrawer key={form.key} open initial={form.initial} initialRoom={form.room} editing={form.editing} askScope={askScope} onClose={() => setForm(null)} />
      ) : null}
      <ShortcutsHelp open={helpOpen} onClose={() => setHelpOpen(false)} />
      <DetailsDrawer reservation={details} onClose={() => setDetails(null)} onEdit={edit} askScope={askScope} />
      {/* Asked from inside the form or details drawer: above them (antd stacks later layers on top). */}
      <Modal
        open={scopeAsk !== null}
        zIndex={1100}
        title={t('booking.scope.title')}
        onCancel={() => closeScope(null)}
        onOk={() => closeScope(scopeAsk?.value ?? 'one')}
        data-testid="reserve-scope"
      >
        <Radio.Group value={scopeAsk?.value} onChange={(event) => setScopeAsk({ value: event.target.value as Scope })}>
          <Space direction="vertical">
            <Radio value="one">{t('booking.scope.one')}</Radio>
            <Radio value="following">{t('booking.scope.following')}</Radio>
            <Radio value="all">{t('booking.scope.all')}</Radio>
          </Space>
        </Radio.Group>
      </Modal>
    </div>
  );
}
