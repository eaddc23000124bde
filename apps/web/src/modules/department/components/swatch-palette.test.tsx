import type { Swatch } from '@atrium/contract';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../app/query-client';
import { alphaOf } from './swatch-editor';
import { SwatchPalette, type SwatchPaletteProps } from './swatch-palette';
import { SINGLE_CLICK_DELAY_MS } from './use-click-or-double-click';

const swatches: Swatch[] = [
  { id: 1, color: '#409EFF', alpha: 100 },
  { id: 2, color: '#FF4D4F80', alpha: 50 },
];

function renderPalette(overrides: Partial<SwatchPaletteProps> = {}) {
  const props = { swatches, selectedId: 2, canEdit: true, onSelect: vi.fn(), onEdit: vi.fn(), onDragOut: vi.fn(), onAdd: vi.fn(), ...overrides };
  render(<AppProviders queryClient={createQueryClient()}><SwatchPalette {...props} /></AppProviders>);
  return props;
}

describe('SwatchPalette', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('selects on a single click only after 300 ms', () => {
    const props = renderPalette();
    fireEvent.click(screen.getAllByTestId('group-swatch')[0]!);
    act(() => vi.advanceTimersByTime(SINGLE_CLICK_DELAY_MS - 1));
    expect(props.onSelect).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(props.onSelect).toHaveBeenCalledWith(swatches[0]);
    expect(props.onEdit).not.toHaveBeenCalled();
  });

  it('edits on a double click without also selecting', () => {
    const props = renderPalette();
    const swatch = screen.getAllByTestId('group-swatch')[1]!;
    fireEvent.click(swatch);
    fireEvent.click(swatch);
    fireEvent.doubleClick(swatch);
    act(() => vi.advanceTimersByTime(1000));
    expect(props.onEdit).toHaveBeenCalledWith(swatches[1]);
    expect(props.onSelect).not.toHaveBeenCalled();
  });

  it('shows the chosen swatch and deletes one dragged out of the palette, not one dropped inside', () => {
    const props = renderPalette();
    const [first, second] = screen.getAllByTestId('group-swatch');
    expect(second).toHaveAttribute('aria-pressed', 'true');
    expect(first).toHaveAttribute('draggable', 'true');
    const palette = screen.getByTestId('group-palette');
    palette.getBoundingClientRect = () => ({ left: 100, right: 300, top: 100, bottom: 200, x: 100, y: 100, width: 200, height: 100, toJSON: () => ({}) });
    // jsdom has no DragEvent; a mouse event of the same type carries the drop position.
    const dragEnd = (clientX: number, clientY: number) => fireEvent(first!, new MouseEvent('dragend', { bubbles: true, clientX, clientY }));
    dragEnd(150, 150);
    expect(props.onDragOut).not.toHaveBeenCalled();
    dragEnd(0, 0);
    expect(props.onDragOut).not.toHaveBeenCalled();
    dragEnd(500, 150);
    expect(props.onDragOut).toHaveBeenCalledWith(swatches[0]);
  });

  it('offers no editing to a viewer', () => {
    const props = renderPalette({ canEdit: false });
    expect(screen.queryByTestId('group-swatch-add')).not.toBeInTheDocument();
    const swatch = screen.getAllByTestId('group-swatch')[0]!;
    expect(swatch).toHaveAttribute('draggable', 'false');
    fireEvent.doubleClick(swatch);
    expect(props.onEdit).not.toHaveBeenCalled();
  });
});

describe('alphaOf', () => {
  it('keeps 0 to 100 and turns anything else into 100', () => {
    expect(alphaOf(0)).toBe(0);
    expect(alphaOf('55')).toBe(55);
    expect(alphaOf('abc')).toBe(100);
    expect(alphaOf('')).toBe(100);
    expect(alphaOf(null)).toBe(100);
    expect(alphaOf(150)).toBe(100);
  });
});
