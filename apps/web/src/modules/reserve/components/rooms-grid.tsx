import { toZoned, type Reservation, type ScheduleRoom } from '@atrium/contract';
import { Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clock } from '../model/booking-form';
import { EmptyState } from '../../../shared/ui/empty-state';
import './rooms-grid.css';

const CELL_MINUTES = 30;
const CELLS = (24 * 60) / CELL_MINUTES;
const DAY_MINUTES = 24 * 60;

export interface RoomsGridProps {
  rooms: ScheduleRoom[];
  date: string;
  orientation: 'horizontal' | 'vertical';
  onPick: (room: ScheduleRoom, startMinutes: number, endMinutes: number) => void;
  onOpen: (reservation: Reservation) => void;
}

/** Wall-clock minutes of an instant within the room's day (0 before it, 1440 after it). */
export function minutesInDay(ms: number, date: string, timeZone: string | null): number {
  const local = toZoned(ms, timeZone ?? 'UTC');
  if (local.date < date) return 0;
  if (local.date > date) return DAY_MINUTES;
  const [hour, minute] = local.time.split(':').map(Number) as [number, number];
  return hour * 60 + minute;
}

/** The label a busy block shows: its title when the viewer may see it, else Busy or Private. */
export function blockLabel(reservation: Reservation, t: (key: string) => string): string {
  if (reservation.title) return reservation.title;
  return reservation.privacy === 'private' ? t('reserve.private') : t('reserve.busy');
}

/**
 * Rooms against the hours of a day: rooms as rows (horizontal) or as columns (vertical). Half-hour
 * cells take a click (a one-hour slot from there) or a drag (the cells covered); blocks open details.
 */
