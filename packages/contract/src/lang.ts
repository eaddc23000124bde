/** The two languages the product speaks. */
export const LANGS = ['en-US', 'zh-CN'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'en-US';

/** Values stored in the language cookie (spec 000 section 1): zh-chs maps to zh-CN, en to en-US. */
export const LANG_COOKIE_VALUES: Record<Lang, string> = { 'en-US': 'en', 'zh-CN': 'zh-chs' };

/**
 * Reads a language from a `lang` header, a cookie value or an Accept-Language list.
 * Unknown or missing values give undefined so the caller picks its own fallback.
 */
export function parseLang(value: string | undefined | null): Lang | undefined {
  if (!value) return undefined;
  for (const part of value.split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase();
    if (tag === 'zh-chs' || tag === 'zh-cn' || tag === 'zh-hans' || tag === 'zh' || tag.startsWith('zh-hans-')) return 'zh-CN';
    if (tag === 'en' || tag.startsWith('en-')) return 'en-US';
  }
  return undefined;
}

/**
 * The language the console starts in (docs/decisions/0001): the language cookie's, else the browser's
 * first language (zh* gives zh-CN, anything else en-US). The console decides it in the browser; the
 * server decides it the same way to preload that language's texts.
 */
export function startingLang(cookieValue: string | undefined, firstBrowserLanguage: string | undefined): Lang {
  return parseLang(cookieValue) ?? ((firstBrowserLanguage ?? '').trim().toLowerCase().startsWith('zh') ? 'zh-CN' : 'en-US');
}
