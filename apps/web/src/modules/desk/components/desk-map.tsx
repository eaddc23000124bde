import type { FloorRoom } from '@atrium/contract';
import type { KeyboardEvent, MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AvailableDesk, DeskState } from '../model/desk-slot';
import './desk-map.css';

export interface DeskMapProps {
  /** The date the states are for (YYYY-MM-DD), on the map as `data-date`. */
  date: string;
  desks: ReadonlyArray<{ desk: AvailableDesk; state: DeskState }>;
  /** Each neighbourhood's colour, drawn as its desks' outline. */
  colors: ReadonlyMap<number, string>;
  onChoose(deskId: number): void;
  /** The floor's plan, drawn under the desks in its own units (the desks' coordinate space); absent: the desks alone. */
  plan?: { url: string; width: number; height: number } | undefined;
  /** Desks to mark ("book next to"): a colleague's desk, and the free desks nearest to it. */
  marks?: { colleagueDeskId: number | null; nearDeskIds: readonly number[] } | undefined;
  /** The floor's rooms placed on its map: drawn larger with their name and seats, each a link to its booking on /reserve. */
  rooms?: readonly FloorRoom[] | undefined;
}

/** Where a room is booked: the room booking page with the room chosen (as the global search links it). */
const roomBookingPath = (roomId: number) => `/reserve?room=${roomId}`;

/** Room around the desks, in the map's units. */
const MARGIN = 24;

/**
 * The floor's desks where they are placed (the settings' positions, in the map's units), coloured by how
 * each stands for the part chosen; a desk is a button that opens it. It scales to the width it has, so
 * the same map works on a phone and a wide screen. Desks not placed yet are only in the list.
 */
export function DeskMap({ date, desks, colors, onChoose, plan, marks, rooms = [] }: DeskMapProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const placed = desks.filter(({ desk }) => desk.position !== null);
  const placedRooms = rooms.filter((room) => room.position !== null);
  const shapes = [...placed.map(({ desk }) => desk.position!), ...placedRooms.map((room) => room.position!)];
  if (shapes.length === 0 && !plan) return <p className="atrium-muted">{t('desk.booking.noMap')}</p>;
  // With a plan the whole plan shows; without, the desks' and rooms' extent and a margin.
  const width = plan?.width ?? Math.max(...shapes.map((p) => p.x + p.width)) + MARGIN;
  const height = plan?.height ?? Math.max(...shapes.map((p) => p.y + p.height)) + MARGIN;
  const left = plan ? 0 : Math.max(0, Math.min(...shapes.map((p) => p.x)) - MARGIN);
  const top = plan ? 0 : Math.max(0, Math.min(...shapes.map((p) => p.y)) - MARGIN);
  const openRoom = (roomId: number) => (event: MouseEvent) => {
    // A plain click stays in the console; a modified click opens a tab as any link does.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    void navigate(roomBookingPath(roomId));
  };
  const onKey = (deskId: number) => (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    onChoose(deskId);
  };
  return (
    // Wide enough for a finger on a phone: a narrow screen scrolls the map sideways.
    <div className="atrium-desk-map-scroll">
      <svg className="atrium-desk-map" viewBox={`${left} ${top} ${width - left} ${height - top}`} role="group" aria-label={t('desk.booking.mapLabel')} data-testid="desk-map" data-date={date}>
        {plan ? <image href={plan.url} x={0} y={0} width={plan.width} height={plan.height} preserveAspectRatio="none" aria-hidden="true" data-testid="desk-map-plan" /> : null}
        {placedRooms.map((room) => {
          const { x, y, width: w, height: h, rotation } = room.position!;
          const label = t('desk.booking.roomLabel', { name: room.name, count: room.seats });
          const size = Math.max(11, Math.min(h * 0.22, (w / Math.max(6, room.name.length)) * 1.4));
          return (
            <a key={room.id} href={roomBookingPath(room.id)} className="atrium-desk-map-room" aria-label={label} data-testid={`desk-map-room-${room.id}`} onClick={openRoom(room.id)}>
              <title>{label}</title>
              <g transform={`rotate(${rotation} ${x + w / 2} ${y + h / 2})`}>
                <rect x={x} y={y} width={w} height={h} rx={6} />
              </g>
              <text x={x + w / 2} y={y + h / 2 - size * 0.6} dominantBaseline="central" textAnchor="middle" fontSize={size}>
                {room.name}
              </text>
              <text className="atrium-desk-map-room-seats" x={x + w / 2} y={y + h / 2 + size * 0.7} dominantBaseline="central" textAnchor="middle" fontSize={size * 0.8}>
                {t('desk.booking.roomSeats', { count: room.seats })}
              </text>
            </a>
          );
        })}
        {placed.map(({ desk, state }) => {
          const { x, y, width: w, height: h, rotation } = desk.position!;
          const outline = desk.neighbourhoodId === null ? undefined : colors.get(desk.neighbourhoodId);
          const mark = marks?.colleagueDeskId === desk.id ? ' is-colleague' : marks?.nearDeskIds.includes(desk.id) ? ' is-near' : '';
          return (
            <g
              key={desk.id}
              className={`atrium-desk-map-desk is-${state}${mark}`}
              transform={`rotate(${rotation} ${x + w / 2} ${y + h / 2})`}
              role="button"
              tabIndex={0}
              aria-label={t('desk.booking.deskLabel', { number: desk.number, state: t(`desk.booking.states.${state}`) })}
              data-testid={`desk-map-${desk.id}`}
              data-state={state}
              onClick={() => onChoose(desk.id)}
              onKeyDown={onKey(desk.id)}
            >
              <rect x={x} y={y} width={w} height={h} rx={4} style={outline ? { stroke: outline } : undefined} />
              <text x={x + w / 2} y={y + h / 2} dominantBaseline="central" textAnchor="middle" transform={`rotate(${-rotation} ${x + w / 2} ${y + h / 2})`}>
                {desk.number}
              </text>
            </g>
          );
        })}
      </svg>
    </div>
  );
}
