import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, PERMISSION_AREAS, hasPermission, normalizePermissions } from './permissions.js';

describe('permission catalogue', () => {
  it('has a view and an edit switch for every area', () => {
    expect(ALL_PERMISSIONS).toHaveLength(PERMISSION_AREAS.length * 2);
    expect(ALL_PERMISSIONS).toContain('operationLog:view');
    expect(ALL_PERMISSIONS).toContain('roomsLocations:edit');
  });

  it('keeps reading mail bodies apart from the account area (issue 16)', () => {
    expect(PERMISSION_AREAS).toContain('mailContent');
    expect(hasPermission(normalizePermissions(['accountGlobal:edit']), 'mailContent:view')).toBe(false);
    expect(hasPermission(normalizePermissions(['mailContent:view']), 'mailContent:view')).toBe(true);
  });

  it('drops unknown names and keeps catalogue order', () => {
    expect(normalizePermissions(['users:view', 'nonsense:view', 'roles:teleport', 'accountGlobal:view'])).toEqual([
      'accountGlobal:view',
      'users:view',
    ]);
  });

  it('turns on the edit-users authority when any area gets edit, and edit implies view', () => {
    expect(normalizePermissions(['broadcast:edit'])).toEqual(['users:view', 'users:edit', 'broadcast:view', 'broadcast:edit']);
  });

  it('makes role-management edit carry users edit', () => {
    const result = normalizePermissions(['roles:edit']);
    expect(result).toContain('users:edit');
    expect(result).toContain('roles:view');
  });

  it('leaves view-only sets alone', () => {
    expect(normalizePermissions(['reports:view', 'liveMeetings:view'])).toEqual(['liveMeetings:view', 'reports:view']);
  });

  it('treats edit as satisfying view but not the reverse', () => {
    expect(hasPermission(['reports:edit'], 'reports:view')).toBe(true);
    expect(hasPermission(new Set(['reports:view']), 'reports:edit')).toBe(false);
    expect(hasPermission(new Set<string>(), 'reports:view')).toBe(false);
  });
});
