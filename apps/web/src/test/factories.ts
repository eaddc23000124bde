import type { CurrentUserInfo, KioskConfig, MenuEntry, OnSiteVisit, Visit } from '@atrium/contract';

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

/** A visit as the visitor API answers it: Vera Visitor, invited by and visiting Ada at 8F in Shanghai, tomorrow. */
export function makeVisit(overrides: Partial<Visit> = {}): Visit {
  const now = Date.now();
  return {
    id: 7,
    status: 'notResponded',
    type: 'individual',
    method: 'manual',
    isVip: false,
    visitorName: 'Vera Visitor',
    email: 'vera@guest.example',
    phone: null,
    visitorCompany: 'Guest Ltd',
    companions: [],
    reason: 'Interview',
    reasonId: 3,
    host: { id: 1, name: 'Ada Lovelace' },
    inviter: { id: 1, name: 'Ada Lovelace' },
    location: { id: 21, name: '8F', timeZone: 'Asia/Shanghai' },
    visitAt: now + 86_400_000,
    expectedEndAt: now + 90_000_000,
    respondedAt: null,
    checkedInAt: null,
    checkedOutAt: null,
    cancelledAt: null,
    note: null,
    createdAt: now,
    watch: null,
    approval: null,
    // Nothing asked before check-in, nothing done; the detail says what the rule asks (lists: null).
    completion: { ndaSignedName: null, ndaSignedAt: null, photoAt: null, answeredAt: null, answers: null },
    answersAdmit: null,
    requirements: { ndaText: null, photo: false, questions: [] },
    ...overrides,
  };
}

/** A visitor on site as `/visitor/on-site` answers it: Vera Visitor, checked in an hour ago at 8F of Harbour House, visiting Ada. */
export function makeOnSiteVisit(overrides: Partial<OnSiteVisit> = {}): OnSiteVisit {
  const now = Date.now();
  return {
    id: 7,
    visitorName: 'Vera Visitor',
    visitorCompany: 'Guest Ltd',
    companions: [],
    isVip: false,
    host: { id: 1, name: 'Ada Lovelace' },
    location: { id: 21, name: '8F', buildingName: 'Harbour House', timeZone: 'Europe/London' },
    checkedInAt: now - 3_600_000,
    expectedEndAt: now + 3_600_000,
    ...overrides,
  };
}

/** An activated kiosk's configuration: Harbour House's front desk in London, walk-ins received, no printer. */
export function makeKioskConfig(overrides: Partial<KioskConfig> = {}): KioskConfig {
  return {
    device: { id: 5, name: 'Front desk' },
    companyName: 'Harbour Co',
    location: { id: 9, name: 'Harbour House', buildingName: null, timeZone: 'Europe/London' },
    theme: { welcomeEn: null, welcomeZh: null, color: '#0a7e5c' },
    signInHours: 2,
    reasons: [{ id: 1, name: 'Meeting' }],
    walkIns: true,
    printer: null,
    serverTime: Date.now(),
    ...overrides,
  };
}
