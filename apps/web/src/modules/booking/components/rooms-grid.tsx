import { RESERVATION_PAST_GRACE_MS, toZoned, type Reservation, type ScheduleRoom } from '@atrium/contract';
import { Tooltip } from 'antd';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clockIn, hoursAhead, pairText, spanIn, zoneName } from '../../../shared/time-zone/zone-text';
import { EmptyState } from '../../../shared/ui/empty-state';
import './rooms-grid.css';

const CELL_MINUTES = 30;
const CELLS = (24 * 60) / CELL_MINUTES;
const DAY_MINUTES = 24 * 60;
/** A cell may still be picked this long after it started: the server's grace for a start just past. */
const GRACE_MINUTES = RESERVATION_PAST_GRACE_MS / 60_000;
/** Where the grid opens on a day that does not hold now, when the company sets no bookable hours. */
export const DEFAULT_WORK_START_MINUTES = 8 * 60;

export interface RoomsGridProps {
  rooms: ScheduleRoom[];
  date: string;
  /** The current time (epoch ms): the now line, the greyed past, where the grid opens. */
  now: number;
  orientation: 'horizontal' | 'vertical';
  /** The zone of the time axis (the viewer's; the schedule was asked for its day); each room's own when absent. */
  zone?: string;
  /** Minutes into the day where working hours start (the company's bookable hours). */
  workStartMinutes?: number;
  onPick: (room: ScheduleRoom, startMinutes: number, endMinutes: number) => void;
  onOpen: (reservation: Reservation) => void;
  /**
   * A drawer covers the grid: the blocks' tooltips stay shut. The pointer still rests on the block
   * just clicked, so its tooltip would open again above the drawer and take Escape from it.
   */
  isCovered?: boolean;
}

/** Wall-clock minutes of an instant within the room's day (0 before it, 1440 after it). */
export function minutesInDay(ms: number, date: string, timeZone: string | null): number {
  const local = toZoned(ms, timeZone ?? 'UTC');
  if (local.date < date) return 0;
  if (local.date > date) return DAY_MINUTES;
  const [hour, minute] = local.time.split(':').map(Number) as [number, number];
  return hour * 60 + minute;
}

/** The minute a grid opens at: an hour before now on the day that holds now, else the start of working hours. */
export function openingMinutes(nowMinutes: number | null, workStartMinutes: number): number {
  return nowMinutes === null ? workStartMinutes : Math.max(0, nowMinutes - 60);
}

/** The label a busy block shows: its title when the viewer may see it, else Busy or Private. */
export function blockLabel(reservation: Reservation, t: (key: string) => string): string {
  if (reservation.title) return reservation.title;
  return reservation.privacy === 'private' ? t('booking.private') : t('booking.busy');
}

/** Time a room cannot take within the day, in minutes of the axis's zone, with what to call it. */
interface Taken {
  from: number;
  to: number;
  label: string;
}

function takenTimes(room: ScheduleRoom, date: string, axis: string, t: (key: string) => string): Taken[] {
  const span = (startAt: number, endAt: number) => ({ from: minutesInDay(startAt, date, axis), to: minutesInDay(endAt, date, axis) });
  return [
    ...room.reservations.map((reservation) => ({
      ...span(reservation.startAt, reservation.endAt),
      label: `${blockLabel(reservation, t)} ${clockIn(reservation.startAt, axis)}–${clockIn(reservation.endAt, axis)}`,
    })),
    ...room.disabled.map((period) => ({ ...span(period.startAt, period.endAt), label: t('booking.disabled') })),
  ];
}

const clashIn = (taken: Taken[], from: number, to: number) => taken.find((item) => item.from < to && item.to > from);

/** Now in the axis's day: how much of the day is past (0 to 1440) and the minute of now when the day holds it. */
function nowIn(axis: string, date: string, now: number): { past: number; line: number | null } {
  const past = minutesInDay(now, date, axis);
  return { past, line: toZoned(now, axis).date === date ? past : null };
}

/**
 * Rooms against the hours of a day: rooms as rows (horizontal) or as columns (vertical), each in
 * its own zone's day. Half-hour cells take a click (a one-hour slot from there, or the half hour
 * before a meeting) or a drag (the cells covered), which turns red and names the meeting it would
 * clash with before the button is released. Past time is greyed and takes no booking; a line
 * marks now. Blocks open details and name the meeting on hover.
 */
