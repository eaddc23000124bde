import { KIOSK_PATH, VISIT_PASS_PATH, VISIT_REGISTER_PATH } from '@atrium/contract';
import type { PageRoute } from '../../shared/routing/page-route';

/** The visitor pages built so far (issue 20; decision 0018): analysis, settings, invitations, records, a visit's details and reception's devices. */
export const visitorRoutes: PageRoute[] = [
  {
    path: '/guider-analysis',
    titleKey: 'menu.guiderAnalysis',
    menuKey: 'guiderAnalysis',
    keepAlive: true,
    load: () => import('./pages/visitor-analysis-page').then((m) => m.VisitorAnalysisPage),
  },
  {
    path: '/guider-invite',
    titleKey: 'menu.guiderInvite',
    menuKey: 'guiderInvite',
    keepAlive: true,
    load: () => import('./pages/invite-page').then((m) => m.InvitePage),
  },
  // The walk-ins waiting for the caller's approval, under Invitations in the menu (menu.ts DETAIL_PARENTS).
  {
    path: '/guider-apply',
    titleKey: 'visitor.apply.title',
    menuKey: 'guiderInvite',
    keepAlive: true,
    load: () => import('./pages/applications-page').then((m) => m.ApplicationsPage),
  },
  {
    path: '/guider-record',
    titleKey: 'menu.guiderRecord',
    menuKey: 'guiderRecord',
    keepAlive: true,
    load: () => import('./pages/records-page').then((m) => m.RecordsPage),
  },
  {
    path: '/record-detail/:id',
    titleKey: 'visitor.detail.title',
    menuKey: 'guiderRecord',
    load: () => import('./pages/record-detail-page').then((m) => m.RecordDetailPage),
  },
  {
    path: '/guider-location',
    titleKey: 'menu.guiderLocation',
    menuKey: 'guiderLocation',
    keepAlive: true,
    load: () => import('./pages/reception-devices-page').then((m) => m.ReceptionDevicesPage),
  },
  {
    path: '/guider-set',
    titleKey: 'menu.guiderSet',
    menuKey: 'guiderSet',
    keepAlive: true,
    load: () => import('./pages/visitor-settings-page').then((m) => m.VisitorSettingsPage),
  },
];

/** The visitor's pass, outside the shell and without a session: the invitation mail's link (`/visit#<token>`) opens it. */
export const visitorPublicRoutes: PageRoute[] = [
  {
    path: VISIT_PASS_PATH,
    titleKey: 'visitor.pass.title',
    load: () => import('./pages/visit-pass-page').then((m) => m.VisitPassPage),
  },
  // The visitor kiosk at reception: the tablet proves itself with its device token.
  {
    path: KIOSK_PATH,
    titleKey: 'visitor.kiosk.title',
    load: () => import('./pages/kiosk-page').then((m) => m.KioskPage),
  },
  // A place's walk-in link (its QR poster at the entrance): a visitor without an invitation registers.
  {
    path: VISIT_REGISTER_PATH,
    titleKey: 'visitor.register.title',
    load: () => import('./pages/visit-register-page').then((m) => m.VisitRegisterPage),
  },
];
