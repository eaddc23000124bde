import type { PageRoute } from '../../shared/routing/page-route';

export const bookingApprovalRoutes: PageRoute[] = [
  {
    path: '/meeting-approval',
    titleKey: 'menu.meetingApproval',
    menuKey: 'meetingApproval',
    keepAlive: true,
    load: () => import('./pages/meeting-approval-page').then((m) => m.MeetingApprovalPage),
  },
];
