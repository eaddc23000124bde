import { hasPermission, type Permission, type PermissionArea } from './permissions.js';

/** Kinds of menu entry the old product used (spec 000 section 3); used for grouping and styling. */
export type MenuType = 'BOOKER' | 'ADMIN' | 'MESSAGE' | 'SMART' | 'GUIDER' | 'DESK' | 'ORG' | 'STORE' | 'HELP';

/** One node of the menu catalogue. A group has children and no path; a page has a path. */
export interface MenuNode {
  /** Stable identifier, also the translation key suffix: the title is `menu.<key>`. */
  key: string;
  /** Console path of the page; absent for a group. */
  path?: string;
  /** Address opened in a new tab instead of a console page. */
  externalUrl?: string;
  /** Icon name from @ant-design/icons. */
  icon: string;
  menuType: MenuType;
  /** Area whose view permission shows the entry; absent means every signed-in user. */
  area?: PermissionArea;
  /** Whether the page exists in this build; entries not built yet never reach a user's menu. */
  isBuilt: boolean;
  children?: MenuNode[];
}

const page = (
  key: string,
  path: string,
  icon: string,
  menuType: MenuType,
  area: PermissionArea | undefined,
  isBuilt = false,
): MenuNode => ({ key, path, icon, menuType, ...(area ? { area } : {}), isBuilt });

