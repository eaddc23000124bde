import { isPathAllowed } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { defaultPagePath, findShellPage, hasShellPage } from './page-routes';

describe('shell pages', () => {
  it('finds the pages of this build', () => {
    expect(findShellPage('/personal')?.titleKey).toBe('menu.personal');
    expect(findShellPage('/index')?.keepAlive).toBe(true);
    expect(hasShellPage('/directory')).toBe(true);
    expect(hasShellPage('/smart-analysis')).toBe(true);
    expect(hasShellPage('/organizational-members')).toBe(true);
    expect(hasShellPage('/branch')).toBe(false);
    expect(hasShellPage('/personal/extra')).toBe(false);
  });

  it('opens /reserve by default only when the console has it and the menu allows it', () => {
    const withReserve = (path: string) => path === '/reserve';
    expect(defaultPagePath(['/reserve', '/personal'], withReserve)).toBe('/reserve');
    expect(defaultPagePath(['/personal'], withReserve)).toBe('/index');
    expect(defaultPagePath(['/reserve'], () => false)).toBe('/index');
    // A deployment profile's home page (decision 0021), when the user may open it; else /reserve.
    expect(defaultPagePath(['/reserve', '/roomBoard'], () => true, '/roomBoard')).toBe('/roomBoard');
    expect(defaultPagePath(['/reserve'], () => true, '/roomBoard')).toBe('/reserve');
    expect(defaultPagePath(['/roomBoard'], (path) => path !== '/roomBoard', '/roomBoard')).toBe('/index');
  });

  it('follows the allowed-paths rule of the contract', () => {
    const menu = ['/role', '/personal'];
    expect(isPathAllowed('/index', [])).toBe(true);
    expect(isPathAllowed('/role-detail/3/users', menu)).toBe(true);
    expect(isPathAllowed('/directory', menu)).toBe(false);
  });
});
