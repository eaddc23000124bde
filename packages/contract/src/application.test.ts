import { describe, expect, it } from 'vitest';
import { APPLICATIONS, applicationNodes, isApplicationBuilt, withoutApplications } from './application.js';
import { MENU_CATALOGUE, menuForPermissions, menuPaths, type MenuNode } from './menu.js';

const allBuilt = (nodes: MenuNode[]): MenuNode[] => nodes.map((node) => ({ ...node, isBuilt: true, ...(node.children ? { children: allBuilt(node.children) } : {}) }));

describe('applications', () => {
  it('own entries of the catalogue (groups or pages inside one), each at most once', () => {
    const keysOf = (nodes: MenuNode[]): string[] => nodes.flatMap((node) => [node.key, ...keysOf(node.children ?? [])]);
    const inCatalogue = new Set(keysOf(MENU_CATALOGUE));
    const owned = APPLICATIONS.flatMap((application) => [...application.menuKeys]).filter((key) => inCatalogue.has(key));
    expect(new Set(owned).size).toBe(owned.length);
    expect(owned).not.toContain('userManagement');
    expect(applicationNodes('desks', MENU_CATALOGUE).map((node) => node.key)).toEqual(['desks', 'workstations']);
    expect(applicationNodes('doorDisplays', MENU_CATALOGUE).map((node) => node.key)).toEqual(['doorDisplays', 'displaySettings']);
    // The Rooms group without the pages that belong to Door displays.
    const roomPages = applicationNodes('rooms', MENU_CATALOGUE).flatMap((node) => (node.children ?? [node]).map((child) => child.key));
    expect(roomPages).toContain('meeting');
    expect(roomPages).not.toContain('doorDisplays');
    expect(isApplicationBuilt('doorDisplays', MENU_CATALOGUE)).toBe(true);
  });

  it('are built when one of their pages is', () => {
    expect(isApplicationBuilt('rooms', MENU_CATALOGUE)).toBe(true);
    expect(isApplicationBuilt('visitors', MENU_CATALOGUE)).toBe(true);
    expect(isApplicationBuilt('smartRooms', MENU_CATALOGUE)).toBe(true);
    expect(isApplicationBuilt('organisation', MENU_CATALOGUE)).toBe(true);
    const unbuiltOrganisation = MENU_CATALOGUE.map((node) =>
      node.key === 'organisation' ? { ...node, children: (node.children ?? []).map((child) => ({ ...child, isBuilt: false })) } : node,
    );
    expect(isApplicationBuilt('organisation', unbuiltOrganisation)).toBe(false);
    expect(isApplicationBuilt('organisation', allBuilt(unbuiltOrganisation))).toBe(true);
  });

  it('leave the menu when switched off, and only theirs', () => {
    const granted = new Set(['reservationScreens:view', 'users:view', 'visitorDisplay:view']);
    const catalogue = allBuilt(MENU_CATALOGUE);
    const all = menuPaths(menuForPermissions(granted, catalogue));
    const withoutRooms = menuPaths(menuForPermissions(granted, withoutApplications(catalogue, ['rooms'])));
    expect(all).toContain('/display-settings');
    expect(withoutRooms).not.toContain('/display-settings');
    expect(withoutRooms).toContain('/guider-set');
    expect(all.filter((path) => !withoutRooms.includes(path)).sort()).toEqual(['/booker-blacklist', '/booker-preferences', '/display-settings', '/door-displays']);
    // Door displays are pages inside the Rooms group: switched off, only they go.
    const withoutDisplays = menuPaths(menuForPermissions(granted, withoutApplications(catalogue, ['doorDisplays'])));
    expect(all.filter((path) => !withoutDisplays.includes(path)).sort()).toEqual(['/display-settings', '/door-displays']);
    expect(withoutApplications(catalogue, [])).toBe(catalogue);
  });
});
