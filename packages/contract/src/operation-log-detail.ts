import { APPLICATION_KEYS } from './application.js';
import { ASSET_STATUSES } from './asset.js';
import { BROADCAST_REPEATS, BROADCAST_STATUSES } from './broadcast.js';
import { INFO_FIELDS } from './dictionary.js';
import { LDAP_DEFAULT_MAPPING, WORK_CHAT_PROVIDERS } from './directory-sync.js';
import { BRIGHTNESS_PLANS, SIGN_IN_MODES } from './door-display.js';
import type { OperationAction } from './operation-log.js';
import { VISITOR_DEVICE_KINDS } from './visitor-devices.js';
import { SSO_LOGIN_ERRORS } from './sso.js';

/**
 * What the operation log's `detail` of each action holds, field by field, so the console can say
 * it in words in the reader's language (issue 17): a label per field name
 * (`operation-log.detail.fields.<name>`, one vocabulary for every action and depth) and a way to
 * show its value. The server records only the fields declared here (operation-log.service.ts).
 */
export type OperationDetailField =
  /** Shown as written: names, addresses, codes a person typed. */
  | 'text'
  | 'number'
  /** Yes or no. */
  | 'flag'
  /** UTC epoch milliseconds, shown in the reader's zone. */
  | 'time'
  /** Days of the week, 0 = Sunday. */
  | 'weekdays'
  /** `{ start, end }` times of day, or null for the whole day. */
  | 'timeRange'
  /** A stored image: shown as set or removed, never its address. */
  | 'image'
  /** `area:level` permissions, in the reader's words. */
  | 'permissions'
  /** A list shown as how many it holds. */
  | 'count'
  /** An internal id of a sub-record (a period, an entry): nothing a reader can use, never shown. */
  | 'hidden'
  /** Records named by id: the list answer carries their names (`names`, see `operationDetailRef`). */
  | 'role'
  | 'department'
  | 'location'
  | 'user'
  | 'users'
  | 'roomType'
  | 'theme'
  | 'devices'
  | 'locations'
  /** One of known values, each with words (`operation-log.detail.values.<name>.<value>`). */
  | { enum: readonly (string | number)[] }
  | { enumList: readonly string[] }
  /** `{ from, to }` of the inner kind. */
  | { change: OperationDetailField }
  /** Field name → `{ from, to }`, each field of its own kind; only changed fields are present. */
  | { changes: Readonly<Record<string, OperationDetailField>> }
  | { object: Readonly<Record<string, OperationDetailField>> }
  /** A list of the names of changed fields, each worded. */
  | { fieldList: readonly string[] };

/** The kinds whose ids the list answer names, and the `names` key of one: `role:12`. */
export const OPERATION_DETAIL_REFS = {
  role: 'role',
  department: 'department',
  location: 'location',
  locations: 'location',
  user: 'user',
  users: 'user',
  roomType: 'roomType',
  theme: 'theme',
  devices: 'device',
} as const;
export type OperationDetailRef = (typeof OPERATION_DETAIL_REFS)[keyof typeof OPERATION_DETAIL_REFS];
export const operationDetailRef = (ref: OperationDetailRef, id: number) => `${ref}:${id}`;

const text = 'text';
const flag = 'flag';
const number = 'number';
const change = (inner: OperationDetailField) => ({ change: inner });
const LOCATION_LEVELS = [1, 2, 3, 5, 6, 7] as const;
const USER_STATUSES = ['active', 'inactive'] as const;

/** The booking-screen settings a screen-setting change records. */
const SCREEN_SETTINGS = {
  roomIds: 'locations',
  allowBooking: flag,
  maxBookingMinutes: number,
  bookAheadDays: number,
  showFutureMeetings: flag,
  showTitle: flag,
  showDescription: flag,
  showParticipants: flag,
  allowEarlyEnd: flag,
  allowCancel: flag,
  ledEnabled: flag,
  taskLock: flag,
  signInBeforeMinutes: number,
  signInAfterMinutes: number,
  signInModes: { enumList: SIGN_IN_MODES },
  brightnessPlan: { enum: BRIGHTNESS_PLANS },
} as const satisfies Record<string, OperationDetailField>;

const BROADCAST = {
  image: 'image',
  deviceIds: 'devices',
  locationIds: 'locations',
  startAt: 'time',
  endAt: 'time',
  repeat: { enum: BROADCAST_REPEATS },
  repeatUntil: 'time',
} as const satisfies Record<string, OperationDetailField>;

const LIGHT_CYCLE = { cycleId: 'hidden', weekday: 'weekdays', startTime: text, endTime: text } as const;

const COMPANY_CONTACTS = { billingEmail: text, supportEmail: text, emergencyEmail: text } as const;

