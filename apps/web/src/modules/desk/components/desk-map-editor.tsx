import { DeleteOutlined, RotateRightOutlined } from '@ant-design/icons';
import type { Desk, DeskPosition, FloorMapInfo, FloorRoom, MapItemKind } from '@atrium/contract';
import { Button, Space } from 'antd';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/ui/empty-state';
import { NumberInput } from '../../../shared/ui/number-input';
import { floorMapUrl } from '../api/desk.api';
import './desk-map-editor.css';

/** The map editor's unsaved changes: a desk's or room's new place (by id: one id space), or null when it was taken off the map. */
export type DeskPlaces = ReadonlyMap<number, DeskPosition | null>;

/** What the editor places: a desk by its number, or a room by its name (drawn larger). */
interface MapItem {
  id: number;
  kind: MapItemKind;
  label: string;
  position: DeskPosition | null;
}

export interface DeskMapEditorProps {
  floorId: number;
  /** The floor's plan; null: a blank map sized to hold the desks. */
  map: FloorMapInfo | null;
  desks: readonly Desk[];
  /** The floor's rooms, placed like desks and drawn larger with their names. */
  rooms?: readonly FloorRoom[];
  changes: DeskPlaces;
  onChange(changes: DeskPlaces): void;
  /** Shown, not changed (a reader, or a phone). */
  readOnly: boolean;
}

/** The blank map's least size, in its units, when the floor has no plan. */
const BLANK = { width: 1200, height: 800 };
/** Arrow keys move by this many of the map's units; with Shift by one. */
const KEY_STEP = 10;
const ROTATION_SNAP = 15;
const MIN_SIZE = 4;

const round = (value: number) => Math.round(value * 10) / 10;
/** Degrees in [0, 360). */
const normalise = (degrees: number) => round(((degrees % 360) + 360) % 360);

type Drag =
  | { mode: 'move'; startX: number; startY: number; origins: Map<number, DeskPosition>; moved: boolean }
  | { mode: 'resize' | 'rotate'; startX: number; startY: number; deskId: number; origin: DeskPosition };

/**
 * The floor's plan with its desks and rooms drawn where they stand (decision 0019, "The map editor"): a
 * desk or room is dragged to move it, its corner handle resizes it, its round handle turns it; arrow keys
 * move the selected ones and Delete takes them off the map. Changes stay in `changes` until the page
 * saves them.
 */
