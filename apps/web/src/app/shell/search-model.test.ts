import { describe, expect, it } from 'vitest';
import type { FlatMenuItem } from '../../shared/menu/menu-model';
import { searchMenu, searchPool } from './search-model';

const item = (key: string, path: string, titleKeys: string[]): FlatMenuItem => ({ key, path, icon: 'UserOutlined', target: { kind: 'route', path }, titleKeys });
const titles: Record<string, string> = { 'menu.userManagement': 'User management', 'menu.personal': 'Personal', 'menu.role': 'Roles', 'menu.help': 'Help' };
const pool = searchPool([item('personal', '/personal', ['menu.userManagement', 'menu.personal']), item('role', '/role', ['menu.userManagement', 'menu.role'])], (key) => titles[key] ?? key);

describe('menu search', () => {
  it("titles each entry with its groups joined by ' / '", () => {
    expect(pool.map((result) => result.title)).toEqual(['User management / Personal', 'User management / Roles']);
  });

  it('lists everything for an empty query', () => {
    expect(searchMenu(pool, '  ')).toHaveLength(2);
  });

  it('matches every word, ignoring case, in the full title or the path', () => {
    expect(searchMenu(pool, 'PERSO').map((r) => r.item.key)).toEqual(['personal']);
    expect(searchMenu(pool, 'user rol').map((r) => r.item.key)).toEqual(['role']);
    expect(searchMenu(pool, '/role').map((r) => r.item.key)).toEqual(['role']);
    expect(searchMenu(pool, 'nothing')).toEqual([]);
  });
});
