import { MENU_CATALOGUE, type MenuEntry, type MenuNode as CatalogueNode } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { ancestorKeys, buildMenu, flattenMenu, fullTitle, departmentKeys, menuKeyForPath, placeholderPath } from './menu-model';

/** The whole catalogue as the server would send it to a user allowed everything. */
function asEntries(nodes: CatalogueNode[]): MenuEntry[] {
  return nodes.map((node) => ({
    key: node.key,
    path: node.path ?? '',
    title: `menu.${node.key}`,
    icon: node.icon,
    ...(node.externalUrl ? { externalUrl: node.externalUrl } : {}),
    menuType: node.menuType,
    view: true,
    edit: true,
    children: asEntries(node.children ?? []),
  }));
}

const entry = (key: string, path: string, children: MenuEntry[] = [], extra: Partial<MenuEntry> = {}): MenuEntry => ({
  key,
  path,
  title: `menu.${key}`,
  icon: 'UserOutlined',
  menuType: 'ADMIN',
  view: true,
  edit: false,
  children,
  ...extra,
});

const titles: Record<string, string> = { 'menu.userManagement': 'User management', 'menu.personal': 'Personal', 'menu.help': 'Help', 'menu.apiDocs': 'API documentation' };
const translate = (key: string) => titles[key] ?? key;
const today = [
  entry('userManagement', '', [entry('personal', '/personal')]),
  entry('help', '', [entry('apiDocs', '', [], { externalUrl: '/api/docs' })]),
];
const onlyPersonal = (path: string) => path === '/personal';

describe('buildMenu', () => {
  it('gives each leaf its target: a page, an external address, or none', () => {
    const menu = buildMenu([...today, entry('directory', '/directory'), entry('draft', '')], onlyPersonal);
    const flat = flattenMenu(menu);
    expect(flat.map((item) => [item.key, item.target])).toEqual([
      ['personal', { kind: 'route', path: '/personal' }],
      ['apiDocs', { kind: 'external', url: '/api/docs' }],
      ['directory', { kind: 'none' }],
      ['draft', { kind: 'none' }],
    ]);
  });

  it('generates a placeholder path for an entry with no path and no children', () => {
    const [draft] = buildMenu([entry('draft', '')], onlyPersonal);
    expect(draft!.path).toBe(placeholderPath('draft'));
    expect(draft!.path).toMatch(/^\/.+draft$/);
  });

  it('falls back to menu.<key> when the server sends no title', () => {
    const [node] = buildMenu([entry('personal', '/personal', [], { title: '' })], onlyPersonal);
    expect(node!.titleKey).toBe('menu.personal');
  });

  it('builds the whole catalogue with a unique path per entry', () => {
    const flat = flattenMenu(buildMenu(asEntries(MENU_CATALOGUE), () => true));
    const paths = flat.map((item) => item.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(flat.find((item) => item.key === 'reserve')!.titleKeys).toEqual(['menu.tools', 'menu.reserve']);
    expect(flat.find((item) => item.key === 'roomBoard')!.titleKeys).toEqual(['menu.roomBoard']);
  });
});

describe('flattening and titles', () => {
  it("joins the full title with ' / '", () => {
    const flat = flattenMenu(buildMenu(today, onlyPersonal));
    expect(flat.map((item) => fullTitle(item, translate))).toEqual(['User management / Personal', 'Help / API documentation']);
  });

  it('lists the group keys and the ancestors of an entry', () => {
    const menu = buildMenu([entry('outer', '', [entry('inner', '', [entry('deep', '/deep')])]), entry('top', '/top')], () => true);
    expect(departmentKeys(menu)).toEqual(['outer', 'inner']);
    expect(ancestorKeys(menu, 'deep')).toEqual(['outer', 'inner']);
    expect(ancestorKeys(menu, 'top')).toEqual([]);
    expect(ancestorKeys(menu, 'missing')).toBeUndefined();
  });
});

describe('menuKeyForPath', () => {
  const flat = flattenMenu(buildMenu(asEntries(MENU_CATALOGUE), () => true));

  it('highlights the entry of the page', () => {
    expect(menuKeyForPath('/personal', flat)).toBe('personal');
  });

  it('highlights the list page of a detail page', () => {
    expect(menuKeyForPath('/role-detail/4/users', flat)).toBe('role');
    expect(menuKeyForPath('/group-detail/9', flat)).toBe('group');
    expect(menuKeyForPath('/record-detail/2', flat)).toBe('guiderRecord');
    expect(menuKeyForPath('/guider-apply', flat)).toBe('guiderInvite');
  });

  it('highlights nothing for pages outside the menu', () => {
    expect(menuKeyForPath('/index', flat)).toBeUndefined();
    expect(menuKeyForPath('/role-details', flat)).toBeUndefined();
  });
});