/** The menu tree of spec 000 section 2, in its order. Modules flip `isBuilt` when their page lands. */
export const MENU_CATALOGUE: MenuNode[] = [
  {
    key: 'rooms', icon: 'HomeOutlined', menuType: 'BOOKER', isBuilt: false,
    children: [
      page('meeting', '/meeting', 'ApartmentOutlined', 'BOOKER', 'roomsLocations', true),
      page('report', '/report', 'FileTextOutlined', 'BOOKER', 'reports', true),
      page('broadcast', '/broadcast', 'NotificationOutlined', 'BOOKER', 'broadcast', true),
      page('doorDisplays', '/door-displays', 'TabletOutlined', 'BOOKER', 'reservationScreens', true),
      page('bookerPreferences', '/booker-preferences', 'SettingOutlined', 'BOOKER', 'reservationScreens', true),
      page('bookerBlacklist', '/booker-blacklist', 'StopOutlined', 'BOOKER', 'reservationScreens', true),
      page('displaySettings', '/display-settings', 'LayoutOutlined', 'BOOKER', 'reservationScreens', true),
    ],
  },
  {
    key: 'tools', icon: 'ToolOutlined', menuType: 'BOOKER', isBuilt: false,
    children: [
      page('reserve', '/reserve', 'CalendarOutlined', 'BOOKER', 'calendarRoomUse', true),
      page('live', '/live', 'PlayCircleOutlined', 'BOOKER', 'liveMeetings', true),
      page('meetingApproval', '/meeting-approval', 'AuditOutlined', 'BOOKER', 'calendarRoomUse', true),
    ],
  },
  page('roomBoard', '/roomBoard', 'DashboardOutlined', 'BOOKER', 'liveMeetings', true),
  {
    key: 'userManagement', icon: 'TeamOutlined', menuType: 'ADMIN', isBuilt: false,
    children: [
      page('directory', '/directory', 'UserOutlined', 'ADMIN', 'users', true),
      page('role', '/role', 'SafetyCertificateOutlined', 'ADMIN', 'roles', true),
      page('group', '/group', 'ClusterOutlined', 'ADMIN', 'departments', true),
      page('account', '/account', 'CloudSyncOutlined', 'ADMIN', 'accountGlobal', true),
      page('personal', '/personal', 'IdcardOutlined', 'ADMIN', undefined, true),
      page('company', '/company', 'BankOutlined', 'ADMIN', 'accountGlobal', true),
      page('global', '/global', 'GlobalOutlined', 'ADMIN', 'globalSettings', true),
      page('manager', '/manager', 'CrownOutlined', 'ADMIN', 'accountGlobal', true),
      page('application', '/application', 'AppstoreOutlined', 'ADMIN', undefined, true),
      page('ssoSetting', '/sso-setting', 'KeyOutlined', 'ADMIN', 'accountGlobal', true),
      page('mailOutbox', '/mail-outbox', 'InboxOutlined', 'ADMIN', 'accountGlobal', true),
      page('operationLog', '/operation-log', 'HistoryOutlined', 'ADMIN', 'operationLog', true),
      // The front-end log (spec route `log`) sits beside the operation log, under the same area (decision 0021).
      page('frontendLog', '/log', 'BugOutlined', 'ADMIN', 'operationLog', true),
    ],
  },
  {
    key: 'messages', icon: 'MessageOutlined', menuType: 'MESSAGE', isBuilt: false,
    children: [
      page('messageRemind', '/message-remind', 'BellOutlined', 'MESSAGE', 'messages', true),
      page('messageLog', '/message-log', 'ProfileOutlined', 'MESSAGE', 'messages', true),
    ],
  },
  {
    key: 'smart', icon: 'BulbOutlined', menuType: 'SMART', isBuilt: false,
    children: [
      page('smartAnalysis', '/smart-analysis', 'LineChartOutlined', 'SMART', 'overviewStats', true),
      page('smartLocation', '/smart-location', 'EnvironmentOutlined', 'SMART', 'roomsLocations', true),
      page('smartInduction', '/smart-induction', 'RadarChartOutlined', 'SMART', 'roomsLocations', true),
      page('smartEquipment', '/smart-equipment', 'ControlOutlined', 'SMART', 'roomsLocations', true),
      page('smartSetting', '/smart-setting', 'SettingOutlined', 'SMART', 'roomsLocations', true),
    ],
  },
  {
    key: 'airQuality', icon: 'CloudOutlined', menuType: 'SMART', isBuilt: false,
    children: [
      page('airSensors', '/air-sensors', 'DashboardOutlined', 'SMART', 'roomsLocations', true),
      page('qualityData', '/quality-data', 'LineChartOutlined', 'SMART', 'roomsLocations', true),
      page('qualityEquipment', '/quality-equipment', 'HddOutlined', 'SMART', 'roomsLocations', true),
      page('qualityLocation', '/quality-location', 'EnvironmentOutlined', 'SMART', 'roomsLocations', true),
    ],
  },
  {
    key: 'visitors', icon: 'SolutionOutlined', menuType: 'GUIDER', isBuilt: false,
    children: [
      page('guiderAnalysis', '/guider-analysis', 'BarChartOutlined', 'GUIDER', 'overviewStats', true),
      page('guiderInvite', '/guider-invite', 'MailOutlined', 'GUIDER', 'events', true),
      page('guiderRecord', '/guider-record', 'ContainerOutlined', 'GUIDER', 'records', true),
      page('guiderLocation', '/guider-location', 'EnvironmentOutlined', 'GUIDER', 'roomsLocations', true),
      page('guiderSet', '/guider-set', 'SettingOutlined', 'GUIDER', 'visitorDisplay', true),
    ],
  },
  {
    key: 'desks', icon: 'DesktopOutlined', menuType: 'DESK', isBuilt: false,
    children: [
      page('deskeeperConsole', '/deskeeper-console', 'LaptopOutlined', 'DESK', 'quickTools', true),
      page('deskeeperOverview', '/deskeeper-overview', 'PieChartOutlined', 'DESK', 'overviewStats', true),
      page('deskeeperConfiguration', '/deskeeper-configuration', 'SettingOutlined', 'DESK', 'roomsLocations', true),
      page('deskeeperReservation', '/deskeeper-reservation', 'ScheduleOutlined', 'DESK', 'calendarRoomUse', true),
      page('deskeeperLive', '/deskeeper-live', 'EyeOutlined', 'DESK', 'liveMeetings', true),
      page('deskeeperAssets', '/deskeeper-assets', 'DatabaseOutlined', 'DESK', 'trackingFields', true),
      page('deskeeperEquipment', '/deskeeper-equipment', 'HddOutlined', 'DESK', 'roomsLocations', true),
      page('deskeeperStrategy', '/deskeeper-strategy', 'AuditOutlined', 'DESK', 'globalSettings', true),
      page('deskeeperRepair', '/deskeeper-repair', 'ToolOutlined', 'DESK', 'events', true),
    ],
  },
  {
    key: 'workstations', icon: 'InsertRowAboveOutlined', menuType: 'DESK', isBuilt: false,
    children: [
      page('stationSetting', '/deskeeper-station-setting', 'SettingOutlined', 'DESK', 'roomsLocations', true),
      page('stationMonitoring', '/deskeeper-station-monitoring', 'MonitorOutlined', 'DESK', 'roomsLocations', true),
      page('stationStrategy', '/deskeeper-station-strategy', 'AuditOutlined', 'DESK', 'roomsLocations', true),
    ],
  },
  {
    key: 'organisation', icon: 'PartitionOutlined', menuType: 'ORG', isBuilt: false,
    children: [
      page('organizationalMembers', '/organizational-members', 'UsergroupAddOutlined', 'ORG', 'users', true),
      page('organizationalRole', '/organizational-role', 'SafetyOutlined', 'ORG', 'roles', true),
    ],
  },
  {
    key: 'help', icon: 'QuestionCircleOutlined', menuType: 'HELP', isBuilt: false,
    children: [
      { key: 'apiDocs', externalUrl: '/api/docs', icon: 'ApiOutlined', menuType: 'HELP', isBuilt: true },
    ],
  },
];