export function RoomsGrid({ rooms, date, now, orientation, zone, workStartMinutes = DEFAULT_WORK_START_MINUTES, onPick, onOpen, isCovered = false }: RoomsGridProps) {
  const { t } = useTranslation();
  const [drag, setDrag] = useState<{ roomId: number; from: number; to: number } | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const horizontal = orientation === 'horizontal';
  const hasRooms = rooms.length > 0;

  useEffect(() => {
    if (!drag) return;
    // Let go outside the lane, or the browser took the pointer: no booking.
    const cancel = () => setDrag(null);
    window.addEventListener('pointercancel', cancel);
    window.addEventListener('pointerup', cancel);
    return () => {
      window.removeEventListener('pointercancel', cancel);
      window.removeEventListener('pointerup', cancel);
    };
  }, [drag]);

  // Opens at now (in the first room whose day holds it) or at working hours: again for another day,
  // layout, or zone of that room (a filter to the other office), not as now moves on.
  const axisOf = (room: ScheduleRoom) => zone ?? room.timeZone ?? 'UTC';
  const nowRoom = rooms.find((room) => nowIn(axisOf(room), date, now).line !== null);
  const opening = openingMinutes(nowRoom ? nowIn(axisOf(nowRoom), date, now).line : null, workStartMinutes);
  const openingZone = nowRoom?.timeZone ?? null;
  const openingRef = useRef(opening);
  useLayoutEffect(() => {
    openingRef.current = opening;
  });
  useLayoutEffect(() => {
    const box = container.current;
    const lane = box?.querySelector<HTMLElement>('.reserve-grid-lane');
    if (!box || !lane) return;
    const fraction = openingRef.current / DAY_MINUTES;
    if (horizontal) box.scrollLeft = lane.offsetWidth * fraction;
    else box.scrollTop = lane.offsetHeight * fraction;
  }, [date, horizontal, hasRooms, openingZone]);

  if (!hasRooms) return <EmptyState description={t('booking.noRooms')} />;
  const percent = (minutes: number) => `${(minutes / DAY_MINUTES) * 100}%`;
  const along = (from: number, to: number) => (horizontal ? { left: percent(from), width: percent(to - from) } : { top: percent(from), height: percent(to - from) });

  /** The slot a finished drag or click asks for, or null when it would clash. */
  function slotOf(taken: Taken[], low: number, high: number): [number, number] | null {
    const start = low * CELL_MINUTES;
    if (high !== low) {
      const end = (high + 1) * CELL_MINUTES;
      return clashIn(taken, start, end) ? null : [start, end];
    }
    // A click: an hour, or the half hour left before the next meeting.
    if (!clashIn(taken, start, start + 60)) return [start, start + 60];
    return clashIn(taken, start, start + CELL_MINUTES) ? null : [start, start + CELL_MINUTES];
  }

  function finish(room: ScheduleRoom, taken: Taken[]) {
    if (!drag || drag.roomId !== room.id) return;
    const slot = slotOf(taken, Math.min(drag.from, drag.to), Math.max(drag.from, drag.to));
    setDrag(null);
    if (slot) onPick(room, slot[0], slot[1]);
  }

  const hours = Array.from({ length: 24 }, (_, hour) => hour);
  /** The room's zone and how far its clock is from the axis's ("London · +5 h"), or its zone alone. */
  const roomClock = (room: ScheduleRoom) => {
    if (!room.timeZone) return '';
    const name = zoneName(room.timeZone, t);
    const hoursFromAxis = zone ? hoursAhead(room.dayStartAt, room.timeZone, zone) : 0;
    return hoursFromAxis === 0 ? name : t('booking.zone.offset', { zone: name, hours: `${hoursFromAxis > 0 ? '+' : '−'}${Math.abs(hoursFromAxis)}` });
  };

  return (
    <div
      ref={container}
      className={`reserve-grid reserve-grid-${orientation}${drag ? ' reserve-grid-dragging' : ''}`}
      data-testid={`reserve-grid-${orientation}`}
      style={horizontal ? undefined : { gridTemplateColumns: `56px repeat(${rooms.length}, minmax(120px, 1fr))` }}
    >
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
            <small data-testid={`reserve-room-clock-${room.id}`}>
              {room.capacity} · {roomClock(room)}
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
        const selecting = drag?.roomId === room.id ? [Math.min(drag.from, drag.to), Math.max(drag.from, drag.to)] as const : null;
        const taken = takenTimes(room, date, axisOf(room), t);
        const clash = selecting ? clashIn(taken, selecting[0] * CELL_MINUTES, (selecting[1] + 1) * CELL_MINUTES) : undefined;
        const { past, line } = nowIn(axisOf(room), date, now);
        const isPast = (cell: number) => cell * CELL_MINUTES < past - GRACE_MINUTES;
        return (
          <div key={room.id} className="reserve-grid-lane-wrap" style={horizontal ? { display: 'contents' } : { gridColumn: index + 2 }}>
            {horizontal ? (
              <div className="reserve-grid-room-head">
                <Tooltip title={room.locationPath}>
                  <strong>{room.name}</strong>
                </Tooltip>
                <small data-testid={`reserve-room-clock-${room.id}`}>
                  {room.capacity} · {roomClock(room)}
                </small>
              </div>
            ) : null}
            <div className={`reserve-grid-lane${room.isAvailable ? '' : ' reserve-grid-lane-off'}`} data-testid={`reserve-lane-${room.id}`}>
              {past > 0 ? <div className="reserve-grid-past" style={along(0, past)} data-testid={`reserve-past-${room.id}`} aria-hidden="true" /> : null}
              {Array.from({ length: CELLS }, (_, cell) => {
                const inPast = isPast(cell);
                const selected = selecting !== null && cell >= selecting[0] && cell <= selecting[1];
                return (
                  <div
                    key={cell}
                    role="button"
                    tabIndex={-1}
                    aria-label={`${room.name} ${String(Math.floor((cell * CELL_MINUTES) / 60)).padStart(2, '0')}:${cell % 2 ? '30' : '00'}`}
                    aria-disabled={inPast || !room.isAvailable ? true : undefined}
                    className={`reserve-grid-cell${inPast ? ' reserve-grid-cell-past' : ''}${selected ? (clash ? ' reserve-grid-cell-clash' : ' reserve-grid-cell-selected') : ''}`}
                    data-testid={`reserve-cell-${room.id}-${cell}`}
                    style={along(cell * CELL_MINUTES, (cell + 1) * CELL_MINUTES)}
                    onPointerDown={(event) => {
                      if (!room.isAvailable || inPast || event.button !== 0) return;
                      (event.target as HTMLElement).releasePointerCapture?.(event.pointerId);
                      setDrag({ roomId: room.id, from: cell, to: cell });
                    }}
                    onPointerEnter={() => {
                      if (inPast) return;
                      setDrag((current) => (current && current.roomId === room.id ? { ...current, to: cell } : current));
                    }}
                    onPointerUp={() => finish(room, taken)}
                  />
                );
              })}
              {room.disabled.map((period, index) => {
                const from = minutesInDay(period.startAt, date, axisOf(room));
                const to = minutesInDay(period.endAt, date, axisOf(room));
                return (
                  <div key={`d${index}`} className="reserve-grid-block reserve-grid-block-off" style={along(from, to)}>
                    {t('booking.disabled')}
                  </div>
                );
              })}
              {room.reservations.map((reservation) => {
                const from = minutesInDay(reservation.startAt, date, axisOf(room));
                const to = Math.max(minutesInDay(reservation.endAt, date, axisOf(room)), from + 15);
                const label = blockLabel(reservation, t);
                // On hover: the time on both clocks when the room keeps another.
                const when = zone ? pairText(reservation, room.timeZone, zone, t) : spanIn(reservation.startAt, reservation.endAt, axisOf(room));
                return (
                  // A short meeting's block is too small for its title: the tooltip names it.
                  <Tooltip key={reservation.id} title={`${when} ${label}`} {...(isCovered ? { open: false } : {})}>
                    <button
                      type="button"
                      className={`reserve-grid-block${reservation.visible ? '' : ' reserve-grid-block-hidden'}${reservation.status === 'pending' ? ' reserve-grid-block-pending' : ''}`}
                      style={along(from, to)}
                      onClick={() => onOpen(reservation)}
                      data-testid={`reserve-block-${reservation.id}`}
                    >
                      <span className="reserve-grid-block-time">
                        {clockIn(reservation.startAt, axisOf(room))}–{clockIn(reservation.endAt, axisOf(room))}
                      </span>{' '}
                      {label}
                    </button>
                  </Tooltip>
                );
              })}
              {line !== null ? (
                <div className="reserve-grid-now" style={horizontal ? { left: percent(line) } : { top: percent(line) }} data-testid={`reserve-now-${room.id}`} aria-hidden="true" />
              ) : null}
              {selecting && clash ? (
                <div className="reserve-grid-clash" role="status" style={horizontal ? { left: percent(selecting[0] * CELL_MINUTES) } : { top: percent(selecting[0] * CELL_MINUTES) }} data-testid="reserve-drag-clash">
                  {t('booking.grid.clash', { what: clash.label })}
                </div>
              ) : null}
            </div>
          </div>
        );
      })}
    </div>
  );
}
