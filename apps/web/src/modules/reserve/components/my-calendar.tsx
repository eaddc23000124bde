import type { Reservation } from '@atrium/contract';
import { Button, Empty, Segmented, Space, Spin, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMyReservations, useSharedCalendar } from '../api/reserve.api';
import { clock, differsFromBrowser } from '../model/booking-form';
import { blockLabel } from './rooms-grid';
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

function step(scale: CalendarScale): [number, 'day' | 'week' | 'month'] {
  return scale === 'day' ? [1, 'day'] : scale === 'week' ? [1, 'week'] : scale === 'list' ? [14, 'day'] : [1, 'month'];
}

/** My meetings by day, week or month (or a two-week list on a phone), each in its room's time zone. */
export function MyCalendar({ scale, anchor, phone, onScale, onAnchor, onOpen, onNew, ownerUserId = null }: MyCalendarProps) {
  const { t } = useTranslation();
  const { first, days } = rangeOf(scale, anchor);
  const from = first.valueOf();
  const to = first.add(days, 'day').valueOf();
  const own = useMyReservations(from, to, ownerUserId === null);
  const shared = useSharedCalendar(ownerUserId, from, to);
  const mine = ownerUserId === null ? own : shared;
  const byDay = useMemo(() => {
    const map = new Map<string, Reservation[]>();
    for (const reservation of mine.data?.list ?? []) {
      const key = dayjs(reservation.startAt).format('YYYY-MM-DD');
      map.set(key, [...(map.get(key) ?? []), reservation]);
    }
    return map;
  }, [mine.data]);
  const dates = Array.from({ length: days }, (_, index) => first.add(index, 'day'));
  const [amount, unit] = step(scale);

  const item = (reservation: Reservation) => (
    <button type="button" key={reservation.id} className={`my-cal-item my-cal-item-${reservation.status}`} onClick={() => onOpen(reservation)} data-testid={`reserve-mine-${reservation.id}`}>
      <span className="my-cal-time">
        {clock(reservation.startAt, reservation.timeZone)}–{clock(reservation.endAt, reservation.timeZone)}
        {differsFromBrowser(reservation.timeZone) ? <small> {reservation.timeZone}</small> : null}
      </span>
      <span className="my-cal-title" title={blockLabel(reservation, t)}>
        {blockLabel(reservation, t)}
      </span>
      <span className="my-cal-room" title={reservation.roomName}>
        {reservation.roomName}
      </span>
    </button>
  );

  const title =
    scale === 'month' ? anchor.format('YYYY-MM') : scale === 'day' ? `${anchor.format('YYYY-MM-DD')} ${t(`reserve.weekday.${anchor.day()}`)}` : `${first.format('YYYY-MM-DD')} – ${first.add(days - 1, 'day').format('YYYY-MM-DD')}`;

  return (
    <div className="my-cal">
      <Space wrap className="my-cal-toolbar">
        <Button onClick={() => onAnchor(anchor.subtract(amount, unit))} aria-label={t('reserve.previous')} data-testid="reserve-prev">
          ‹
        </Button>
        <Button onClick={() => onAnchor(dayjs())}>{t('reserve.today')}</Button>
        <Button onClick={() => onAnchor(anchor.add(amount, unit))} aria-label={t('reserve.next')} data-testid="reserve-next">
          ›
        </Button>
        <Typography.Text strong>{title}</Typography.Text>
        <Segmented
          value={scale}
          onChange={(value) => onScale(value as CalendarScale)}
          options={(phone ? (['day', 'list'] as const) : (['day', 'week', 'month', 'list'] as const)).map((value) => ({ value, label: t(`reserve.scale.${value}`) }))}
          data-testid="reserve-scale"
        />
        {mine.isFetching ? <Spin size="small" /> : null}
      </Space>
      {scale === 'month' || scale === 'week' ? (
        <div className={`my-cal-grid my-cal-grid-${scale}`} data-testid={`reserve-mine-${scale}`}>
          {dates.slice(0, 7).map((date) => (
            <div key={`h${date.day()}`} className="my-cal-weekday">
              {t(`reserve.weekday.${date.day()}`)}
            </div>
          ))}
          {dates.map((date) => {
            const key = date.format('YYYY-MM-DD');
            const list = byDay.get(key) ?? [];
            const outside = scale === 'month' && date.month() !== anchor.month();
            return (
              <div key={key} className={`my-cal-day${outside ? ' my-cal-day-outside' : ''}${date.isSame(dayjs(), 'day') ? ' my-cal-day-today' : ''}`}>
                <button type="button" className="my-cal-date" onClick={() => onNew(key)} data-testid={`reserve-day-${key}`}>
                  {date.date()}
                </button>
                {(scale === 'month' ? list.slice(0, 3) : list).map(item)}
                {scale === 'month' && list.length > 3 ? (
                  <button type="button" className="my-cal-more" onClick={() => (onScale('day'), onAnchor(date))}>
                    {t('reserve.more', { count: list.length - 3 })}
                  </button>
                ) : null}
              </div>
            );
          })}
        </div>
      ) : (
        <div className="my-cal-list" data-testid={`reserve-mine-${scale}`}>
          {dates.map((date) => {
            const key = date.format('YYYY-MM-DD');
            const list = byDay.get(key) ?? [];
            if (scale === 'list' && list.length === 0) return null;
            return (
              <section key={key} className="my-cal-list-day">
                <h3>
                  {date.format('YYYY-MM-DD')} {t(`reserve.weekday.${date.day()}`)}
                </h3>
                {list.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('reserve.noMeetings')} /> : list.map(item)}
              </section>
            );
          })}
          {scale === 'list' && (mine.data?.list.length ?? 0) === 0 ? <Empty description={t('reserve.noMeetings')} /> : null}
        </div>
      )}
    </div>
  );
}
