import { dateTimeFormat, DESK_LIVE_ROOM_STATES, DESK_LIVE_STATES, type DeskLive } from '@atrium/contract';
import { useTranslation } from 'react-i18next';
import './desk-live-map.css';

/** Room around the desks, in the map's units, when the floor has no plan. */
const MARGIN = 24;

type LiveRoom = DeskLive['rooms'][number];

/** A room on the live map: a larger rectangle with its name, busy or free and until when (never a meeting's title). */
function LiveRoomShape({ room, status, label, maxFont }: { room: LiveRoom; status: string; label: string; maxFont: number }) {
  const { x, y, width, height, rotation } = room.position!;
  const size = Math.max(9, Math.min(height * 0.2, width / Math.max(6, room.name.length * 0.65), maxFont));
  return (
    <g className={`atrium-desk-live-room is-${room.state}`} transform={`rotate(${rotation} ${x + width / 2} ${y + height / 2})`} data-testid={`desk-live-room-${room.id}`} data-state={room.state}>
      <title>{label}</title>
      <rect x={x} y={y} width={width} height={height} rx={Math.min(width, height) / 16} />
      <g transform={`rotate(${-rotation} ${x + width / 2} ${y + height / 2})`}>
        <text x={x + width / 2} y={y + height / 2 - size * 0.6} dominantBaseline="central" textAnchor="middle" fontSize={size}>
          {room.name}
        </text>
        <text className="atrium-desk-live-person" x={x + width / 2} y={y + height / 2 + size * 0.7} dominantBaseline="central" textAnchor="middle" fontSize={size * 0.85}>
          {status}
        </text>
      </g>
    </g>
  );
}

/**
 * A floor now (decision 0019, "The live view"): its plan with each desk coloured by how it stands,
 * the name of whoever has checked in written under its number, each room busy or free and until when,
 * the counts of each state, and the desks and rooms not on the map as a list. Used by the console page
 * and the lobby screen alike.
 */
