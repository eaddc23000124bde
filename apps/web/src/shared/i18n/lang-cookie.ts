import { COOKIE_DAYS, COOKIE_NAMES, LANG_COOKIE_VALUES, startingLang, type Lang } from '@atrium/contract';

/** Value of one cookie in a `document.cookie` string. */
export function readCookie(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/**
 * The language to start in: the language cookie ('en' or 'zh-chs', spec 000 section 1), else the
 * browser's first language (zh* gives zh-CN, anything else en-US; docs/decisions/0001).
 */
export function initialLang(cookies: string, browserLanguages: readonly string[]): Lang {
  return startingLang(readCookie(cookies, COOKIE_NAMES.lang), browserLanguages[0]);
}

/** The `document.cookie` assignment that keeps `lang` for COOKIE_DAYS days. */
export function langCookie(lang: Lang): string {
  const maxAge = COOKIE_DAYS * 24 * 60 * 60;
  return `${COOKIE_NAMES.lang}=${LANG_COOKIE_VALUES[lang]}; path=/; max-age=${maxAge}; samesite=lax`;
}
