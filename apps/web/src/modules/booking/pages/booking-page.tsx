import { toZoned, type NoticeTime, type ReminderChoice, type Reservation, type ScheduleRoom } from '@atrium/contract';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Modal, Segmented, Select, Space, Spin, Tooltip } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useMediaQuery } from '../../../shared/hooks/use-media-query';
import { useNow } from '../../../shared/hooks/use-now';
import { useShortcuts } from '../../../shared/hooks/use-shortcuts';
import { MountWhenOpened } from '../../../shared/ui/mount-when-opened';
import { PageHeader } from '../../../shared/ui/page-header';
import { useBookingPreferences } from '../../../shared/booking-preferences/booking-preferences.api';
import { fetchReservation, useCalendarShares } from '../api/booking.api';
import type { RoomChoice } from '../components/booking-form-drawer';
import type { SeriesScope as Scope } from '../components/scope-dialog';
import { MyCalendar, step, type CalendarScale } from '../components/my-calendar';
import { useViewerZone } from '../../../shared/time-zone/viewer-zone';
import { companyDefaults, emptyValues, slotFromGrid, type BookingFormValues } from '../model/booking-form';
import './booking-page.css';

// Drawers and dialogs load when they first open: the page shows sooner on a phone (issue 19).
const BookingFormDrawer = lazy(() => import('../components/booking-form-drawer').then((m) => ({ default: m.BookingFormDrawer })));
const DetailsDrawer = lazy(() => import('../components/details-drawer').then((m) => ({ default: m.DetailsDrawer })));
const CalendarShareDrawer = lazy(() => import('../components/calendar-share-drawer').then((m) => ({ default: m.CalendarShareDrawer })));
const CalendarFeedPanel = lazy(() => import('../../../shared/calendar-feed/calendar-feed-panel').then((m) => ({ default: m.CalendarFeedPanel })));
// The rooms' views (a day picker, a location tree, the grid) load when one is chosen: 'My calendar' opens first.
const RoomsView = lazy(() => import('../components/rooms-view').then((m) => ({ default: m.RoomsView })));
const ScopeDialog = lazy(() => import('../components/scope-dialog').then((m) => ({ default: m.ScopeDialog })));
const ShortcutsHelp = lazy(() => import('../components/shortcuts-help').then((m) => ({ default: m.ShortcutsHelp })));

type View = 'mine' | 'timeline' | 'columns';
const VIEWS: readonly View[] = ['mine', 'timeline', 'columns'];

interface FormState {
  key: number;
  initial: BookingFormValues;
  room: RoomChoice | null;
  editing: Reservation | null;
}

/**
 * /reserve: my meetings by day, week and month; the rooms' day as a timeline or side by side; booking
 * by clicking free time. Keyboard shortcuts (listed by ?) and the global search's links
 * (`?meeting=`, `?room=`, `?calendar=`) drive it too.
 */
export function BookingPage() {
  const { t } = useTranslation();
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
            aria-label={t('booking.views.mine')}
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
        <MountWhenOpened open={sharing}>
          <CalendarShareDrawer open={sharing} phone={phone} onClose={() => setSharing(false)} />
        </MountWhenOpened>
        <Modal open={subscribing} title={t('calendar-feed.title')} footer={null} onCancel={() => setSubscribing(false)} destroyOnHidden data-testid="reserve-feed">
          <Suspense fallback={<Spin />}>
            <CalendarFeedPanel target={{ kind: 'mine' }} />
          </Suspense>
        </Modal>
        </>
      ) : (
        <Suspense fallback={<Spin />}>
          <RoomsView
            orientation={view === 'timeline' ? 'horizontal' : 'vertical'}
            day={day}
            onDay={setDay}
            onToday={() => setDay(todayHere())}
            locationId={locationId}
            onLocation={setLocationId}
            roomFocus={roomFocus}
            onRoomFocus={setRoomFocus}
            keyword={keyword}
            onKeyword={setKeyword}
            now={now}
            zone={viewerZone}
            isPhone={phone}
            onPick={pick}
            onOpen={setDetails}
            isCovered={details !== null || form !== null}
          />
        </Suspense>
      )}
      {form ? (
        <Suspense fallback={null}>
          <BookingFormDrawer key={form.key} open initial={form.initial} initialRoom={form.room} editing={form.editing} askScope={askScope} onClose={() => setForm(null)} />
        </Suspense>
      ) : null}
      <MountWhenOpened open={helpOpen}>
        <ShortcutsHelp open={helpOpen} onClose={() => setHelpOpen(false)} />
      </MountWhenOpened>
      <MountWhenOpened open={details !== null}>
        <DetailsDrawer reservation={details} onClose={() => setDetails(null)} onEdit={edit} askScope={askScope} />
      </MountWhenOpened>
      <MountWhenOpened open={scopeAsk !== null}>
        <ScopeDialog value={scopeAsk?.value ?? null} onChange={(value) => setScopeAsk({ value })} onClose={closeScope} />
      </MountWhenOpened>
    </div>
  );
}
