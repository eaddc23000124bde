import { LANGS, OPERATION_ACTIONS, OPERATION_DETAILS, type OperationDetailField, type OperationLogEntry } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import { describeDetail } from './detail-words';

/** Every field name and enum value an action's detail may hold, at any depth, with where it is. */
function vocabulary(): { fields: Set<string>; values: Array<[string, string | number]> } {
  const fields = new Set<string>();
  const values: Array<[string, string | number]> = [];
  const visit = (name: string, kind: OperationDetailField) => {
    if (kind === 'hidden') return;
    fields.add(name);
    if (typeof kind === 'string') return;
    if ('enum' in kind) for (const value of kind.enum) values.push([name, value]);
    if ('enumList' in kind) for (const value of kind.enumList) values.push([name, value]);
    if ('change' in kind) visit(name, kind.change);
    if ('changes' in kind) for (const [key, inner] of Object.entries(kind.changes)) visit(key, inner);
    if ('object' in kind) for (const [key, inner] of Object.entries(kind.object)) visit(key, inner);
    if ('fieldList' in kind) for (const key of kind.fieldList) fields.add(key);
  };
  for (const action of OPERATION_ACTIONS) {
    for (const [name, kind] of Object.entries(OPERATION_DETAILS[action] as Record<string, OperationDetailField>)) visit(name, kind);
  }
  return { fields, values };
}

const entry = (action: string, detail: Record<string, unknown> | null, names: Record<string, string> = {}): OperationLogEntry => ({
  id: 1,
  at: 0,
  actorId: 1,
  actorName: 'Ada Lovelace',
  action,
  targetType: 'user',
  targetId: 2,
  targetName: 'kim',
  result: 'success',
  detail,
  names,
  ip: null,
});

const words = (lang: 'en-US' | 'zh-CN', logged: OperationLogEntry) =>
  describeDetail(i18n.getFixedT(lang), lang, logged).map((line) => `${line.label}: ${line.value}`);

describe('operation-log detail in words', () => {
  it.each(LANGS)('words every field and value of every action in %s', (lang) => {
    const { fields, values } = vocabulary();
    expect(fields.size).toBeGreaterThan(50);
    const has = (key: string) => i18n.exists(key, { lng: lang, fallbackLng: false });
    expect([...fields].filter((field) => !has(`operation-log.detail.fields.${field}`))).toEqual([]);
    expect(values.filter(([field, value]) => !has(`operation-log.detail.values.${field}.${value}`))).toEqual([]);
  });

  it('names records by their names, values by their words, and never shows keys or JSON', () => {
    const lines = words(
      'en-US',
      entry('user.update', { roleId: 3, departmentId: 9, locationId: null, status: 'inactive' }, { 'role:3': 'Reception' }),
    );
    expect(lines).toEqual(['Role: Reception', 'Department: Deleted', 'Location: None', 'Status: Inactive']);
    expect(words('zh-CN', entry('user.update', { roleId: 3, status: 'inactive' }, { 'role:3': '前台' }))).toEqual(['角色: 前台', '状态: 停用']);
  });

  it('says what changed, field by field, with weekdays, hours and permissions in words', () => {
    const preferences = entry('bookingPreferences.update', {
      changes: {
        bookableWeekdays: { from: [1, 2, 3, 4, 5], to: [1, 2] },
        bookableHours: { from: null, to: { start: '08:00', end: '18:00' } },
        releaseNoShows: { from: false, to: true },
      },
    });
    expect(words('en-US', preferences)).toEqual(['Bookable days: Mon, Tue, Wed, Thu, Fri → Mon, Tue', 'Bookable hours: All day → 08:00–18:00', 'Release rooms nobody checked in to: No → Yes']);
    expect(words('zh-CN', preferences)[0]).toBe('可预订日期: 周一、周二、周三、周四、周五 → 周一、周二');
    expect(words('en-US', entry('role.setPermissions', { added: ['roomsLocations:edit'], removed: [] }))).toEqual(['Permissions added: Rooms and locations · Edit', 'Permissions removed: None']);
    expect(words('en-US', entry('noticeConfig.update', { changed: ['footer', 'events'] }))).toEqual(['Settings changed: Mail footer, Mails sent']);
    expect(words('en-US', entry('directorySync.updateSetting', { mapping: { email: 'mail' }, passwordChanged: false }))).toEqual(['Attribute mapping · E-mail: mail', 'Bind password changed: No']);
  });

  it('leaves out internal ids and words a field recorded before the catalogue without its key', () => {
    expect(words('en-US', entry('blacklist.lift', { entryId: 12 }))).toEqual([]);
    const legacy = words('en-US', entry('role.create', { note: 'Moved by the sync', nested: { a: 1 } }));
    expect(legacy).toEqual(['Other detail: Moved by the sync', 'Other detail: More detail']);
    expect(legacy.join(' ')).not.toMatch(/[{}"]|note|nested/);
  });
});
