import { describe, expect, it } from 'vitest';
import { tabPathOf, type PageRoute } from './page-route';

const page = (path: string, tabPath?: string): PageRoute => ({ path, titleKey: 'x', load: async () => () => null, ...(tabPath ? { tabPath } : {}) });

describe('tabPathOf', () => {
  it('names the tab by the shorter pattern when the page has one', () => {
    const detail = page('/role-detail/:id/:tab', '/role-detail/:id');
    expect(tabPathOf(detail, '/role-detail/7/members')).toBe('/role-detail/7');
    expect(tabPathOf(detail, '/role-detail/7/permissions')).toBe('/role-detail/7');
  });

  it('keeps the address otherwise', () => {
    expect(tabPathOf(page('/personal'), '/personal')).toBe('/personal');
    expect(tabPathOf(undefined, '/nowhere')).toBe('/nowhere');
  });
});
