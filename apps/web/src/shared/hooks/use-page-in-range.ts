import { useEffect } from 'react';

/** The last page that holds rows of a list of `total` rows; 1 for an empty list. */
export const lastPageOf = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/**
 * Keeps a server-paged table off empty pages: when the rows of the page shown are gone (say the
 * last member on page 2 was removed), goes back to the last page that still has rows. `total` is
 * the list's fresh total; pass undefined while it is unknown or only a placeholder of another query.
 */
export function usePageInRange(page: number, pageSize: number, total: number | undefined, goToPage: (page: number) => void): void {
  // Runs again when the callback is a new function: harmless, it acts only on a page out of range.
  useEffect(() => {
    if (total === undefined) return;
    const last = lastPageOf(total, pageSize);
    if (page > last) goToPage(last);
  }, [page, pageSize, total, goToPage]);
}
