/**
 * The console's addresses of the visitors' public pages. A module of their own, without schemas: the console's entry
 * names them in its routes, and a module the entry imports from is bundled into the entry with all its top-level
 * code (issue 19's budgets).
 */

/** The console's address of the walk-in page; the place's token follows `#`. */
export const VISIT_REGISTER_PATH = '/visit-register';

/** The console's address of the kiosk page (the spec's pad port for visitors). */
export const KIOSK_PATH = '/visitor-kiosk';

/** The console's address of the pass page; the token follows `#`. */
export const VISIT_PASS_PATH = '/visit';
