import { COOKIE_NAMES } from '@atrium/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as I18n from './i18n';

type I18nModule = typeof I18n;

/**
 * Each test takes a fresh i18n module, without the texts the test setup adds to the shared one:
 * it starts like the browser, with no texts at all.
 */
async function freshI18n(): Promise<I18nModule> {
  vi.resetModules();
  return import('./i18n');
}

const hasDomain = ({ i18n }: I18nModule, lang: string, domain: string) => i18n.getResource(lang, 'translation', domain) !== undefined;

describe('text loading', () => {
  beforeEach(() => {
    document.cookie = `${COOKIE_NAMES.lang}=en; path=/`;
  });
  afterEach(() => {
    document.cookie = `${COOKIE_NAMES.lang}=; path=/; max-age=0`;
  });

  it("fetches only the language's core texts before the first paint", async () => {
    const texts = await freshI18n();
    await texts.loadLanguage('en-US');
    expect(hasDomain(texts, 'en-US', 'auth')).toBe(true);
    expect(hasDomain(texts, 'en-US', 'menu')).toBe(false);
    expect(hasDomain(texts, 'zh-CN', 'auth')).toBe(false);
    expect(texts.i18n.t('shell.loading')).not.toBe('shell.loading');
  });

  it("fetches the console's texts with a page past sign-in, and a page's own texts with that page", async () => {
    const texts = await freshI18n();
    await texts.loadLanguage('en-US');
    await texts.loadPageTexts();
    expect(hasDomain(texts, 'en-US', 'menu')).toBe(true);
    expect(hasDomain(texts, 'en-US', 'operation-log')).toBe(false);
    await texts.loadPageTexts(['operation-log']);
    expect(hasDomain(texts, 'en-US', 'operation-log')).toBe(true);
  });

  it('switches language once the texts in use are there in the new one', async () => {
    const texts = await freshI18n();
    await texts.loadLanguage('en-US');
    await texts.loadPageTexts(['sso']);
    const switching = texts.switchLanguage('zh-CN');
    expect(texts.i18n.language).toBe('en-US');
    await switching;
    expect(texts.i18n.language).toBe('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
    for (const domain of ['auth', 'menu', 'sso']) expect(hasDomain(texts, 'zh-CN', domain), domain).toBe(true);
    expect(hasDomain(texts, 'zh-CN', 'operation-log')).toBe(false);
  });

  it('keeps the language asked for last when an earlier switch is still loading', async () => {
    const texts = await freshI18n();
    await texts.loadLanguage('en-US');
    await Promise.all([texts.switchLanguage('zh-CN'), texts.switchLanguage('en-US')]);
    expect(texts.i18n.language).toBe('en-US');
  });
});
