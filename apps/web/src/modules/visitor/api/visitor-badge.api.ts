import { BADGE_STOCKS, COOKIE_PREFIX, DEFAULT_BADGE_STOCK, type BadgeStockName, type VisitorDevice } from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/api';

/** localStorage keys of the label stock, or the badge printer, last printed on: they belong to this computer, not to a user. */
export const BADGE_STOCK_KEY = `${COOKIE_PREFIX}badge_stock`;
export const BADGE_PRINTER_KEY = `${COOKIE_PREFIX}badge_printer`;

/** Where a badge prints: a printer set up on the reception devices page (its stock and offset), or a bare stock. */
export type BadgeTarget = { printerId: number } | { stock: BadgeStockName };

const read = (key: string): string | null => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};

/** The stock this browser printed on last, or the default one. */
export function readBadgeStock(): BadgeStockName {
  const stored = read(BADGE_STOCK_KEY);
  return BADGE_STOCKS.find((stock) => stock === stored) ?? DEFAULT_BADGE_STOCK;
}

/** What this browser printed on last: a printer still listed, else its stock. */
export function readBadgeTarget(printers: readonly VisitorDevice[]): BadgeTarget {
  const printerId = Number(read(BADGE_PRINTER_KEY));
  return printers.some((printer) => printer.id === printerId) ? { printerId } : { stock: readBadgeStock() };
}

function saveBadgeTarget(target: BadgeTarget): void {
  try {
    if ('printerId' in target) localStorage.setItem(BADGE_PRINTER_KEY, String(target.printerId));
    else {
      localStorage.removeItem(BADGE_PRINTER_KEY);
      localStorage.setItem(BADGE_STOCK_KEY, target.stock);
    }
  } catch {
    // Storage full or disabled: the badge still opens, the choice is asked again next time.
  }
}

/** `GET /visitor/printers`: the company's badge printers, for reception's choice. */
export function useBadgePrinters(enabled: boolean) {
  return useQuery({
    queryKey: ['visitor', 'printers'],
    queryFn: ({ signal }) => api.get<VisitorDevice[]>('/visitor/printers', { signal, notify: false }),
    enabled,
    staleTime: 60_000,
  });
}

/** `GET /visitor/badge`: a visit's badge as a PDF, on a printer's settings or a stock. */
export const badgeUrl = (visitId: number, target: BadgeTarget) =>
  `/api/visitor/badge?${new URLSearchParams({ id: String(visitId), ...('printerId' in target ? { printerId: String(target.printerId) } : { stock: target.stock }) })}`;

/**
 * Opens the badge in a new tab, where the browser shows the PDF and prints it with the computer's
 * printer (the session cookie and the language cookie go with it); remembers the choice.
 */
export function openBadge(visitId: number, target: BadgeTarget): void {
  saveBadgeTarget(target);
  window.open(badgeUrl(visitId, target), '_blank', 'noopener');
}
