import { BADGE_STOCKS, COOKIE_PREFIX, DEFAULT_BADGE_STOCK, type BadgeStockName } from '@atrium/contract';

/** localStorage key of the label stock last printed on: the printer belongs to this computer, not to a user. */
export const BADGE_STOCK_KEY = `${COOKIE_PREFIX}badge_stock`;

/** The stock this browser printed on last, or the default one. */
export function readBadgeStock(): BadgeStockName {
  try {
    const stored = localStorage.getItem(BADGE_STOCK_KEY);
    return BADGE_STOCKS.find((stock) => stock === stored) ?? DEFAULT_BADGE_STOCK;
  } catch {
    return DEFAULT_BADGE_STOCK;
  }
}

function saveBadgeStock(stock: BadgeStockName): void {
  try {
    localStorage.setItem(BADGE_STOCK_KEY, stock);
  } catch {
    // Storage full or disabled: the badge still opens, the choice is asked again next time.
  }
}

/** `GET /visitor/badge`: a visit's badge as a PDF. */
export const badgeUrl = (visitId: number, stock: BadgeStockName) => `/api/visitor/badge?${new URLSearchParams({ id: String(visitId), stock })}`;

/**
 * Opens the badge in a new tab, where the browser shows the PDF and prints it with the computer's
 * printer (the session cookie and the language cookie go with it); remembers the stock.
 */
export function openBadge(visitId: number, stock: BadgeStockName): void {
  saveBadgeStock(stock);
  window.open(badgeUrl(visitId, stock), '_blank', 'noopener');
}
