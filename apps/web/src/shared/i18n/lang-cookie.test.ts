import { describe, expect, it } from 'vitest';
import { initialLang, langCookie, readCookie } from './lang-cookie';

describe('language cookie', () => {
  it('maps the stored values zh-chs and en to the two languages', () => {
    expect(initialLang('atrium_v1_lang=zh-chs', ['en-US'])).toBe('zh-CN');
    expect(initialLang('other=1; atrium_v1_lang=en', ['zh-CN'])).toBe('en-US');
  });

  it('follows the browser when there is no cookie: zh* is Chinese, anything else English', () => {
    expect(initialLang('', ['zh-TW', 'en'])).toBe('zh-CN');
    expect(initialLang('', ['zh'])).toBe('zh-CN');
    expect(initialLang('', ['fr-FR', 'zh-CN'])).toBe('en-US');
    expect(initialLang('', [])).toBe('en-US');
  });

  it('ignores an unknown cookie value', () => {
    expect(initialLang('atrium_v1_lang=klingon', ['zh-CN'])).toBe('zh-CN');
  });

  it('writes the spec values with a 365-day life', () => {
    expect(langCookie('zh-CN')).toBe('atrium_v1_lang=zh-chs; path=/; max-age=31536000; samesite=lax');
    expect(langCookie('en-US')).toMatch(/^atrium_v1_lang=en;/);
  });

  it('reads one cookie among several', () => {
    expect(readCookie('a=1; b=x%20y; c=3', 'b')).toBe('x y');
    expect(readCookie('a=1', 'b')).toBeUndefined();
  });
});
