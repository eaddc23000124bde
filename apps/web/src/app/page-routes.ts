import { isPathAllowed } from '@atrium/contract';
import { matchPath } from 'react-router';
import { applicationRoutes } from '../modules/application/application.routes';
import { bookingApprovalRoutes } from '../modules/booking-approval/booking-approval.routes';
import { blacklistRoutes } from '../modules/blacklist/blacklist.routes';
import { broadcastRoutes } from '../modules/broadcast/broadcast.routes';
import { bookingPreferencesRoutes } from '../modules/booking-preferences/booking-preferences.routes';
import { messageLogRoutes } from '../modules/message-log/message-log.routes';
import { reportRoutes } from '../modules/report/report.routes';
import { noticeConfigRoutes } from '../modules/notice-config/notice-config.routes';
import { displayInfoRoutes } from '../modules/display-info/display-info.routes';
import { departmentRoutes } from '../modules/department/department.routes';
import { doorDisplayRoutes } from '../modules/door-display/door-display.routes';
import { directoryRoutes } from '../modules/directory/directory.routes';
import { companyRoutes } from '../modules/company/company.routes';
import { homeRoutes } from '../modules/home/home.routes';
import { locationRoutes } from '../modules/location/location.routes';
import { liveRoutes } from '../modules/live/live.routes';
import { mailRoutes } from '../modules/mail/mail.routes';
import { managerRoutes } from '../modules/manager/manager.routes';
import { operationLogRoutes } from '../modules/operation-log/operation-log.routes';
import { frontendLogRoutes } from '../modules/frontend-log/frontend-log.routes';
import { calendarSyncRoutes } from '../modules/calendar-sync/calendar-sync.routes';
import { organizationRoutes } from '../modules/organization/organization.routes';
import { checkInRoutes } from '../modules/pad/pad.routes';
import { personalRoutes } from '../modules/personal/personal.routes';
import { settingsRoutes } from '../modules/settings/settings.routes';
import { roleRoutes } from '../modules/role/role.routes';
import { ssoRoutes } from '../modules/sso/sso.routes';
import { bookingRoutes } from '../modules/booking/booking.routes';
import { visitorRoutes } from '../modules/visitor/visitor.routes';
import { deskRoutes } from '../modules/desk/desk.routes';
import { repairRoutes } from '../modules/repair/repair.routes';
import { assetRoutes } from '../modules/asset/asset.routes';
import { smartRoomRoutes } from '../modules/smart-room/smart-room.routes';
import { smartDeviceRoutes } from '../modules/smart-device/smart-device.routes';
import { airRoutes } from '../modules/air/air.routes';
import type { PageRoute } from '../shared/routing/page-route';

/** Every page shown inside the shell; a module adds its `<domain>.routes.tsx` list here. */
export const SHELL_PAGES: PageRoute[] = [
  ...homeRoutes,
  ...personalRoutes,
  ...directoryRoutes,
  ...departmentRoutes,
  ...companyRoutes,
  ...settingsRoutes,
  ...mailRoutes,
  ...roleRoutes,
  ...operationLogRoutes,
  ...frontendLogRoutes,
  ...calendarSyncRoutes,
  ...organizationRoutes,
  ...ssoRoutes,
  ...managerRoutes,
  ...applicationRoutes,
  ...displayInfoRoutes,
  ...doorDisplayRoutes,
  ...locationRoutes,
  ...bookingRoutes,
  ...bookingApprovalRoutes,
  ...blacklistRoutes,
  ...broadcastRoutes,
  ...bookingPreferencesRoutes,
  ...messageLogRoutes,
  ...reportRoutes,
  ...noticeConfigRoutes,
  ...liveRoutes,
  ...checkInRoutes,
  ...visitorRoutes,
  ...deskRoutes,
  ...repairRoutes,
  ...assetRoutes,
  ...smartRoomRoutes,
  ...smartDeviceRoutes,
  ...airRoutes,
];

/** The shell page a path opens, if any. */
export function findShellPage(pathname: string, pages: readonly PageRoute[] = SHELL_PAGES): PageRoute | undefined {
  return pages.find((page) => matchPath({ path: page.path, end: true }, pathname));
}

/** Whether this console has a page at `path`. */
export const hasShellPage = (path: string, pages: readonly PageRoute[] = SHELL_PAGES) => findShellPage(path, pages) !== undefined;

/**
 * Where `/` and a sign-in without a redirect go: the deployment profile's home page (/reserve, or
 * /roomBoard in the spec's variant; spec 000 section 2) when the user may open it and the console has
 * it, else /reserve, else the welcome page (docs/decisions/0001, Home page; 0021, Deployment profiles).
 */
export function defaultPagePath(menuPaths: readonly string[], hasPage: (path: string) => boolean = hasShellPage, homePage = '/reserve'): string {
  const opens = (path: string) => hasPage(path) && isPathAllowed(path, menuPaths);
  if (opens(homePage)) return homePage;
  return opens('/reserve') ? '/reserve' : '/index';
}