/** A menu entry as `GET /api/user/getMenuList` answers it (spec 000 section 3, Menu entry). */
export interface MenuEntry {
  key: string;
  /** Console path; empty for a group. */
  path: string;
  /** Translation key of the title. */
  title: string;
  icon: string;
  /** Inline SVG icon; this server sends none, the field exists for compatibility. */
  iconSvg?: string;
  /** Address to open in a new tab. */
  externalUrl?: string;
  menuType: MenuType;
  /** Whether the caller may view and edit the entry's area. */
  view: boolean;
  edit: boolean;
  children: MenuEntry[];
}

/**
 * The entries a role with `granted` permissions may see, limited to built pages.
 * Groups with no visible child disappear.
 */
export function menuForPermissions(granted: ReadonlySet<string>, catalogue: MenuNode[] = MENU_CATALOGUE): MenuEntry[] {
  const out: MenuEntry[] = [];
  for (const node of catalogue) {
    if (node.children) {
      const children = menuForPermissions(granted, node.children);
      if (children.length === 0) continue;
      out.push({ key: node.key, path: '', title: `menu.${node.key}`, icon: node.icon, menuType: node.menuType, view: true, edit: false, children });
      continue;
    }
    if (!node.isBuilt) continue;
    const view = node.area ? hasPermission(granted, `${node.area}:view` as Permission) : true;
    if (!view) continue;
    const edit = node.area ? hasPermission(granted, `${node.area}:edit` as Permission) : true;
    out.push({
      key: node.key,
      path: node.path ?? '',
      title: `menu.${node.key}`,
      icon: node.icon,
      ...(node.externalUrl ? { externalUrl: node.externalUrl } : {}),
      menuType: node.menuType,
      view,
      edit,
      children: [],
    });
  }
  return out;
}

/** Paths always allowed to a signed-in user, whatever the menu says (spec 000 section 2). */
/** '/check-in' is the page a room's QR code opens (any signed-in colleague may check in there; not in the menu). */
/**
 * Where a desk lobby screen opens (decision 0019, "The live view"): the console's public page with the
 * link's secret. Kept here, with the console's paths: the router reads it before any desk code loads.
 */
export const DESK_LIVE_SCREEN_PATH = '/deskeeper-live/screen';

/**
 * Open to every signed-in user: home, personal settings, the app centre and its product pages (the module
 * switcher, the product pages and the store: spec 001 section 2, "Other"), the check-in page, and /auth-add (linking the caller's account at the company's provider).
 */
export const ALWAYS_ALLOWED_PATHS = ['/', '/index', '/personal', '/application', '/switcher', '/rooms', '/control', '/vistiors', '/desks', '/store/roomsSystem', '/check-in', '/auth-add'] as const;

/** Detail pages implied by a list page (spec 000 section 2): detail prefix -> list path. */
export const DETAIL_PARENTS: Record<string, string> = {
  '/role-detail': '/role',
  '/group-detail': '/group',
  '/record-detail': '/guider-record',
  '/guider-apply': '/guider-invite',
};

/** A menu answer's entries or the catalogue's nodes: what has a path and children. */
interface PathTree {
  path?: string;
  children?: readonly PathTree[];
}

/** Collects the console paths of a menu answer (or of catalogue nodes), depth first. */
export function menuPaths(entries: readonly PathTree[]): string[] {
  return entries.flatMap((e) => [...(e.path ? [e.path] : []), ...menuPaths(e.children ?? [])]);
}

/**
 * Whether a console path may be opened by a user whose menu lists `menuPathList`:
 * the menu's paths, the always-allowed paths, and detail pages of allowed list pages.
 */
export function isPathAllowed(pathname: string, menuPathList: readonly string[]): boolean {
  const allowed = new Set<string>([...menuPathList, ...ALWAYS_ALLOWED_PATHS]);
  if (allowed.has(pathname)) return true;
  for (const [prefix, parent] of Object.entries(DETAIL_PARENTS)) {
    if ((pathname === prefix || pathname.startsWith(prefix + '/')) && allowed.has(parent)) return true;
  }
  return false;
}

/** Every console path of the catalogue, built or not. */
const CATALOGUE_PATHS = menuPaths(MENU_CATALOGUE);

/**
 * Whether a console path opens a signed-in page: one of the catalogue's, an always-allowed one or a
 * detail page of a list page (the server hints the shell's code to a visitor with a session there).
 */
export function isSignedInPagePath(pathname: string): boolean {
  return isPathAllowed(pathname, CATALOGUE_PATHS);
}
