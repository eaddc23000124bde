import { DEFAULT_LANG, LANGS, type Lang } from '@atrium/contract';
import dayjs from 'dayjs';
import 'dayjs/locale/en';
import 'dayjs/locale/zh-cn';
import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { initialLang, langCookie } from './lang-cookie';
import { CORE_TEXT_DOMAINS, PAGE_TEXT_DOMAINS, parseLocalePath } from './text-domains';

type LocaleFile = Record<string, unknown>;

/** Locale files by path (`…/locales/<lang>/<domain>.json`), as `import.meta.glob` lists them. */
export type LocaleFiles = Record<string, LocaleFile>;

/**
 * Turns `locales/<lang>/<domain>.json` files into i18next resources: one namespace per language in
 * which each file's keys live under its domain, so `menu.personal` reads `locales/<lang>/menu.json`.
 */
export function buildResources(files: LocaleFiles): Resource {
  const resources: Resource = {};
  for (const [path, content] of Object.entries(files)) {
    const file = parseLocalePath(path);
    if (!file) continue;
    const translation = (resources[file.lang] ??= { translation: {} }).translation as Record<string, unknown>;
    translation[file.domain] = content;
  }
  return resources;
}

/** Every locale file, fetched when needed: an address loads only the texts it shows (text-domains.ts). */
const LOCALE_LOADERS = import.meta.glob<LocaleFile>('../../locales/*/*.json', { import: 'default' });

/** Whether a page past the sign-in pages has opened: the console's domains are needed since. */
let hasConsoleTexts = false;
/** The page domains (PAGE_TEXT_DOMAINS) of the pages opened so far. */
const openedPageDomains = new Set<string>();

const DAYJS_LOCALES: Record<Lang, string> = { 'en-US': 'en', 'zh-CN': 'zh-cn' };

/** The console's i18next instance. */
export const i18n = i18next.createInstance();

function applyLang(lang: Lang) {
  document.documentElement.lang = lang;
  document.cookie = langCookie(lang);
  dayjs.locale(DAYJS_LOCALES[lang]);
}

// Starts without texts: main.tsx renders once loadLanguage has added them. With `resources` given
// and no backend, i18next switches between languages it holds synchronously.
void i18n.use(initReactI18next).init({
  resources: {},
  lng: initialLang(document.cookie, navigator.languages ?? [navigator.language]),
  fallbackLng: DEFAULT_LANG,
  supportedLngs: [...LANGS],
  interpolation: { escapeValue: false },
  initAsync: false,
});
applyLang(currentLang());
i18n.on('languageChanged', (lang) => applyLang(lang as Lang));

/** Adds the texts of locale files to i18next (the test setup adds every file this way). */
export function addLocaleFiles(files: LocaleFiles) {
  for (const [lang, namespaces] of Object.entries(buildResources(files))) {
    i18n.addResourceBundle(lang, 'translation', namespaces.translation, true, true);
  }
}

/** Whether the console needs a text domain now, in whichever language it shows. */
function isNeeded(domain: string): boolean {
  if (CORE_TEXT_DOMAINS.includes(domain)) return true;
  if (PAGE_TEXT_DOMAINS.includes(domain)) return openedPageDomains.has(domain);
  return hasConsoleTexts;
}

/** The locale files of `lang` the console needs and i18next does not hold yet. */
function missingFiles(lang: Lang): string[] {
  return Object.keys(LOCALE_LOADERS).filter((path) => {
    const file = parseLocalePath(path);
    return file?.lang === lang && isNeeded(file.domain) && i18n.getResource(lang, 'translation', file.domain) === undefined;
  });
}

const loading = new Map<string, Promise<void>>();

function loadFile(path: string): Promise<void> {
  let promise = loading.get(path);
  if (!promise) {
    // Forgotten once settled: a loaded file answers from i18next, a failed fetch (a phone losing
    // its network) is tried again by the next call.
    promise = LOCALE_LOADERS[path]!()
      .then((content) => addLocaleFiles({ [path]: content }))
      .finally(() => loading.delete(path));
    loading.set(path, promise);
  }
  return promise;
}

async function loadTexts(lang: Lang): Promise<void> {
  await Promise.all(missingFiles(lang).map(loadFile));
}

/** Fetches the texts `lang` needs now (the core domains until a page needs more) and adds them to i18next. */
export function loadLanguage(lang: Lang): Promise<void> {
  return loadTexts(lang);
}

/**
 * Fetches the texts of a page past the sign-in pages in the language in use: the console's domains
 * and the page's own (`PageRoute.texts`). The shell and such pages await it with their code; later
 * language switches load the same domains.
 */
export function loadPageTexts(pageDomains: readonly string[] = []): Promise<void> {
  hasConsoleTexts = true;
  pageDomains.forEach((domain) => openedPageDomains.add(domain));
  return loadTexts(currentLang());
}

/** The language in use. */
export function currentLang(): Lang {
  return (LANGS as readonly string[]).includes(i18n.language) ? (i18n.language as Lang) : DEFAULT_LANG;
}

/** The language asked for last: a slower earlier switch must not win over it. */
let requestedLang: Lang | undefined;

/**
 * Switches the console's language: texts, page `lang`, antd and dayjs locales, and the cookie. The
 * language's texts load first, so no key shows untranslated; when they are there already, the switch
 * happens at once. Resolves once the language is in use, or once a later switch took over.
 */
export async function switchLanguage(lang: Lang): Promise<void> {
  requestedLang = lang;
  // A loop: a page that needs more texts may open while these load.
  while (missingFiles(lang).length > 0) {
    await loadTexts(lang);
    if (requestedLang !== lang) return;
  }
  await i18n.changeLanguage(lang);
}

/** `switchLanguage` for controls that do not wait for it (a failed fetch is reported, and the language stays). */
export function setLang(lang: Lang): void {
  void switchLanguage(lang);
}