export function RoomsGrid({ rooms, date, orientation, onPick, onOpen }: RoomsGridProps) {
  const { t } = useTranslation();
  const [drag, setDrag] = useState<{ roomId: number; from: number; to: number } | null>(null);

  useEffect(() => {
    if (!drag) return;
    const cancel = () => setDrag(null);
    window.addEventListener('pointercancel', cancel);
    return () => window.removeEventListener('pointercancel', cancel);
  }, [drag]);

  if (rooms.length === 0) return <EmptyState description={t('reserve.noRooms')} />;
  const horizontal = orientation === 'horizontal';
  const percent = (minutes: number) => `${(minutes / DAY_MINUTES) * 100}%`;

  function finish(room: ScheduleRoom) {
    if (!drag || drag.roomId !== room.id) return;
    const low = Math.min(drag.from, drag.to);
    const high = Math.max(drag.from, drag.to);
    setDrag(null);
    const start = low * CELL_MINUTES;
    const end = high === low ? start + 60 : (high + 1) * CELL_MINUTES;
    onPick(room, start, end);
  }

  const hours = Array.from({ length: 24 }, (_, hour) => hour);

  return (
    <div className={`reserve-grid reserve-grid-${orientation}`} data-testid={`reserve-grid-${orientation}`} style={horizontal ? undefined : { gridTemplateColumns: `56px repeat(${rooms.length}, minmax(120px, 1fr))` }}>
      <div className="reserve-grid-corner" />
      {horizontal ? (
        <div className="reserve-grid-hours">
          {hours.map((hour) => (
            <div key={hour} className="reserve-grid-hour" style={{ left: percent(hour * 60) }}>
              {String(hour).padStart(2, '0')}
            </div>
          ))}
        </div>
      ) : (
        rooms.map((room, index) => (
          <div key={room.id} className="reserve-grid-room-head" style={{ gridColumn: index + 2 }}>
            <Tooltip title={room.locationPath}>
              <strong>{room.name}</strong>
            </Tooltip>
            <small>
              {room.capacity} · {room.timeZone}
            </small>
          </div>
        ))
      )}
      {!horizontal ? (
        <div className="reserve-grid-hours">
          {hours.map((hour) => (
            <div key={hour} className="reserve-grid-hour" style={{ top: percent(hour * 60) }}>
              {String(hour).padStart(2, '0')}:00
            </div>
          ))}
        </div>
      ) : null}
      {rooms.map((room, index) => {
        const selecting = drag?.roomId === room.id ? [Math.min(drag.from, drag.to), Math.max(drag.from, drag.to)] : null;
        return (
          <div key={room.id} className="reserve-grid-lane-wrap" style={horizontal ? { display: 'contents' } : { gridColumn: index + 2 }}>
            {horizontal ? (
              <div className="reserve-grid-room-head">
                <Tooltip title={room.locationPath}>
                  <strong>{room.name}</strong>
                </Tooltip>
                <small>
                  {room.capacity} · {room.timeZone}
                </small>
              </div>
            ) : null}
            <div className={`reserve-grid-lane${room.isAvailable ? '' : ' reserve-grid-lane-off'}`} data-testid={`reserve-lane-${room.id}`} onPointerLeave={() => undefined}>
              {Array.from({ length: CELLS }, (_, cell) => (
                <div
                  key={cell}
                  role="button"
                  tabIndex={-1}
                  aria-label={`${room.name} ${String(Math.floor((cell * CELL_MINUTES) / 60)).padStart(2, '0')}:${cell % 2 ? '30' : '00'}`}
                  className={`reserve-grid-cell${selecting && cell >= selecting[0]! && cell <= selecting[1]! ? ' reserve-grid-cell-selected' : ''}`}
                  data-testid={`reserve-cell-${room.id}-${cell}`}
                  style={horizontal ? { left: percent(cell * CELL_MINUTES), width: percent(CELL_MINUTES) } : { top: percent(cell * CELL_MINUTES), height: percent(CELL_MINUTES) }}
                  onPointerDown={(event) => {
                    if (!room.isAvailable || event.button !== 0) return;
                    (event.target as HTMLElement).releasePointerCapture?.(event.pointerId);
                    setDrag({ roomId: room.id, from: cell, to: cell });
                  }}
                  onPointerEnter={() => setDrag((current) => (current && current.roomId === room.id ? { ...current, to: cell } : current))}
                  onPointerUp={() => finish(room)}
                />
              ))}
              {room.disabled.map((period, index) => {
                const from = minutesInDay(period.startAt, date, room.timeZone);
                const to = minutesInDay(period.endAt, date, room.timeZone);
                return (
                  <div
                    key={`d${index}`}
                    className="reserve-grid-block reserve-grid-block-off"
                    style={horizontal ? { left: percent(from), width: percent(to - from) } : { top: percent(from), height: percent(to - from) }}
                  >
                    {t('reserve.disabled')}
                  </div>
                );
              })}
              {room.reservations.map((reservation) => {
                const from = minutesInDay(reservation.startAt, date, room.timeZone);
                const to = Math.max(minutesInDay(reservation.endAt, date, room.timeZone), from + 15);
                const label = blockLabel(reservation, t);
                return (
                  <button
                    type="button"
                    key={reservation.id}
                    className={`reserve-grid-block${reservation.visible ? '' : ' reserve-grid-block-hidden'}${reservation.status === 'pending' ? ' reserve-grid-block-pending' : ''}`}
                    style={horizontal ? { left: percent(from), width: percent(to - from) } : { top: percent(from), height: percent(to - from) }}
                    onClick={() => onOpen(reservation)}
                    title={`${clock(reservation.startAt, room.timeZone)}–${clock(reservation.endAt, room.timeZone)} ${label}`}
                    data-testid={`reserve-block-${reservation.id}`}
                  >
                    <span className="reserve-grid-block-time">
                      {clock(reservation.startAt, room.timeZone)}–{clock(reservation.endAt, room.timeZone)}
                    </span>{' '}
                    {label}
                  </button>
                );
              })}
            </div>
          </div>
        );
      })}
    </div>
  );
}
