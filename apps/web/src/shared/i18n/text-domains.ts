/**
 * How the texts (`locales/<lang>/<domain>.json`) load, so a page fetches only what it shows (issue 19):
 * - the core domains with the language, before the first paint: the console's frame (loading screen,
 *   errors), the sign-in pages and the door display (0.6 KiB), which need nothing else;
 * - the console's domains with the shell, or with any page past the sign-in pages;
 * - a page's own domains (PAGE_TEXT_DOMAINS, named by `PageRoute.texts`) with that page's code.
 * vite.config.ts puts each language's core, console and page domains in chunks of their own.
 */
export const CORE_TEXT_DOMAINS: readonly string[] = ['common', 'errors', 'shell', 'auth', 'pad'];

/**
 * Large domains that one module's pages alone use (text-domains.test.ts checks it): they load with
 * those pages, not with the shell. No page title may come from them, since tabs show titles early.
 */
export const PAGE_TEXT_DOMAINS: readonly string[] = ['operation-log', 'sso', 'door-display', 'desk', 'repair', 'inspection', 'asset', 'smart-room', 'smart-device', 'air', 'calendar-sync'];

/** The language and domain of a locale file's path, e.g. `…/locales/en-US/auth.json`. */
export function parseLocalePath(path: string): { lang: string; domain: string } | undefined {
  const match = /locales[\\/]([^\\/]+)[\\/]([^\\/]+)\.json$/.exec(path);
  return match ? { lang: match[1]!, domain: match[2]! } : undefined;
}
