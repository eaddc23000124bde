import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext, signIn, waitForLanding } from './browser.js';
import { completeFirstSignIn, startServer, type RunningServer } from './server.js';

const FIRST_PASSWORD = 'Initial-pass-2026';

export interface AdminSession {
  server: RunningServer;
  browser: Browser;
  context: BrowserContext;
  /** Signed in as admin, on the index page. */
  page: Page;
  close(): Promise<void>;
}

/**
 * A fresh server whose admin has already replaced the first password with `password` and signed in
 * through the page. `env` adds server settings (an SMTP_URL, say), or makes them from the server's address.
 */
export async function openAdminSession(password: string, env: Record<string, string> | ((baseURL: string) => Record<string, string>) = {}): Promise<AdminSession> {
  const server = await startServer((baseURL) => ({ ...(typeof env === 'function' ? env(baseURL) : env), ATRIUM_ADMIN_PASSWORD: FIRST_PASSWORD }));
  await completeFirstSignIn(server.baseURL, FIRST_PASSWORD, password);
  const browser = await launchBrowser();
  const context = await newContext(browser, server.baseURL);
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, 'admin', password);
  await waitForLanding(page);
  return {
    server,
    browser,
    context,
    page,
    async close() {
      await context.close();
      await browser.close();
      await server.stop();
    },
  };
}
