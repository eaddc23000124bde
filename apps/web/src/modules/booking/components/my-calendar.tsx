import { fromZoned, toZoned, type Lang, type Reservation } from '@atrium/contract';
import { Button, Segmented, Space, Spin, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNow } from '../../../shared/hooks/use-now';
import { useViewerZone } from '../../../shared/time-zone/viewer-zone';
import { roomLocalText, spanIn, zoneName } from '../../../shared/time-zone/zone-text';
import { useMyReservations, useSharedCalendar } from '../api/booking.api';
import { blockLabel } from './rooms-grid';
import { calendarDate, dayTitle, monthTitle, rangeTitle, shortDayTitle } from '../../../shared/i18n/date-titles';
import { EmptyState } from '../../../shared/ui/empty-state';
import './my-calendar.css';

export type CalendarScale = 'day' | 'week' | 'month' | 'list';

export interface MyCalendarProps {
  scale: CalendarScale;
  anchor: Dayjs;
  phone: boolean;
  onScale: (scale: CalendarScale) => void;
  onAnchor: (anchor: Dayjs) => void;
  onOpen: (reservation: Reservation) => void;
  onNew: (date: string) => void;
  /** A colleague's calendar shared with me; null for my own. */
  ownerUserId?: number | null;
}

/** The first and last shown day (inclusive) of a scale around the anchor. */
export function rangeOf(scale: CalendarScale, anchor: Dayjs): { first: Dayjs; days: number } {
  if (scale === 'day') return { first: anchor.startOf('day'), days: 1 };
  if (scale === 'week') return { first: anchor.startOf('day').subtract(anchor.day(), 'day'), days: 7 };
  if (scale === 'list') return { first: anchor.startOf('day'), days: 14 };
  const monthStart = anchor.startOf('month');
  return { first: monthStart.subtract(monthStart.day(), 'day'), days: 42 };
}

/** How far one step back or forward moves the scale. */
export function step(scale: CalendarScale): [number, 'day' | 'week' | 'month'] {
  return scale === 'day' ? [1, 'day'] : scale === 'week' ? [1, 'week'] : scale === 'list' ? [14, 'day'] : [1, 'month'];
}

/**
 * My meetings by day, week or month (or a two-week list on a phone) in the viewer's zone (their
 * profile's, else the browser's): days are cut, filled and ordered by it, and a meeting whose room
 * keeps another clock says its local time too ("09:00–10:00 London").
 */
