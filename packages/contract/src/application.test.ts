import { describe, expect, it } from 'vitest';
import { APPLICATIONS, applicationNodes, isApplicationBuilt, withoutApplications } from './application.js';
import { MENU_CATALOGUE, menuForPermissions, menuPaths, type MenuNode } from './menu.js';

const allBuilt = (nodes: MenuNode[]): MenuNode[] => nodes.map((node) => ({ ...node, isBuilt: true, ...(node.children ? { children: allBuilt(node.children) } : {}) }));

describe('applications', () => {
  it('own only top-level entries of the catalogue, each at most once', () => {
    const topLevel = new Set(MENU_CATALOGUE.map((node) => node.key));
    const owned = APPLICATIONS.flatMap((application) => [...application.menuKeys]).filter((key) => topLevel.has(key));
    expect(new Set(owned).size).toBe(owned.length);
    expect(owned).not.toContain('userManagement');
    expect(applicationNodes('desks', MENU_CATALOGUE).map((node) => node.key)).toEqual(['desks', 'workstations']);
  });

  it('are built when one of their pages is', () => {
    expect(isApplicationBuilt('rooms', MENU_CATALOGUE)).toBe(true);
    expect(isApplicationBuilt('visitors', MENU_CATALOGUE)).toBe(false);
    expect(isApplicationBuilt('visitors', allBuilt(MENU_CATALOGUE))).toBe(true);
  });

  it('leave the menu when switched off, and only theirs', () => {
    const granted = new Set(['reservationScreens:view', 'users:view', 'visitorDisplay:view']);
    const catalogue = allBuilt(MENU_CATALOGUE);
    const all = menuPaths(menuForPermissions(granted, catalogue));
    const withoutRooms = menuPaths(menuForPermissions(granted, withoutApplications(catalogue, ['rooms'])));
    expect(all).toContain('/display-settings');
    expect(withoutRooms).not.toContain('/display-settings');
    expect(withoutRooms).toContain('/guider-set');
    expect(all.filter((path) => !withoutRooms.includes(path)).sort()).toEqual(['/booker-blacklist', '/booker-preferences', '/display-settings']);
    expect(withoutApplications(catalogue, [])).toBe(catalogue);
  });
});
