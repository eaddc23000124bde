import { LANGS } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { SHELL_PAGES } from '../../app/page-routes';
import { airPublicRoutes, airRoutes } from '../../modules/air/air.routes';
import { authRoutes } from '../../modules/auth/auth.routes';
import { calendarSyncRoutes } from '../../modules/calendar-sync/calendar-sync.routes';
import { assetRoutes } from '../../modules/asset/asset.routes';
import { deskRoutes } from '../../modules/desk/desk.routes';
import { directoryPublicRoutes } from '../../modules/directory/directory.routes';
import { doorDisplayRoutes } from '../../modules/door-display/door-display.routes';
import { livePublicRoutes } from '../../modules/live/live.routes';
import { operationLogRoutes } from '../../modules/operation-log/operation-log.routes';
import { padRoutes } from '../../modules/pad/pad.routes';
import { recoveryRoutes, registrationWizardRoutes } from '../../modules/registration/registration.routes';
import { repairRoutes } from '../../modules/repair/repair.routes';
import { smartRoomRoutes } from '../../modules/smart-room/smart-room.routes';
import { smartDeviceRoutes } from '../../modules/smart-device/smart-device.routes';
import { ssoRoutes } from '../../modules/sso/sso.routes';
import { visitorPublicRoutes } from '../../modules/visitor/visitor.routes';
import type { PageRoute } from '../routing/page-route';
import { CORE_TEXT_DOMAINS, PAGE_TEXT_DOMAINS, parseLocalePath } from './text-domains';

const localeFiles = Object.keys(import.meta.glob('../../locales/*/*.json')).map(parseLocalePath);
const sources = import.meta.glob<string>(['../../**/*.{ts,tsx}', '!../../**/*.test.{ts,tsx}', '!../../test/**'], { query: '?raw', import: 'default', eager: true });
const publicPages = [...directoryPublicRoutes, ...registrationWizardRoutes, ...recoveryRoutes, ...livePublicRoutes, ...visitorPublicRoutes, ...padRoutes, ...airPublicRoutes];
const allPages = [...authRoutes, ...publicPages, ...SHELL_PAGES];
/** The pages of the module named like each page domain: they must load it. */
const MODULE_PAGES: Record<string, readonly PageRoute[]> = { 'operation-log': operationLogRoutes, sso: ssoRoutes, 'door-display': doorDisplayRoutes, desk: deskRoutes, repair: repairRoutes, asset: assetRoutes, 'smart-room': smartRoomRoutes, 'smart-device': smartDeviceRoutes, air: [...airRoutes, ...airPublicRoutes], 'calendar-sync': calendarSyncRoutes };
/**
 * A page domain another module borrows (a component of the domain's module shown on its page): the
 * borrowing module and the pages of it that show the component, which must load the domain too.
 */
const BORROWED: Record<string, Record<string, readonly PageRoute[]>> = {
  // A desk's dialog on the booking page reports a problem with it.
  repair: {
    desk: deskRoutes.filter((page) => page.path === '/deskeeper-reservation'),
    inspection: repairRoutes,
    // An asset's drawer reports a problem with it.
    asset: assetRoutes.filter((page) => page.path === '/deskeeper-assets'),
  },
  // The repair centre's page has the inspections as a tab.
  inspection: { repair: repairRoutes },
};
const domainOf = (key: string) => key.split('.')[0]!;

describe('text domains', () => {
  it('names domains every language has', () => {
    for (const lang of LANGS) {
      for (const domain of [...CORE_TEXT_DOMAINS, ...PAGE_TEXT_DOMAINS]) expect(localeFiles, `${lang}/${domain}`).toContainEqual({ lang, domain });
    }
  });

  it('titles the sign-in pages from the core texts, and no page from a page domain', () => {
    for (const page of authRoutes) expect(CORE_TEXT_DOMAINS, page.path).toContain(domainOf(page.titleKey));
    // Tabs show the titles of pages whose code (and own texts) has not loaded yet.
    for (const page of allPages) expect(PAGE_TEXT_DOMAINS, page.path).not.toContain(domainOf(page.titleKey));
  });

  it('lets pages name page domains alone', () => {
    for (const page of allPages) for (const domain of page.texts ?? []) expect(PAGE_TEXT_DOMAINS, page.path).toContain(domain);
  });

  it.each(PAGE_TEXT_DOMAINS)('keeps %s to its own module, whose pages all load it', (domain) => {
    const key = new RegExp(`['"\`]${domain}\\.[a-zA-Z]`);
    const users = Object.entries(sources)
      .filter(([, code]) => key.test(code))
      .map(([path]) => path);
    expect(users.length).toBeGreaterThan(0);
    const borrowers = BORROWED[domain] ?? {};
    expect(users.filter((path) => !path.includes(`/modules/${domain}/`) && !Object.keys(borrowers).some((module) => path.includes(`/modules/${module}/`)))).toEqual([]);
    // A module without pages of its own (the inspections, a tab of the repair centre) is shown by a borrower.
    const showing = [...(MODULE_PAGES[domain] ?? []), ...Object.values(borrowers).flat()];
    expect(showing.length).toBeGreaterThan(0);
    for (const page of showing) expect(page.texts, page.path).toContain(domain);
  });
});
