import type { CurrentUserInfo, MenuEntry } from '@atrium/contract';

/** A signed-in user as getCurrentUserInfo answers it. */
export function makeUser(overrides: Partial<CurrentUserInfo> = {}): CurrentUserInfo {
  return {
    id: 1,
    avatar: null,
    fullName: 'Ada Lovelace',
    firstName: 'Ada',
    lastName: 'Lovelace',
    userName: 'ada',
    usercode: null,
    email: 'ada@example.test',
    phone: null,
    gender: 'secret',
    userGroupDto: { roomLocations: [] },
    role: { id: 1, name: 'Administrator' },
    department: { id: 1, name: 'Executive' },
    company: { id: 1, name: 'Harbourview', logo: null },
    permissions: ['users:edit', 'users:view', 'roles:view'],
    mustChangePassword: false,
    passwordExpired: false,
    timeZone: null,
    ...overrides,
  };
}

/** A menu entry as getMenuList answers it. */
export function makeEntry(key: string, path: string, children: MenuEntry[] = [], extra: Partial<MenuEntry> = {}): MenuEntry {
  return {
    key,
    path,
    title: `menu.${key}`,
    icon: children.length > 0 ? 'TeamOutlined' : 'UserOutlined',
    menuType: 'ADMIN',
    view: true,
    edit: true,
    children,
    ...extra,
  };
}

/** Today's menu of the server: User management > Personal, Help > API documentation. */
export function makeMenu(): MenuEntry[] {
  return [
    makeEntry('userManagement', '', [makeEntry('personal', '/personal')]),
    makeEntry('help', '', [makeEntry('apiDocs', '', [], { externalUrl: '/api/docs', icon: 'ApiOutlined' })]),
  ];
}