/** Each action's detail fields; an action without detail has none. */
export const OPERATION_DETAILS = {
  'role.create': { parentId: 'role' },
  'role.update': { name: change(text), description: change(text) },
  'role.delete': { movedMembers: number, movedTo: text },
  'role.swap': { otherId: 'hidden', otherName: text },
  'role.addMembers': { userIds: 'users', moved: number },
  'role.removeMembers': { userIds: 'users', moved: number },
  'role.setPermissions': { added: 'permissions', removed: 'permissions' },
  'user.create': { email: text, roleId: 'role', departmentId: 'department', locationId: 'location' },
  'user.update': { roleId: 'role', departmentId: 'department', locationId: 'location', status: { enum: USER_STATUSES } },
  'user.delete': { ids: 'users' },
  'user.move': { ids: 'users', departmentId: 'department' },
  'user.activate': {},
  'user.resendActivation': {},
  'user.activationLink': {},
  'group.create': { parentId: 'department', groupCode: text },
  'group.update': { name: text, parentId: 'department', groupCode: text, description: text, locationId: 'location', previousName: text },
  'group.delete': {},
  'group.createStyle': {},
  'group.updateStyle': { previousColor: text },
  'group.deleteStyles': { ids: 'count' },
  'group.setStyle': { styleId: 'hidden', color: text },
  'company.update': {
    companyName: text,
    address: text,
    logo: 'image',
    postalCode: text,
    country: text,
    industry: text,
    companyDomain: text,
    sizeBand: text,
    ...COMPANY_CONTACTS,
    previousName: text,
  },
  'company.updateContacts': COMPANY_CONTACTS,
  'personal.updateProfile': { firstName: text, lastName: text, phone: text, gender: { enum: ['male', 'female', 'secret'] }, avatar: 'image', timeZone: text },
  'settings.updatePasswordPolicy': { minLength: number, expiryDays: number, needsUppercase: flag, needsLowercase: flag, needsNumber: flag, needsSpecial: flag },
  'settings.updateSafetyPassword': {},
  'manager.transferOwner': { previousOwnerId: 'user', newOwnerId: 'user' },
  'sso.updateSetting': { isEnabled: flag, issuer: text, clientId: text, userNameClaim: text, scope: text, isSecretChanged: flag },
  'sso.addMembers': { kind: { enum: ['member', 'exception'] }, userIds: 'users' },
  'sso.removeMembers': { kind: { enum: ['member', 'exception'] }, userIds: 'users' },
  'sso.sendNotice': { userIds: 'users', sent: 'count' },
  'user.createSso': { email: text, roleId: 'role', departmentId: 'department' },
  'user.ssoSignIn': { reason: { enum: SSO_LOGIN_ERRORS }, issuer: text },
  'user.linkSignIn': {},
  'user.linkIdentity': { issuer: text, email: text },
  'user.unlinkIdentity': { issuer: text },
  'user.proxySignIn': {},
  'user.resetPassword': {},
  'company.register': { domain: text },
  'directorySync.updateSetting': {
    isEnabled: flag,
    scheduleHours: number,
    url: text,
    bindDn: text,
    baseDn: text,
    userFilter: text,
    mapping: { object: Object.fromEntries(Object.keys(LDAP_DEFAULT_MAPPING).map((key) => [key, text])) },
    roleMapping: 'count',
    passwordChanged: flag,
    hasCaCertificate: flag,
    // A work-chat provider's setting (decision 0024) is logged under the same action.
    provider: { enum: WORK_CHAT_PROVIDERS },
    isSignInEnabled: flag,
    corpId: text,
    appKey: text,
    baseUrl: text,
    isSecretChanged: flag,
  },
  'directorySync.run': { provider: { enum: WORK_CHAT_PROVIDERS }, departmentsCreated: number, usersCreated: number, usersUpdated: number, skipped: number },
  'deviceTheme.setDeviceTheme': { themeId: 'theme', previousThemeId: 'theme' },
  'deviceTheme.updateLogo': { roomId: 'location', themeId: 'theme', imagePath: 'image' },
  'deviceTheme.updateBackground': { roomId: 'location', themeId: 'theme', imagePath: 'image' },
  'deviceTheme.uploadImage': { imageType: { enum: [0, 1] } },
  'deviceTheme.deleteImages': { imageType: { enum: [0, 1] }, ids: 'count' },
  'displayInfo.save': { entryId: 'hidden', fields: { object: Object.fromEntries(INFO_FIELDS.map((field) => [field, flag])) }, items: number },
  'displayInfo.delete': { entryId: 'hidden' },
  'noticeConfig.update': { changed: { fieldList: ['events', 'consoleEvents', 'noticeMinutes', 'reminderMinutes', 'notifyParticipants', 'footer'] } },
  'application.switch': { key: { enum: APPLICATION_KEYS }, isEnabled: flag },
  'licence.install': { serial: text, validUntil: 'time', modules: 'count' },
  'doorDisplay.addCodes': { count: number, deviceIds: 'devices' },
  'smartRoom.updateSettings': { isEnabled: flag, responseDelaySeconds: number, presenceCheckIn: flag, ghostRelease: flag, ghostGraceMinutes: number },
  'smartRoom.savePlan': { count: number },
  'smartRoom.saveScenes': { count: number },
  'doorDisplay.update': { name: text, fromRoomId: 'location', toRoomId: 'location', regenerateCode: flag },
  'doorDisplay.cancel': { ids: 'devices' },
  'doorDisplay.addScreenSetting': SCREEN_SETTINGS,
  'doorDisplay.updateScreenSetting': { ...SCREEN_SETTINGS, exitPasswordChanged: flag },
  'doorDisplay.deleteScreenSetting': {},
  'doorDisplay.addLightCycle': LIGHT_CYCLE,
  'doorDisplay.updateLightCycle': LIGHT_CYCLE,
  'doorDisplay.deleteLightCycle': { cycleId: 'hidden' },
  'location.create': { level: { enum: LOCATION_LEVELS }, parentId: 'location' },
  'location.update': {
    name: change(text),
    timeZone: change(text),
    address: change(text),
    description: change(text),
    regionIcon: change('image'),
  },
  'location.move': { direction: { enum: ['up', 'down'] } },
  'location.delete': { level: { enum: LOCATION_LEVELS } },
  'room.create': { floorId: 'location', capacity: number },
  'room.update': { capacity: number, roomTypeId: 'roomType' },
  'room.addDisablePeriod': { periodId: 'hidden', startAt: 'time', endAt: 'time' },
  'room.deleteDisablePeriod': { periodId: 'hidden', startAt: 'time', endAt: 'time' },
  'roomType.create': { typeCode: text, kind: { enum: ['standard', 'zoom'] } },
  'roomType.update': { typeCode: text, kind: { enum: ['standard', 'zoom'] }, isEnabled: flag },
  'roomType.setStatus': { isEnabled: flag },
  'roomType.delete': {},
  'approval.approve': { scope: { enum: ['one', 'series'] }, ids: 'count', reason: text },
  'approval.reject': { scope: { enum: ['one', 'series'] }, ids: 'count', reason: text },
  'approval.withdraw': {},
  'approval.expire': { deadlineAt: 'time' },
  'approval.updateSettings': { deadlineHours: number },
  'blacklist.add': { entryId: 'hidden', endsAt: 'time' },
  'blacklist.lift': { entryId: 'hidden' },
  'calendarFeed.create': {},
  'calendarFeed.revoke': {},
  'calendarSync.connect': {},
  'calendarSync.disconnect': {},
  'calendarSync.auth': {},
  'calendarSync.configure': {},
  'bookingPreferences.update': {
    changes: {
      changes: {
        bookAheadDays: number,
        maxMeetingMinutes: number,
        bookableWeekdays: 'weekdays',
        bookableHours: 'timeRange',
        releaseNoShows: flag,
        seriesNoShowLimit: number,
        defaultPrivacy: { enum: ['public', 'busy', 'private'] },
      },
    },
  },
  'broadcast.create': { repeat: { enum: BROADCAST_REPEATS }, startAt: 'time', endAt: 'time' },
  'broadcast.update': { before: text, ...BROADCAST },
  'broadcast.end': { status: { enum: BROADCAST_STATUSES } },
  'broadcast.delete': {},
  'broadcast.uploadImage': { size: number },
  'broadcast.deleteImage': {},
  'visitReason.create': {},
  'visitReason.update': { previousName: text },
  'visitReason.delete': {},
  // The watched person's name is the target; their e-mail, phone and the note stay out of the log.
  'visitWatch.create': {},
  'visitWatch.update': {},
  'visitWatch.delete': {},
  'visitRule.save': { locationId: 'location', reasonId: 'hidden', walkIns: flag, approval: flag, nda: flag, photo: flag, questions: number },
  'visitRule.delete': { locationId: 'location' },
  'visitorSettings.update': { retentionDays: change(number), photoRetentionDays: change(number), ndaRetentionDays: change(number) },
  'visitorDevice.create': { kind: { enum: VISITOR_DEVICE_KINDS } },
  'visitorDevice.update': { regenerateCode: flag },
  'visitorDevice.delete': { count: number },
  'visitorPlace.update': { signInHours: change(number), receptionists: 'users' },
  'kioskTheme.update': {},
  'desk.create': { floorId: 'location' },
  'desk.update': { floorId: 'location', previousNumber: text },
  'desk.place': { desks: 'count', rooms: 'count' },
  'desk.delete': { desks: 'count' },
  'desk.import': { created: number, updated: number, unchanged: number, refused: number, neighbourhoods: number },
  'deskRules.update': {
    changes: {
      changes: {
        maxDaysAhead: number,
        maxDaysPerWeek: number,
        longestBookingMinutes: number,
        dayStart: text,
        midday: text,
        dayEnd: text,
        checkInGraceMinutes: number,
        oneDeskPerPerson: flag,
      },
    },
  },
  'deskService.update': { departments: 'count', enabled: flag },
  'deskClosure.create': { buildingId: 'location', firstDate: text, lastDate: text, cancelled: number },
  'deskClosure.update': { buildingId: 'location', firstDate: text, lastDate: text, cancelled: number },
  'deskClosure.delete': { firstDate: text, lastDate: text },
  'neighbourhood.create': { floorId: 'location' },
  'neighbourhood.update': { floorId: 'location', previousName: text },
  'neighbourhood.delete': { floorId: 'location' },
  'floorMap.update': { contentType: text, size: number },
  'floorMap.delete': {},
  // The link's secret is never recorded.
  'deskLiveLink.create': {},
  'deskLiveLink.revoke': {},
  'assetCategory.create': { parentName: text },
  'assetCategory.update': { previousName: text },
  'assetCategory.move': { parentName: text, previousParentName: text },
  'assetCategory.delete': {},
  'assetModel.create': { categoryName: text },
  'assetModel.update': { categoryName: text, previousName: text },
  'assetModel.delete': {},
  'asset.create': { modelName: text, status: { enum: ASSET_STATUSES } },
  'asset.update': { modelName: text, status: { enum: ASSET_STATUSES }, previousTag: text },
  'asset.delete': { assets: 'count' },
  'asset.checkout': { holderName: text },
  'asset.checkin': { holderName: text },
  'asset.audit': { nextAuditAt: 'time' },
  'asset.import': { created: number, updated: number, refused: number },
  'smartDevice.create': { homieId: text, roomId: 'location' },
  'smartDevice.update': { previousName: text, homieId: text, fromRoomId: 'location', toRoomId: 'location' },
  'smartDevice.delete': { homieId: text },
  'smartDevice.issueActivationCode': {},
  'smartDevice.restart': {},
} as const satisfies Record<OperationAction, Readonly<Record<string, OperationDetailField>>>;

