import { PlusOutlined } from '@ant-design/icons';
import type { Swatch } from '@atrium/contract';
import { Button, Tooltip } from 'antd';
import { useRef, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useClickOrDoubleClick } from './use-click-or-double-click';
import { EmptyState } from '../../../shared/ui/empty-state';

export interface SwatchPaletteProps {
  swatches: Swatch[];
  /** The swatch of the selected department, shown as chosen. */
  selectedId: number | null;
  canEdit: boolean;
  /** A single click, after 300 ms. */
  onSelect: (swatch: Swatch) => void;
  /** A double click. */
  onEdit: (swatch: Swatch) => void;
  /** A swatch dragged out of the palette and dropped outside it. */
  onDragOut: (swatch: Swatch) => void;
  onAdd: () => void;
}

/** Whether a point lies outside a rectangle. */
const isOutside = (rect: DOMRect, x: number, y: number) => x < rect.left || x > rect.right || y < rect.top || y > rect.bottom;

/**
 * The colour palette (spec 000 section 4): a single click selects after 300 ms, a double click edits,
 * dragging a swatch out of the palette deletes it, the last tile adds one.
 */
export function SwatchPalette({ swatches, selectedId, canEdit, onSelect, onEdit, onDragOut, onAdd }: SwatchPaletteProps) {
  const { t } = useTranslation();
  const area = useRef<HTMLDivElement>(null);
  const clicks = useClickOrDoubleClick(onSelect, (swatch: Swatch) => canEdit && onEdit(swatch));

  const dragEnd = (swatch: Swatch) => (event: DragEvent<HTMLButtonElement>) => {
    const rect = area.current?.getBoundingClientRect();
    // A drop outside the window reports (0, 0); dropEffect 'none' with zero coordinates means cancelled.
    if (!rect || (event.clientX === 0 && event.clientY === 0)) return;
    if (isOutside(rect, event.clientX, event.clientY)) onDragOut(swatch);
  };

  return (
    <div ref={area} className="group-palette" data-testid="group-palette" onDragOver={(event) => event.preventDefault()}>
      {swatches.length === 0 && !canEdit ? <EmptyState description={t('department.palette.empty')} /> : null}
      {swatches.map((swatch) => (
        <Tooltip key={swatch.id} title={`${swatch.color}${swatch.alpha < 100 ? ` · ${swatch.alpha}%` : ''}`}>
          <button
            type="button"
            className={swatch.id === selectedId ? 'group-swatch is-selected' : 'group-swatch'}
            style={{ background: swatch.color }}
            aria-label={t('department.palette.swatch', { color: swatch.color })}
            aria-pressed={swatch.id === selectedId}
            data-testid="group-swatch"
            data-color={swatch.color}
            draggable={canEdit}
            onClick={() => clicks.onClick(swatch)}
            onDoubleClick={() => clicks.onDoubleClick(swatch)}
            onDragEnd={dragEnd(swatch)}
          />
        </Tooltip>
      ))}
      {canEdit ? (
        <Tooltip title={t('department.palette.add')}>
          <Button className="group-swatch-add" icon={<PlusOutlined />} aria-label={t('department.palette.add')} onClick={onAdd} data-testid="group-swatch-add" />
        </Tooltip>
      ) : null}
    </div>
  );
}