export function MyCalendar({ scale, anchor, phone, onScale, onAnchor, onOpen, onNew, ownerUserId = null }: MyCalendarProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const zone = useViewerZone();
  const { first, days } = rangeOf(scale, anchor);
  const from = fromZoned(first.format('YYYY-MM-DD'), '00:00', zone);
  const to = fromZoned(first.add(days, 'day').format('YYYY-MM-DD'), '00:00', zone);
  const own = useMyReservations(from, to, ownerUserId === null);
  const shared = useSharedCalendar(ownerUserId, from, to);
  const mine = ownerUserId === null ? own : shared;
  const byDay = useMemo(() => {
    const map = new Map<string, Reservation[]>();
    for (const reservation of [...(mine.data?.list ?? [])].sort((a, b) => a.startAt - b.startAt || a.endAt - b.endAt)) {
      const key = toZoned(reservation.startAt, zone).date;
      map.set(key, [...(map.get(key) ?? []), reservation]);
    }
    return map;
  }, [mine.data, zone]);
  const dates = Array.from({ length: days }, (_, index) => first.add(index, 'day'));
  const [amount, unit] = step(scale);
  const today = toZoned(useNow(), zone).date;

  const item = (reservation: Reservation) => {
    const local = roomLocalText(reservation, reservation.timeZone, zone, t);
    const label = blockLabel(reservation, t);
    return (
      <button type="button" key={reservation.id} className={`my-cal-item my-cal-item-${reservation.status}`} onClick={() => onOpen(reservation)} data-testid={`reserve-mine-${reservation.id}`}>
        <span className="my-cal-time">{spanIn(reservation.startAt, reservation.endAt, zone)}</span>
        {local ? (
          <small className="my-cal-local" data-testid={`reserve-mine-local-${reservation.id}`}>
            {local}
          </small>
        ) : null}
        <span className="my-cal-title" title={label}>
          {label}
        </span>
        <span className="my-cal-room" title={reservation.roomName}>
          {reservation.roomName}
        </span>
      </button>
    );
  };

  const title =
    scale === 'month'
      ? monthTitle(calendarDate(anchor), lang)
      : scale === 'day'
        ? dayTitle(calendarDate(anchor), lang)
        : rangeTitle(calendarDate(first), calendarDate(first.add(days - 1, 'day')), lang);

  // An empty period of my own calendar invites a booking: today, or its first day if it lies ahead.
  const isEmpty = ownerUserId === null && mine.data !== undefined && !mine.isPlaceholderData && mine.data.list.length === 0;
  const bookOn = dayjs(today).isAfter(first, 'day') ? dayjs(today) : first;
  const invite = isEmpty ? (
    <EmptyState
      data-testid="reserve-empty"
      description={t(`booking.empty.${scale}`)}
      action={
        bookOn.isBefore(first.add(days, 'day'), 'day') ? (
          <Button type="primary" onClick={() => onNew(bookOn.format('YYYY-MM-DD'))} data-testid="reserve-empty-book">
            {t('booking.empty.book')}
          </Button>
        ) : null
      }
    />
  ) : null;

  return (
    <div className="my-cal">
      <Space wrap className="my-cal-toolbar">
        <Button onClick={() => onAnchor(anchor.subtract(amount, unit))} aria-label={t('booking.previous')} data-testid="reserve-prev">
          ‹
        </Button>
        <Button onClick={() => onAnchor(dayjs(today))}>{t('booking.today')}</Button>
        <Button onClick={() => onAnchor(anchor.add(amount, unit))} aria-label={t('booking.next')} data-testid="reserve-next">
          ›
        </Button>
        <Typography.Text strong data-testid="reserve-period-title">
          {title}
        </Typography.Text>
        <Segmented
          value={scale}
          onChange={(value) => onScale(value as CalendarScale)}
          options={(phone ? (['day', 'list'] as const) : (['day', 'week', 'month', 'list'] as const)).map((value) => ({ value, label: t(`booking.scale.${value}`) }))}
          data-testid="reserve-scale"
        />
        {mine.isFetching ? <Spin size="small" /> : null}
      </Space>
      <Typography.Paragraph type="secondary" className="my-cal-zone" data-testid="reserve-viewer-zone">
        {t('booking.zone.viewer', { zone: zoneName(zone, t) })} <Link to="/personal">{t('booking.zone.change')}</Link>
      </Typography.Paragraph>
      {scale === 'month' || scale === 'week' ? (
        <div className={`my-cal-grid my-cal-grid-${scale}`} data-testid={`reserve-mine-${scale}`}>
          {dates.slice(0, 7).map((date) => (
            <div key={`h${date.day()}`} className="my-cal-weekday">
              {t(`booking.weekday.${date.day()}`)}
            </div>
          ))}
          {dates.map((date) => {
            const key = date.format('YYYY-MM-DD');
            const list = byDay.get(key) ?? [];
            const outside = scale === 'month' && date.month() !== anchor.month();
            return (
              <div key={key} className={`my-cal-day${outside ? ' my-cal-day-outside' : ''}${key === today ? ' my-cal-day-today' : ''}`} data-testid={`reserve-cell-day-${key}`}>
                <button type="button" className="my-cal-date" onClick={() => onNew(key)} data-testid={`reserve-day-${key}`}>
                  {date.date()}
                </button>
                {(scale === 'month' ? list.slice(0, 3) : list).map(item)}
                {scale === 'month' && list.length > 3 ? (
                  <button type="button" className="my-cal-more" onClick={() => (onScale('day'), onAnchor(date))}>
                    {t('booking.more', { count: list.length - 3 })}
                  </button>
                ) : null}
              </div>
            );
          })}
          {invite ? <div className="my-cal-empty-over">{invite}</div> : null}
        </div>
      ) : (
        <div className="my-cal-list" data-testid={`reserve-mine-${scale}`}>
          {dates.map((date) => {
            const key = date.format('YYYY-MM-DD');
            const list = byDay.get(key) ?? [];
            if (scale === 'list' && list.length === 0) return null;
            return (
              <section key={key} className="my-cal-list-day">
                {/* The day view's one day is already the toolbar's title; only the list heads its days. */}
                {scale === 'list' ? <h3>{shortDayTitle(calendarDate(date), lang)}</h3> : null}
                {list.length === 0 ? (invite ?? <EmptyState description={t('booking.noMeetings')} />) : list.map(item)}
              </section>
            );
          })}
          {scale === 'list' && (mine.data?.list.length ?? 0) === 0 ? (invite ?? <EmptyState description={t('booking.noMeetings')} />) : null}
        </div>
      )}
    </div>
  );
}
