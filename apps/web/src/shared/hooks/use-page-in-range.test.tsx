import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lastPageOf, usePageInRange } from './use-page-in-range';

describe('lastPageOf', () => {
  it('counts whole pages, at least one', () => {
    expect(lastPageOf(0, 15)).toBe(1);
    expect(lastPageOf(15, 15)).toBe(1);
    expect(lastPageOf(16, 15)).toBe(2);
    expect(lastPageOf(100, 50)).toBe(2);
  });
});

describe('usePageInRange', () => {
  const run = (page: number, total: number | undefined, pageSize = 15) => {
    const goToPage = vi.fn();
    const hook = renderHook(({ total: rows }: { total: number | undefined }) => usePageInRange(page, pageSize, rows, goToPage), { initialProps: { total } });
    return { goToPage, hook };
  };

  it('goes back one page when the last row of a later page is removed', () => {
    const { goToPage, hook } = run(2, 16);
    expect(goToPage).not.toHaveBeenCalled();
    hook.rerender({ total: 15 });
    expect(goToPage).toHaveBeenCalledExactlyOnceWith(1);
  });

  it('goes to the last page with rows when several pages emptied at once', () => {
    expect(run(5, 31).goToPage).toHaveBeenCalledExactlyOnceWith(3);
    expect(run(3, 0).goToPage).toHaveBeenCalledExactlyOnceWith(1);
  });

  it('stays on a page that has rows, on the first page of an empty list, and while the total is unknown', () => {
    expect(run(2, 30).goToPage).not.toHaveBeenCalled();
    expect(run(1, 0).goToPage).not.toHaveBeenCalled();
    expect(run(4, undefined).goToPage).not.toHaveBeenCalled();
  });
});
