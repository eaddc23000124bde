import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSpecLists, type SpecRoute } from '../apps/server/src/test/spec-lists.js';
import { openAdminSession, type AdminSession } from './support/admin-session.js';
import { networkQuiet, newContext } from './support/browser.js';

const PASSWORD = 'Spec-routes-2026';
const OPERATOR_PASSWORD = 'Operator-routes-2026';

/** Routes of the operator console (decision 0021, "Operator area"): opened by an operator, not a company's user. */
const OPERATOR_ROUTES = new Set(['/branch']);

/**
 * The routes of the spec's two documents still owed a page, each with the issue that builds it. The
 * list only shrinks: a route that opens now must be taken off it (the test says which).
 */
const NOT_YET_OPEN: Record<string, string> = {
};

/** A concrete address for a route with parameters (the demo company's first role, group and visit). */
function addressOf(route: SpecRoute): string {
  const concrete: Record<string, string> = {
    '/role-detail/{id}/{tab}': '/role-detail/1/permissions',
    '/group-detail/{id}': '/group-detail/1',
    '/record-detail/{id}': '/record-detail/1',
    '/redirect/{route*}': '/redirect/live',
    '/activate/{reqToken}': `/activate/${'a'.repeat(43)}`,
    '/reset/{reqToken}': `/reset/${'a'.repeat(43)}`,
    '/single/{token}': `/single/${'a'.repeat(43)}`,
  };
  return concrete[route.path] ?? route.path;
}

/**
 * Whether an address opens a real page: something drawn that is not the 404 page, and for a public
 * route, no sign-in asked for (the address did not end on /login, unless it is /login).
 */
async function opens(page: Page, address: string, isPublic: boolean, isOperator = false): Promise<{ ok: boolean; why: string }> {
  await page.goto(address);
  await networkQuiet(page);
  const notFound = page.getByTestId('page-not-found');
  // Drawn: a signed-in page once its tab is the active one, a public page once no loading screen is left.
  const isDrawn = async () =>
    (await notFound.count()) > 0 ||
    new URL(page.url()).pathname === '/login' ||
    (isPublic || isOperator
      ? (await page.locator('.atrium-loading').count()) === 0 && (await page.locator('#root').innerText()).trim() !== ''
      : (await page.locator('[role="tab"][aria-selected="true"]').count()) > 0);
  // A page's first load on a busy CI machine can take a while (seen: over 15 s once, with two journeys running).
  await expect.poll(isDrawn, { timeout: 30_000, message: `${address} is drawn` }).toBe(true);
  if ((await notFound.count()) > 0) return { ok: false, why: 'shows the 404 page' };
  const landed = new URL(page.url()).pathname;
  if ((landed === '/login' && address !== '/login') || landed === '/boss/login') return { ok: false, why: 'asks for sign-in' };
  if (landed === '/no-access') return { ok: address === '/no-access', why: 'lands on /no-access' };
  return { ok: true, why: `opens (at ${landed})` };
}

describe("the spec's routes open real pages", () => {
  const routes = readSpecLists().routes;
  let session: AdminSession;
  let signedOut: BrowserContext;
  let outPage: Page;
  let operatorContext: BrowserContext;
  let operatorPage: Page;

  beforeAll(async () => {
    // Each of the 80 routes is loaded from the address bar with all its files and data, two walks side by side from
    // one address: past the default 600 requests a minute on a fast machine (CI answered a page with 429, 2026-12-02).
    session = await openAdminSession(PASSWORD, { ATRIUM_OPERATOR_PASSWORD: OPERATOR_PASSWORD, RATE_LIMIT_PER_MINUTE: '5000' });
    signedOut = await newContext(session.browser, session.server.baseURL);
    outPage = await signedOut.newPage();
    operatorContext = await newContext(session.browser, session.server.baseURL);
    operatorPage = await operatorContext.newPage();
    await operatorPage.goto('/boss/login');
    await operatorPage.getByTestId('operator-login-user').fill('operator');
    await operatorPage.getByTestId('operator-login-password').fill(OPERATOR_PASSWORD);
    await operatorPage.getByTestId('operator-login-submit').click();
    await operatorPage.waitForURL((url) => url.pathname === '/branch');
  });
  afterAll(async () => {
    await operatorContext?.close();
    await signedOut?.close();
    await session?.close();
  });

  it('reads the routes of both documents', () => {
    expect(routes.length).toBeGreaterThan(70);
    expect(routes.filter((route) => route.isPublic).map((route) => route.path)).toEqual(expect.arrayContaining(['/login', '/flght-board', '/deskeeper-live', '/quality-data']));
  });

  it('opens every signed-in route for an administrator (the operator console for an operator), and every public route without a session', async () => {
    const results: string[] = [];
    const stillOwed: string[] = [];
    // Signed-in and public routes in two tabs side by side: each list in order.
    const walk = async (list: SpecRoute[], page: Page) => {
      for (const route of list) {
        const isOperator = OPERATOR_ROUTES.has(route.path);
        const result = await opens(isOperator ? operatorPage : page, addressOf(route), route.isPublic, isOperator);
        if (route.path in NOT_YET_OPEN) {
          if (result.ok) stillOwed.push(`${route.path} ${result.why}: take it off NOT_YET_OPEN`);
        } else if (!result.ok) {
          results.push(`${route.path} (${route.isPublic ? 'public' : 'signed in'}) ${result.why}`);
        }
      }
    };
    await Promise.all([
      walk(
        routes.filter((route) => !route.isPublic),
        session.page,
      ),
      walk(
        routes.filter((route) => route.isPublic),
        outPage,
      ),
    ]);
    expect(results, 'spec routes that do not open').toEqual([]);
    expect(stillOwed).toEqual([]);
    expect(Object.keys(NOT_YET_OPEN).filter((path) => !routes.some((route) => route.path === path)), 'not routes of the spec').toEqual([]);
  }, 600_000);
});
