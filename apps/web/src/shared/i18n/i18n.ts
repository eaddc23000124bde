import { DEFAULT_LANG, LANGS, type Lang } from '@atrium/contract';
import dayjs from 'dayjs';
import 'dayjs/locale/en';
import 'dayjs/locale/zh-cn';
import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { initialLang, langCookie } from './lang-cookie';

type LocaleFiles = Record<string, Record<string, unknown>>;

/**
 * Turns `locales/<lang>/<domain>.json` files into i18next resources: one namespace per language in
 * which each file's keys live under its domain, so `menu.personal` reads `locales/<lang>/menu.json`.
 */
export function buildResources(files: LocaleFiles): Resource {
  const resources: Resource = {};
  for (const [file, content] of Object.entries(files)) {
    const match = /\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (!match) continue;
    const [, lang, domain] = match as unknown as [string, string, string];
    const translation = (resources[lang] ??= { translation: {} }).translation as Record<string, unknown>;
    translation[domain] = content;
  }
  return resources;
}

export const localeFiles: LocaleFiles = import.meta.glob('../../locales/*/*.json', { eager: true, import: 'default' });

const DAYJS_LOCALES: Record<Lang, string> = { 'en-US': 'en', 'zh-CN': 'zh-cn' };

/** The console's i18next instance. */
export const i18n = i18next.createInstance();

function applyLang(lang: Lang) {
  document.documentElement.lang = lang;
  document.cookie = langCookie(lang);
  dayjs.locale(DAYJS_LOCALES[lang]);
}

void i18n.use(initReactI18next).init({
  resources: buildResources(localeFiles),
  lng: initialLang(document.cookie, navigator.languages ?? [navigator.language]),
  fallbackLng: DEFAULT_LANG,
  supportedLngs: [...LANGS],
  interpolation: { escapeValue: false },
  initAsync: false,
});
applyLang(currentLang());
i18n.on('languageChanged', (lang) => applyLang(lang as Lang));

/** The language in use. */
export function currentLang(): Lang {
  return (LANGS as readonly string[]).includes(i18n.language) ? (i18n.language as Lang) : DEFAULT_LANG;
}

/** Switches the console's language: texts, page `lang`, antd and dayjs locales, and the cookie. */
export function setLang(lang: Lang) {
  void i18n.changeLanguage(lang);
}
