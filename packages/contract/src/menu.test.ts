import { describe, expect, it } from 'vitest';
import { MENU_CATALOGUE, isPathAllowed, isSignedInPagePath, menuForPermissions, menuPaths, type MenuNode } from './menu.js';

const catalogue: MenuNode[] = [
  {
    key: 'admin', icon: 'TeamOutlined', menuType: 'ADMIN', isBuilt: false,
    children: [
      { key: 'directory', path: '/directory', icon: 'UserOutlined', menuType: 'ADMIN', area: 'users', isBuilt: true },
      { key: 'role', path: '/role', icon: 'SafetyOutlined', menuType: 'ADMIN', area: 'roles', isBuilt: true },
      { key: 'company', path: '/company', icon: 'BankOutlined', menuType: 'ADMIN', area: 'accountGlobal', isBuilt: false },
    ],
  },
  { key: 'personal', path: '/personal', icon: 'IdcardOutlined', menuType: 'ADMIN', isBuilt: true },
];

describe('menuForPermissions', () => {
  it('shows only built pages the role may view, with edit flags', () => {
    const menu = menuForPermissions(new Set(['users:edit', 'accountGlobal:edit']), catalogue);
    expect(menu.map((e) => e.key)).toEqual(['admin', 'personal']);
    expect(menu[0]!.children.map((e) => [e.key, e.view, e.edit])).toEqual([['directory', true, true]]);
    expect(menu[0]!.title).toBe('menu.admin');
  });

  it('drops a group whose children are all hidden', () => {
    const menu = menuForPermissions(new Set<string>(), catalogue);
    expect(menu.map((e) => e.key)).toEqual(['personal']);
  });

  it('never lists an unbuilt page of the real catalogue', () => {
    const everything = new Set(['users:edit']);
    const paths = menuPaths(menuForPermissions(everything));
    const unbuilt = (nodes: MenuNode[]): string[] =>
      nodes.flatMap((n) => [...(n.path && !n.isBuilt ? [n.path] : []), ...unbuilt(n.children ?? [])]);
    for (const path of unbuilt(MENU_CATALOGUE)) expect(paths).not.toContain(path);
    expect(paths).toContain('/personal');
  });
});

describe('isPathAllowed', () => {
  it('allows menu paths, the always-allowed pages and detail pages of allowed lists', () => {
    expect(isPathAllowed('/role', ['/role'])).toBe(true);
    expect(isPathAllowed('/role-detail/7/members', ['/role'])).toBe(true);
    expect(isPathAllowed('/personal', [])).toBe(true);
    expect(isPathAllowed('/application', [])).toBe(true);
  });

  it('refuses pages outside the menu and detail pages whose list is not allowed', () => {
    expect(isPathAllowed('/directory', ['/role'])).toBe(false);
    expect(isPathAllowed('/group-detail/3', ['/role'])).toBe(false);
    expect(isPathAllowed('/role-detailed', ['/role'])).toBe(false);
  });
});

describe('isSignedInPagePath', () => {
  it("knows the catalogue's pages, built or not, their detail pages and the always-allowed ones", () => {
    for (const path of ['/', '/reserve', '/directory', '/role-detail/7', '/personal', '/check-in']) expect(isSignedInPagePath(path), path).toBe(true);
    // Every page of the catalogue, whether this build has it or not (every one since /account, issue 24).
    const pages = MENU_CATALOGUE.flatMap((node) => node.children ?? [node]).filter((node) => node.path);
    expect(pages.length).toBeGreaterThan(40);
    expect(pages.filter((node) => !isSignedInPagePath(node.path!)).map((node) => node.path)).toEqual([]);
  });

  it('leaves out the public pages and unknown paths', () => {
    for (const path of ['/login', '/pad', '/register', '/reserve-more', '/no-such-page']) expect(isSignedInPagePath(path), path).toBe(false);
  });
});
