import { describe, expect, it } from 'vitest';
import { BRANCH_MENU_KEYS, CreateBranchBody, KEPT_MENU_KEYS, MenuPermissionsBody, withBranchMenu } from './branch.js';
import { MENU_CATALOGUE, menuForPermissions, menuPaths } from './menu.js';
import { PERMISSION_AREAS } from './permissions.js';

const everything = new Set(PERMISSION_AREAS.flatMap((area) => [`${area}:view`, `${area}:edit`]));

describe('menu per branch', () => {
  it('offers every entry but the kept ones to withhold, and knows each kept one', () => {
    expect(BRANCH_MENU_KEYS).toContain('reserve');
    expect(BRANCH_MENU_KEYS.filter((key) => (KEPT_MENU_KEYS as readonly string[]).includes(key))).toEqual([]);
    expect(KEPT_MENU_KEYS.every((key) => menuForPermissions(everything).some((node) => node.children.some((child) => child.key === key)))).toBe(true);
  });

  it('keeps the offered and the kept entries, and drops groups left empty', () => {
    const paths = menuPaths(menuForPermissions(everything, withBranchMenu(MENU_CATALOGUE, ['reserve'])));
    expect(paths).toEqual(['/reserve', '/directory', '/role', '/personal', '/company', '/manager', '/application']);
    expect(withBranchMenu(MENU_CATALOGUE, null)).toBe(MENU_CATALOGUE);
  });

  it('validates menu keys and versions', () => {
    expect(MenuPermissionsBody.safeParse({ branchId: 1, menuKeys: ['directory'] }).success).toBe(false);
    expect(MenuPermissionsBody.parse({ branchId: 1, menuKeys: ['live', 'live'] }).menuKeys).toEqual(['live']);
    expect(CreateBranchBody.safeParse({ name: 'A', version: '1.3.20' }).success).toBe(true);
    for (const version of ['1', '1.3.x', 'v1.2', '1..2']) expect(CreateBranchBody.safeParse({ name: 'A', version }).success, version).toBe(false);
  });
});
