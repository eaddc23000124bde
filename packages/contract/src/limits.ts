/** Shared limits and constants (spec 000 sections 5 and 9). */

/** Default maximum length of a text input and a search box. */
export const TEXT_MAX = 254;
/** Table page sizes; the first is the default. */
export const PAGE_SIZES = [15, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = PAGE_SIZES[0];
/** How logs show a time, in dayjs tokens (spec 000 section 9: log time format). */
export const LOG_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
/** How date filters show a date (spec 000 section 9: yyyy/MM/dd, the day starting at 00:00:00). */
export const FILTER_DATE_FORMAT = 'YYYY/MM/DD';
/** Debounce of search and filter inputs, in milliseconds. */
export const FILTER_DEBOUNCE_MS = 500;
/** Client request timeout, in milliseconds. */
export const REQUEST_TIMEOUT_MS = 180_000;
/** Time-out of a lazily loaded page chunk, in milliseconds. */
export const LAZY_PAGE_TIMEOUT_MS = 120_000;
/** Cookies live this long, in days, and their names carry the version prefix. */
export const COOKIE_DAYS = 365;
export const COOKIE_PREFIX = 'atrium_v1_';
export const COOKIE_NAMES = {
  lang: `${COOKIE_PREFIX}lang`,
  token: `${COOKIE_PREFIX}token`,
  asideWidth: `${COOKIE_PREFIX}aside_width`,
} as const;
/** The header a display sends its token in (here, in a module without schemas: the door display page uses it, issue 19). */
export const DEVICE_TOKEN_HEADER = 'device-token';
/** Default colour of the shell theme. */
export const DEFAULT_COLOR = '#409EFF';
/** Widths of the shell, in pixels. */
export const ASIDE_WIDTH = 240;
export const THEME_DIALOG_WIDTH = 600;
/** Delay before the search box takes focus, in milliseconds. */
export const SEARCH_FOCUS_DELAY_MS = 500;
/** Largest JSON body the API accepts, in bytes. */
export const JSON_BODY_LIMIT = 1024 * 1024;
/** Default session timeouts; the server's configuration may change them. */
export const SESSION_IDLE_MINUTES = 120;
export const SESSION_ABSOLUTE_HOURS = 24 * 7;
/**
 * Sign-in throttling (docs/decisions/0009): growing delays per account and address, never a lock of
 * the account for everybody. A delay starts at `firstDelaySeconds` and doubles with each further
 * failure up to `maxDelayMinutes`.
 */
export const LOGIN_THROTTLE = {
  /** Failures are remembered this long; a pair or an account quiet this long starts afresh. */
  windowHours: 24,
  /** Failures of one account from one address before its delays start. */
  freeFailuresPerPair: 5,
  firstDelaySeconds: 2,
  maxDelayMinutes: 15,
  /** A spread-out attack: failures of one account from this many addresses within the window... */
  spreadAddresses: 3,
  /** ...and beyond this many of them in all: addresses the account never signed in from wait too. */
  freeFailuresPerAccount: 10,
  /** Successful sign-ins remembered per account, each for this many days (the account's known addresses). */
  knownAddressesPerAccount: 10,
  knownAddressDays: 30,
  /** Password spraying: failures from one address, whatever the account, within this window... */
  addressWindowMinutes: 15,
  /** ...before that address is refused until the oldest leaves the window. */
  maxFailuresPerAddress: 20,
} as const;
/** Default password policy until an administrator sets one (spec 000 section 5). */
export const DEFAULT_PASSWORD_POLICY = {
  minLength: 8,
  expiryDays: null as number | null,
  needsUppercase: false,
  needsLowercase: false,
  needsNumber: false,
  needsSpecial: false,
};
export const PASSWORD_EXPIRY_CHOICES = [30, 60, 90, 180, 360] as const;
export const PASSWORD_MAX = 128;
/** Product version shown in the console. */
export const PRODUCT_VERSION = '0.1.0';
/** Longest role name; the description follows the default text limit. */
export const ROLE_NAME_MAX = 64;
export const ROLE_DESCRIPTION_MAX = TEXT_MAX;
/** Deepest level of the role tree: a role at this level cannot have children. */
export const ROLE_TREE_MAX_DEPTH = 5;
/** Most users one request may move into or out of a role. */
export const ROLE_MEMBERS_PER_REQUEST_MAX = 500;

// Booking's time limits, here rather than in booking.ts so pages that only read them load no schema.
/** The longest meeting (also a database CHECK; it bounds every overlap search). */
export const RESERVATION_MAX_MS = 24 * 60 * 60 * 1000;
/** A start this much in the past still counts as "now" (a form filled in slowly, clock skew). */
export const RESERVATION_PAST_GRACE_MS = 5 * 60 * 1000;
/** How long after its cancellation a meeting may be restored (the console's undo): shortly, while nobody has counted on the free slot yet. */
export const RESERVATION_RESTORE_WINDOW_MS = 60 * 1000;
