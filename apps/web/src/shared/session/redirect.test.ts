import { describe, expect, it } from 'vitest';
import { safeRedirect, signInRedirectTarget } from './redirect';

describe('signInRedirectTarget', () => {
  it('keeps the original place, path and query', () => {
    expect(signInRedirectTarget({ pathname: '/personal', search: '' })).toBe('/login?redirect=%2Fpersonal');
    expect(signInRedirectTarget({ pathname: '/role-detail/3/users', search: '?tab=a&b=1' })).toBe(
      '/login?redirect=%2Frole-detail%2F3%2Fusers%3Ftab%3Da%26b%3D1',
    );
  });

  it("sends the operator area to the operator's sign-in", () => {
    expect(signInRedirectTarget({ pathname: '/branch', search: '' })).toBe('/boss/login?redirect=%2Fbranch');
    expect(signInRedirectTarget({ pathname: '/boss/login', search: '' })).toBeNull();
    expect(signInRedirectTarget({ pathname: '/branches', search: '' })).toBe('/login?redirect=%2Fbranches');
  });

  it('does nothing on the sign-in page', () => {
    expect(signInRedirectTarget({ pathname: '/login', search: '?redirect=%2Fpersonal' })).toBeNull();
  });
});

describe('safeRedirect', () => {
  it('accepts relative paths of this console', () => {
    expect(safeRedirect('/personal')).toBe('/personal');
    expect(safeRedirect('/role-detail/3/users?tab=a#top')).toBe('/role-detail/3/users?tab=a#top');
  });

  it('refuses other origins and tricks', () => {
    for (const value of ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)', 'personal', '/\tpersonal', '', null, undefined]) {
      expect(safeRedirect(value), String(value)).toBeNull();
    }
  });

  it('refuses to return to the sign-in page', () => {
    expect(safeRedirect('/login?redirect=%2Fpersonal')).toBeNull();
    expect(safeRedirect('/no-access')).toBeNull();
  });
});
