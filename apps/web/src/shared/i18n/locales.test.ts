import { MENU_CATALOGUE, PERMISSION_AREAS, type MenuNode } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { HTTP_STATUS_MESSAGES, httpStatusKey } from '../api/http-status';
import { THEMES } from '../theme/themes';
import { i18n, type LocaleFiles } from './i18n';

type Tree = Record<string, unknown>;
const localeFiles: LocaleFiles = import.meta.glob('../../locales/*/*.json', { eager: true, import: 'default' });
const keysOf = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    value && typeof value === 'object' ? keysOf(value as Tree, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
const catalogueKeys = (nodes: MenuNode[]): string[] => nodes.flatMap((node) => [node.key, ...catalogueKeys(node.children ?? [])]);

describe('locales', () => {
  it('has the same files and the same keys in en-US and zh-CN', () => {
    const files = Object.keys(localeFiles);
    const english = files.filter((file) => file.includes('/en-US/'));
    expect(english.length).toBeGreaterThan(0);
    expect(files.filter((file) => file.includes('/zh-CN/')).map((file) => file.replace('/zh-CN/', '/en-US/')).sort()).toEqual(english.sort());
    for (const file of english) {
      const chinese = localeFiles[file.replace('/en-US/', '/zh-CN/')]!;
      expect(keysOf(chinese).sort(), file).toEqual(keysOf(localeFiles[file]!).sort());
    }
  });

  it('has no empty text', () => {
    for (const [file, tree] of Object.entries(localeFiles)) {
      const empty = keysOf(tree).filter((key) => {
        const value = key.split('.').reduce<unknown>((node, part) => (node as Tree)[part], tree);
        return typeof value !== 'string' || value.trim() === '';
      });
      expect(empty, file).toEqual([]);
    }
  });

  it.each(['en-US', 'zh-CN'])('titles every catalogue entry, permission area, status and theme in %s', (lang) => {
    const t = i18n.getFixedT(lang);
    const keys = [
      ...catalogueKeys(MENU_CATALOGUE).map((key) => `menu.${key}`),
      ...PERMISSION_AREAS.map((area) => `permissions.${area}`),
      ...HTTP_STATUS_MESSAGES.map(httpStatusKey),
      httpStatusKey(0),
      ...THEMES.flatMap((theme) => [`shell.theme.names.${theme.name}`, `shell.theme.descriptions.${theme.name}`]),
    ];
    const missing = keys.filter((key) => !i18n.exists(key, { lng: lang, fallbackLng: false }) || t(key) === key);
    expect(missing).toEqual([]);
  });

  it('speaks each language', () => {
    expect(i18n.getFixedT('en-US')('menu.personal')).toBe('Personal');
    expect(i18n.getFixedT('zh-CN')('menu.personal')).toMatch(/[\u4e00-\u9fff]/);
    expect(i18n.getFixedT('zh-CN')('shell.loading')).not.toBe(i18n.getFixedT('en-US')('shell.loading'));
  });
});