export function DeskLiveMap({ live, planUrl }: { live: DeskLive; planUrl: string | null }) {
  const { t, i18n } = useTranslation();
  const placed = live.desks.filter((desk) => desk.position !== null);
  const unplaced = live.desks.filter((desk) => desk.position === null);
  const placedRooms = live.rooms.filter((room) => room.position !== null);
  const unplacedRooms = live.rooms.filter((room) => room.position === null);
  const time = dateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: live.timeZone });
  /** A room's state in words: "Busy until 10:30", "Free until 14:00", "Free", "Out of use". */
  const roomState = (room: LiveRoom) => {
    const state = t(`desk.live.roomStates.${room.state}`);
    return room.until === null ? state : t('desk.live.roomUntil', { state, time: time.format(room.until) });
  };
  const plan = live.map && planUrl ? { url: planUrl, width: live.map.width, height: live.map.height } : null;
  const shapes = [...placed, ...placedRooms];
  const extent = (edge: (p: NonNullable<(typeof placed)[number]['position']>) => number) => shapes.map((shape) => edge(shape.position!));
  const box = plan
    ? { left: 0, top: 0, width: plan.width, height: plan.height }
    : shapes.length === 0
      ? null
      : (() => {
          const left = Math.max(0, Math.min(...extent((p) => p.x)) - MARGIN);
          const top = Math.max(0, Math.min(...extent((p) => p.y)) - MARGIN);
          return { left, top, width: Math.max(...extent((p) => p.x + p.width)) + MARGIN - left, height: Math.max(...extent((p) => p.y + p.height)) + MARGIN - top };
        })();
  const counts = new Map(DESK_LIVE_STATES.map((state) => [state, live.desks.filter((desk) => desk.state === state).length]));
  const roomCounts = DESK_LIVE_ROOM_STATES.map((state) => [state, live.rooms.filter((room) => room.state === state).length] as const).filter(([, count]) => count > 0);

  return (
    <div className="atrium-desk-live" data-testid="desk-live">
      <p className="atrium-desk-live-counts" data-testid="desk-live-counts">
        {DESK_LIVE_STATES.map((state) => (
          <span key={state} className={`is-${state}`}>
            {t(`desk.live.states.${state}`)}: {counts.get(state)}
          </span>
        ))}
      </p>
      {roomCounts.length > 0 ? (
        <p className="atrium-desk-live-counts" data-testid="desk-live-room-counts">
          <strong>{t('desk.live.rooms')}</strong>
          {roomCounts.map(([state, count]) => (
            <span key={state} className={`is-room-${state}`}>
              {t(`desk.live.roomStates.${state}`)}: {count}
            </span>
          ))}
        </p>
      ) : null}
      {box ? (
        <svg className="atrium-desk-live-map" viewBox={`${box.left} ${box.top} ${box.width} ${box.height}`} role="img" aria-label={t('desk.live.mapLabel')} data-testid="desk-live-map">
          {plan ? <image href={plan.url} x={0} y={0} width={plan.width} height={plan.height} preserveAspectRatio="none" data-testid="desk-live-plan" /> : null}
          {placedRooms.map((room) => (
            <LiveRoomShape key={room.id} room={room} maxFont={box.width / 45} status={roomState(room)} label={t('desk.live.roomLabel', { name: room.name, state: roomState(room) })} />
          ))}
          {placed.map((desk) => {
            const { x, y, width, height, rotation } = desk.position!;
            const label = desk.personName ? t('desk.live.deskWithPerson', { number: desk.number, name: desk.personName }) : t('desk.live.deskLabel', { number: desk.number, state: t(`desk.live.states.${desk.state}`) });
            const size = Math.max(8, Math.min(height * 0.32, width / Math.max(4, desk.number.length * 0.7)));
            return (
              <g key={desk.id} className={`atrium-desk-live-desk is-${desk.state}`} transform={`rotate(${rotation} ${x + width / 2} ${y + height / 2})`} data-testid={`desk-live-${desk.id}`} data-state={desk.state}>
                <title>{label}</title>
                <rect x={x} y={y} width={width} height={height} rx={Math.min(width, height) / 8} />
                <g transform={`rotate(${-rotation} ${x + width / 2} ${y + height / 2})`}>
                  <text x={x + width / 2} y={y + height / 2 - (desk.personName ? size * 0.6 : 0)} dominantBaseline="central" textAnchor="middle" fontSize={size}>
                    {desk.number}
                  </text>
                  {desk.personName ? (
                    <text className="atrium-desk-live-person" x={x + width / 2} y={y + height / 2 + size * 0.7} dominantBaseline="central" textAnchor="middle" fontSize={size * 0.85}>
                      {desk.personName}
                    </text>
                  ) : null}
                </g>
              </g>
            );
          })}
        </svg>
      ) : null}
      {unplaced.length > 0 || !box ? (
        <ul className="atrium-desk-live-list" aria-label={t('desk.live.notOnMap')} data-testid="desk-live-list">
          {(box ? unplaced : live.desks).map((desk) => (
            <li key={desk.id} className={`is-${desk.state}`} data-testid={`desk-live-item-${desk.id}`}>
              <strong>{desk.number}</strong> · {t(`desk.live.states.${desk.state}`)}
              {desk.personName ? ` · ${desk.personName}` : ''}
            </li>
          ))}
        </ul>
      ) : null}
      {unplacedRooms.length > 0 || (!box && live.rooms.length > 0) ? (
        <ul className="atrium-desk-live-list" aria-label={t('desk.live.roomsNotOnMap')} data-testid="desk-live-room-list">
          {(box ? unplacedRooms : live.rooms).map((room) => (
            <li key={room.id} className={`is-room-${room.state}`} data-testid={`desk-live-room-item-${room.id}`}>
              <strong>{room.name}</strong> · {roomState(room)}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
