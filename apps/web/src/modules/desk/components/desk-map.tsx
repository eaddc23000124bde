import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
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
}

/** Room around the desks, in the map's units. */
const MARGIN = 24;

/**
 * The floor's desks where they are placed (the settings' positions, in the map's units), coloured by how
 * each stands for the part chosen; a desk is a button that opens it. It scales to the width it has, so
 * the same map works on a phone and a wide screen. Desks not placed yet are only in the list.
 */
export function DeskMap({ date, desks, colors, onChoose, plan, marks }: DeskMapProps) {
  const { t } = useTranslation();
  const placed = desks.filter(({ desk }) => desk.position !== null);
  if (placed.length === 0 && !plan) return <p className="atrium-muted">{t('desk.booking.noMap')}</p>;
  // With a plan the whole plan shows; without, the desks' extent and a margin.
  const width = plan?.width ?? Math.max(...placed.map(({ desk }) => desk.position!.x + desk.position!.width)) + MARGIN;
  const height = plan?.height ?? Math.max(...placed.map(({ desk }) => desk.position!.y + desk.position!.height)) + MARGIN;
  const left = plan ? 0 : Math.max(0, Math.min(...placed.map(({ desk }) => desk.position!.x)) - MARGIN);
  const top = plan ? 0 : Math.max(0, Math.min(...placed.map(({ desk }) => desk.position!.y)) - MARGIN);
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