/** The detail an action may record: its declared fields, each optional. */
export type OperationDetailOf<A extends OperationAction> = { [K in keyof (typeof OPERATION_DETAILS)[A]]?: unknown };

/** The detail of `action` with only its declared fields (undeclared ones have no words: never recorded). */
export function declaredDetail(action: OperationAction, detail: Record<string, unknown>): Record<string, unknown> {
  const fields: Readonly<Record<string, OperationDetailField>> = OPERATION_DETAILS[action];
  return Object.fromEntries(Object.entries(detail).filter(([key]) => key in fields));
}

/** The fields of `detail` that `action` does not declare. */
export function undeclaredDetailFields(action: OperationAction, detail: Record<string, unknown>): string[] {
  const fields: Readonly<Record<string, OperationDetailField>> = OPERATION_DETAILS[action];
  return Object.keys(detail).filter((key) => !(key in fields));
}

const isId = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

/** The records a detail names by id, as `[ref, id]` pairs: what the list answer's `names` must cover. */
export function operationDetailRefs(action: string, detail: Record<string, unknown> | null): Array<[OperationDetailRef, number]> {
  const fields = (OPERATION_DETAILS as Readonly<Record<string, Readonly<Record<string, OperationDetailField>>>>)[action];
  if (!fields || !detail) return [];
  const out: Array<[OperationDetailRef, number]> = [];
  const visit = (kind: OperationDetailField, value: unknown) => {
    if (value === null || value === undefined) return;
    if (typeof kind === 'string') {
      if (!(kind in OPERATION_DETAIL_REFS)) return;
      const ref = OPERATION_DETAIL_REFS[kind as keyof typeof OPERATION_DETAIL_REFS];
      for (const id of Array.isArray(value) ? value : [value]) if (isId(id)) out.push([ref, id]);
    } else if ('change' in kind && typeof value === 'object') {
      visit(kind.change, (value as { from?: unknown }).from);
      visit(kind.change, (value as { to?: unknown }).to);
    } else if (('object' in kind || 'changes' in kind) && typeof value === 'object') {
      const inner = 'object' in kind ? kind.object : kind.changes;
      for (const [key, nested] of Object.entries(value as Record<string, unknown>)) {
        const innerKind = inner[key];
        if (innerKind) visit('changes' in kind ? { change: innerKind } : innerKind, nested);
      }
    }
  };
  for (const [key, value] of Object.entries(detail)) if (fields[key]) visit(fields[key]!, value);
  return out;
}