export function DeskMapEditor({ floorId, map, desks: deskList, rooms = [], changes, onChange, readOnly }: DeskMapEditorProps) {
  const { t } = useTranslation();
  const svgRef = useRef<SVGSVGElement>(null);
  const drag = useRef<Drag | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());

  const desks: MapItem[] = [
    ...deskList.map((desk) => ({ id: desk.id, kind: 'desk' as const, label: desk.number, position: desk.position })),
    ...rooms.map((room) => ({ id: room.id, kind: 'room' as const, label: room.name, position: room.position })),
  ];
  const positionOf = (desk: MapItem): DeskPosition | null => (changes.has(desk.id) ? changes.get(desk.id)! : desk.position);
  const placed = desks.filter((desk) => positionOf(desk) !== null);
  const unplaced = desks.filter((desk) => positionOf(desk) === null);
  const width = map?.width ?? Math.max(BLANK.width, ...placed.map((desk) => positionOf(desk)!.x + positionOf(desk)!.width + 40));
  const height = map?.height ?? Math.max(BLANK.height, ...placed.map((desk) => positionOf(desk)!.y + positionOf(desk)!.height + 40));
  /** A new desk's size: a twentieth of the plan's width, in a desk's proportions; a room's an eighth by a twelfth. */
  const sizeOf = (kind: MapItemKind) =>
    kind === 'room' ? { width: round(Math.max(80, width / 8)), height: round(Math.max(50, width / 12)) } : { width: round(Math.max(20, width / 20)), height: round(Math.max(12, width / 32)) };

  /** Keeps a place on the map: not left of or above it, nor (with a plan) beyond it. */
  const keepOnMap = (position: DeskPosition): DeskPosition => ({
    ...position,
    x: round(Math.min(Math.max(0, position.x), Math.max(0, width - position.width))),
    y: round(Math.min(Math.max(0, position.y), Math.max(0, height - position.height))),
  });

  function change(updates: ReadonlyArray<[number, DeskPosition | null]>) {
    const next = new Map(changes);
    for (const [id, position] of updates) next.set(id, position);
    onChange(next);
  }

  /** A pointer's place in the map's units (the map keeps its proportions, so one scale serves both axes). */
  function pointOf(event: { clientX: number; clientY: number }) {
    const box = svgRef.current?.getBoundingClientRect();
    const scale = box && box.width > 0 ? width / box.width : 1;
    return { x: (event.clientX - (box?.left ?? 0)) * scale, y: (event.clientY - (box?.top ?? 0)) * scale };
  }

  function startDrag(event: PointerEvent, next: Drag) {
    event.stopPropagation();
    drag.current = next;
    svgRef.current?.setPointerCapture?.(event.pointerId);
  }

  function onDeskPointerDown(event: PointerEvent, desk: MapItem) {
    if (readOnly) return;
    let selection = selected;
    if (event.shiftKey) {
      const toggled = new Set(selected);
      if (toggled.has(desk.id)) toggled.delete(desk.id);
      else toggled.add(desk.id);
      selection = toggled;
    } else if (!selected.has(desk.id)) {
      selection = new Set([desk.id]);
    }
    setSelected(selection);
    const origins = new Map(desks.filter((d) => selection.has(d.id) && positionOf(d)).map((d) => [d.id, positionOf(d)!]));
    const start = pointOf(event);
    startDrag(event, { mode: 'move', startX: start.x, startY: start.y, origins, moved: false });
  }

  function onHandlePointerDown(event: PointerEvent, desk: MapItem, mode: 'resize' | 'rotate') {
    const start = pointOf(event);
    startDrag(event, { mode, startX: start.x, startY: start.y, deskId: desk.id, origin: positionOf(desk)! });
  }

  function onPointerMove(event: PointerEvent) {
    const current = drag.current;
    if (!current) return;
    const point = pointOf(event);
    const dx = point.x - current.startX;
    const dy = point.y - current.startY;
    if (current.mode === 'move') {
      if (dx === 0 && dy === 0) return;
      current.moved = true;
      change([...current.origins].map(([id, origin]) => [id, keepOnMap({ ...origin, x: origin.x + dx, y: origin.y + dy })]));
      return;
    }
    const { origin } = current;
    if (current.mode === 'resize') {
      // The pointer's movement in the desk's own (turned) frame.
      const angle = (-origin.rotation * Math.PI) / 180;
      const along = dx * Math.cos(angle) - dy * Math.sin(angle);
      const across = dx * Math.sin(angle) + dy * Math.cos(angle);
      change([[current.deskId, { ...origin, width: round(Math.max(MIN_SIZE, origin.width + along)), height: round(Math.max(MIN_SIZE, origin.height + across)) }]]);
      return;
    }
    const centreX = origin.x + origin.width / 2;
    const centreY = origin.y + origin.height / 2;
    // The handle sits above the centre: pointing straight up is no turn.
    const degrees = (Math.atan2(point.y - centreY, point.x - centreX) * 180) / Math.PI + 90;
    const snapped = event.shiftKey ? degrees : Math.round(degrees / ROTATION_SNAP) * ROTATION_SNAP;
    change([[current.deskId, { ...origin, rotation: normalise(snapped) }]]);
  }

  function endDrag() {
    drag.current = null;
  }

  function onDeskKeyDown(event: KeyboardEvent, desk: MapItem) {
    if (readOnly) return;
    const ids = selected.has(desk.id) ? [...selected] : [desk.id];
    const step = event.shiftKey ? 1 : KEY_STEP;
    const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      change(ids.flatMap((id) => {
        const target = desks.find((d) => d.id === id);
        const position = target ? positionOf(target) : null;
        return position ? [[id, keepOnMap({ ...position, x: position.x + move[0], y: position.y + move[1] })] as [number, DeskPosition]] : [];
      }));
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      change(ids.map((id) => [id, null]));
      setSelected(new Set());
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      setSelected(new Set([desk.id]));
    }
  }

  function place(desk: MapItem) {
    const count = placed.length % 8;
    const defaultSize = sizeOf(desk.kind);
    const position = keepOnMap({
      x: width / 2 - defaultSize.width / 2 + (count - 4) * defaultSize.width * 0.3,
      y: height / 2 - defaultSize.height / 2 + (count - 4) * defaultSize.height * 0.3,
      ...defaultSize,
      rotation: 0,
    });
    change([[desk.id, position]]);
    setSelected(new Set([desk.id]));
  }

  const only = selected.size === 1 ? desks.find((desk) => selected.has(desk.id) && positionOf(desk)) : undefined;
  const itemLabel = (item: MapItem) => (item.kind === 'room' ? t('desk.mapEditor.roomLabel', { name: item.label }) : t('desk.mapEditor.deskLabel', { number: item.label }));
  const unplacedDesks = unplaced.filter((item) => item.kind === 'desk');
  const unplacedRooms = unplaced.filter((item) => item.kind === 'room');
  const onlyPosition = only ? positionOf(only)! : null;
  /** Changes one field of the selected desk from its control; a cleared or out-of-range value changes nothing. */
  const setField = (field: keyof DeskPosition) => (value: number | null) => {
    if (!only || !onlyPosition || value === null || Number.isNaN(value)) return;
    const next = { ...onlyPosition, [field]: value };
    change([[only.id, field === 'rotation' ? { ...next, rotation: normalise(value) } : keepOnMap(next)]]);
  };
  const handle = Math.max(6, width / 120);

  return (
    <div className="atrium-desk-editor" data-testid="desk-map-editor">
      <div className="atrium-desk-editor-canvas">
        <svg
          ref={svgRef}
          className="atrium-desk-editor-map"
          viewBox={`0 0 ${width} ${height}`}
          role="group"
          aria-label={t('desk.mapEditor.mapLabel')}
          data-testid="desk-editor-map"
          onPointerMove={onPointerMove}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
          onPointerDown={() => setSelected(new Set())}
        >
          {map ? (
            <image href={floorMapUrl(floorId, map)} x={0} y={0} width={width} height={height} preserveAspectRatio="none" aria-hidden="true" data-testid="desk-editor-plan" />
          ) : (
            <rect className="atrium-desk-editor-blank" x={0} y={0} width={width} height={height} />
          )}
          {/* The selected desks last: drawn on top, their handles are never under a neighbour. */}
          {[...placed.filter((desk) => !selected.has(desk.id)), ...placed.filter((desk) => selected.has(desk.id))].map((desk) => {
            const { x, y, width: w, height: h, rotation } = positionOf(desk)!;
            const isSelected = selected.has(desk.id);
            return (
              <g
                key={desk.id}
                className={`atrium-desk-editor-desk${desk.kind === 'room' ? ' is-room' : ''}${isSelected ? ' is-selected' : ''}${changes.has(desk.id) ? ' is-changed' : ''}`}
                transform={`rotate(${rotation} ${x + w / 2} ${y + h / 2})`}
                role="button"
                tabIndex={0}
                aria-pressed={readOnly ? undefined : isSelected}
                aria-label={itemLabel(desk)}
                data-testid={`desk-editor-${desk.id}`}
                data-kind={desk.kind}
                data-x={x}
                data-y={y}
                data-rotation={rotation}
                onPointerDown={(event) => onDeskPointerDown(event, desk)}
                onKeyDown={(event) => onDeskKeyDown(event, desk)}
                // Reaching a desk by Tab selects it when nothing is (a click has already chosen the selection).
                onFocus={() => !readOnly && selected.size === 0 && setSelected(new Set([desk.id]))}
              >
                <rect x={x} y={y} width={w} height={h} rx={Math.min(w, h) / (desk.kind === 'room' ? 16 : 8)} />
                <text
                  x={x + w / 2}
                  y={y + h / 2}
                  dominantBaseline="central"
                  textAnchor="middle"
                  // A room's name stays a label, not a headline: at most a fortieth of the plan's width.
                  fontSize={Math.max(8, desk.kind === 'room' ? Math.min(h * 0.2, w / Math.max(6, desk.label.length * 0.65), width / 40) : Math.min(h * 0.45, w / Math.max(3, desk.label.length * 0.6)))}
                >
                  {desk.label}
                </text>
                {isSelected && selected.size === 1 && !readOnly ? (
                  <>
                    <line aria-hidden="true" className="atrium-desk-editor-stalk" x1={x + w / 2} y1={y} x2={x + w / 2} y2={y - handle * 2.5} />
                    <circle
                      className="atrium-desk-editor-handle"
                      cx={x + w / 2}
                      cy={y - handle * 2.5}
                      r={handle}
                      // Pointer affordances: the side panel's fields and the keyboard do the same.
                      aria-hidden="true"
                      data-testid="desk-editor-rotate"
                      onPointerDown={(event) => onHandlePointerDown(event, desk, 'rotate')}
                    />
                    <rect
                      className="atrium-desk-editor-handle"
                      x={x + w - handle}
                      y={y + h - handle}
                      width={handle * 2}
                      height={handle * 2}
                      aria-hidden="true"
                      data-testid="desk-editor-resize"
                      onPointerDown={(event) => onHandlePointerDown(event, desk, 'resize')}
                    />
                  </>
                ) : null}
              </g>
            );
          })}
        </svg>
      </div>
      <aside className="atrium-desk-editor-side">
        {readOnly ? null : only && onlyPosition ? (
          <section className="atrium-desk-editor-controls" data-testid="desk-editor-controls" aria-label={itemLabel(only)}>
            <strong>{itemLabel(only)}</strong>
            <div className="atrium-desk-editor-fields">
              {(['x', 'y', 'width', 'height', 'rotation'] as const).map((field) => (
                <label key={field}>
                  <span>{t(`desk.mapEditor.${field}`)}</span>
                  <NumberInput
                    key={`${only.id}-${field}-${onlyPosition[field]}`}
                    value={Math.round(onlyPosition[field])}
                    min={field === 'width' || field === 'height' ? 1 : 0}
                    max={field === 'rotation' ? 359 : field === 'width' || field === 'height' ? 10_000 : 100_000}
                    onChange={setField(field)}
                    data-testid={`desk-editor-${field}`}
                  />
                </label>
              ))}
            </div>
            <Space wrap>
              <Button icon={<RotateRightOutlined />} onClick={() => setField('rotation')(onlyPosition.rotation + 90)} data-testid="desk-editor-turn">
                {t('desk.mapEditor.rotate')}
              </Button>
              <Button
                danger
                icon={<DeleteOutlined />}
                onClick={() => {
                  change([[only.id, null]]);
                  setSelected(new Set());
                }}
                data-testid="desk-editor-remove"
              >
                {t('desk.mapEditor.removeFromMap')}
              </Button>
            </Space>
          </section>
        ) : (
          <p className="atrium-muted">{selected.size > 1 ? t('desk.mapEditor.selectedMany', { count: selected.size }) : t('desk.mapEditor.selectHint')}</p>
        )}
        <UnplacedList title={t('desk.mapEditor.unplaced')} empty={t('desk.mapEditor.unplacedEmpty')} items={unplacedDesks} readOnly={readOnly} onPlace={place} testId="desk-editor-unplaced" />
        {rooms.length > 0 ? (
          <UnplacedList title={t('desk.mapEditor.unplacedRooms')} empty={t('desk.mapEditor.unplacedRoomsEmpty')} items={unplacedRooms} readOnly={readOnly} onPlace={place} testId="desk-editor-unplaced-rooms" />
        ) : null}
      </aside>
    </div>
  );
}

/** Desks or rooms not on the map, each with a Place button for editors. */
function UnplacedList({ title, empty, items, readOnly, onPlace, testId }: { title: string; empty: string; items: MapItem[]; readOnly: boolean; onPlace(item: MapItem): void; testId: string }) {
  const { t } = useTranslation();
  return (
    <section aria-label={title} data-testid={testId}>
      <h3 className="atrium-desk-editor-heading">{title}</h3>
      {items.length === 0 ? (
        <EmptyState isCompact description={empty} />
      ) : (
        <ul className="atrium-desk-editor-unplaced">
          {items.map((item) => (
            <li key={item.id}>
              <span>{item.label}</span>
              {readOnly ? null : (
                <Button size="small" onClick={() => onPlace(item)} aria-label={item.kind === 'room' ? t('desk.mapEditor.placeRoom', { name: item.label }) : t('desk.mapEditor.place', { number: item.label })} data-testid={`desk-editor-place-${item.id}`}>
                  {t('desk.mapEditor.placeShort')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
