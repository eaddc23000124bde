import { describe, expect, it } from 'vitest';
import { CreateRoleBody, RoleIdQuery, RolePermissionBody, RoleUsersBody, ROLE_ACTIONS, UpdateRoleBody } from './role.js';

describe('role schemas', () => {
  it('trims names, turns an empty description into none and refuses a blank or long name', () => {
    expect(CreateRoleBody.parse({ name: '  Auditor ', description: '  ' })).toEqual({ name: 'Auditor', description: null });
    expect(CreateRoleBody.parse({ name: 'Auditor', parentId: 4 })).toEqual({ name: 'Auditor', description: null, parentId: 4 });
    expect(CreateRoleBody.safeParse({ name: '   ' }).success).toBe(false);
    expect(UpdateRoleBody.safeParse({ id: 1, name: 'x'.repeat(65) }).success).toBe(false);
  });

  it('takes ids as numbers in bodies and as text in query strings', () => {
    expect(RoleIdQuery.parse({ id: '12' })).toEqual({ id: 12 });
    expect(UpdateRoleBody.safeParse({ id: '12', name: 'Staff' }).success).toBe(false);
    expect(RoleUsersBody.safeParse({ roleId: 1, userIds: [true] }).success).toBe(false);
  });

  it('needs at least one user and knows only catalogue permissions', () => {
    expect(RoleUsersBody.safeParse({ roleId: 1, userIds: [] }).success).toBe(false);
    expect(RolePermissionBody.safeParse({ roleId: 1, permissions: ['reports:view', 'roles:edit'] }).success).toBe(true);
    expect(RolePermissionBody.safeParse({ roleId: 1, permissions: ['reports:print'] }).success).toBe(false);
  });

  it('names every recorded action under role.', () => {
    const actions = Object.values(ROLE_ACTIONS);
    expect(new Set(actions).size).toBe(actions.length);
    expect(actions.every((action) => /^role\.[a-zA-Z]+$/.test(action))).toBe(true);
  });
});
