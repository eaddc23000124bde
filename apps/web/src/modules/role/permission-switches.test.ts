import { ALL_PERMISSIONS, normalizePermissions, type Permission } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { isHeldOn, sameSwitches, toggleSwitch } from './permission-switches';

describe('permission switches', () => {
  it('turns on view and users edit with any edit, as the server does', () => {
    expect(toggleSwitch([], 'reports:edit', true)).toEqual(['reports:view', 'reports:edit', 'users:view', 'users:edit'].sort(order));
    expect(toggleSwitch([], 'roles:edit', true)).toEqual(normalizePermissions(['roles:edit']));
  });

  it('takes the edit with a view switched off, and keeps users edit while another area has edit', () => {
    const granted = toggleSwitch(toggleSwitch([], 'reports:edit', true), 'broadcast:view', true);
    // Users edit stays on, no longer held: the user may now switch it off.
    const withoutReports = toggleSwitch(granted, 'reports:view', false);
    expect(withoutReports).toEqual(['users:view', 'users:edit', 'broadcast:view']);
    expect(isHeldOn(withoutReports, 'users:edit')).toBe(false);
    expect(isHeldOn(granted, 'users:edit')).toBe(true);
    expect(isHeldOn(granted, 'users:view')).toBe(true);
    expect(isHeldOn(granted, 'reports:view')).toBe(false);
    expect(isHeldOn(toggleSwitch([], 'users:edit', true), 'users:edit')).toBe(false);
  });

  it('always yields a set the server stores unchanged, with the switch as asked unless another holds it on', () => {
    const starts: Permission[][] = [
      [],
      normalizePermissions(ALL_PERMISSIONS),
      ALL_PERMISSIONS.filter((p) => p.endsWith(':view')),
      normalizePermissions(['roles:edit', 'reports:view']),
      normalizePermissions(['users:edit']),
    ];
    for (const start of starts) {
      for (const permission of ALL_PERMISSIONS) {
        for (const on of [true, false]) {
          const granted = toggleSwitch(start, permission, on);
          expect(granted).toEqual(normalizePermissions(granted));
          if (!isHeldOn(start, permission)) expect(granted.includes(permission), `${permission} ${on}`).toBe(on);
        }
      }
    }
  });

  it('compares sets regardless of order', () => {
    expect(sameSwitches(['a', 'b'], ['b', 'a'])).toBe(true);
    expect(sameSwitches(['a'], ['a', 'b'])).toBe(false);
  });
});

function order(a: string, b: string) {
  return ALL_PERMISSIONS.indexOf(a as Permission) - ALL_PERMISSIONS.indexOf(b as Permission);
}
