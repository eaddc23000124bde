import {
  dateTimeFormat,
  LOG_TIME_FORMAT,
  OPERATION_DETAIL_REFS,
  OPERATION_DETAILS,
  isPermission,
  operationDetailRef,
  permissionAreaTitleKey,
  type Lang,
  type OperationDetailField,
  type OperationLogEntry,
  type PermissionArea,
} from '@atrium/contract';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';

/** One line of an entry's detail: a field's name and its value, both in the reader's words. */
export interface DetailLine {
  key: string;
  label: string;
  value: string;
}

/** A Sunday: weekday n (0 = Sunday) is this date plus n days. */
const SUNDAY = Date.UTC(2023, 0, 1);

/**
 * The detail of an operation-log entry in words (issue 17): each field the contract declares for the
 * action, labelled from `operation-log.detail.fields` and shown by its kind; records named by id
 * carry their names from the answer's `names`; internal ids are left out. Fields recorded before the
 * catalogue are shown without their keys.
 */
export function describeDetail(t: TFunction, lang: Lang, entry: OperationLogEntry): DetailLine[] {
  if (!entry.detail) return [];
  const fields = (OPERATION_DETAILS as Readonly<Record<string, Readonly<Record<string, OperationDetailField>>>>)[entry.action] ?? {};
  const label = (name: string) => t(`operation-log.detail.fields.${name}`);
  const none = t('operation-log.detail.none');
  const list = (items: string[]) => (items.length ? items.join(t('operation-log.detail.separator')) : none);
  const weekday = (day: number) => dateTimeFormat(lang, { weekday: 'short', timeZone: 'UTC' }).format(SUNDAY + day * 86_400_000);

  const plain = (value: unknown): string => {
    if (value === null || value === undefined || value === '') return none;
    if (typeof value === 'boolean') return t(value ? 'operation-log.detail.yes' : 'operation-log.detail.no');
    if (typeof value === 'string' || typeof value === 'number') return String(value);
    if (Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number')) return list(value.map(String));
    return t('operation-log.detail.more');
  };

  const show = (name: string, kind: OperationDetailField, value: unknown): string => {
    if (value === null || value === undefined) return kind === 'timeRange' ? t('operation-log.detail.allDay') : none;
    if (typeof kind !== 'string') {
      if ('enum' in kind) return t(`operation-log.detail.values.${name}.${String(value)}`, { defaultValue: plain(value) });
      if ('enumList' in kind) return Array.isArray(value) ? list(value.map((item) => show(name, { enum: kind.enumList }, item))) : plain(value);
      if ('change' in kind) {
        const { from, to } = (value ?? {}) as { from?: unknown; to?: unknown };
        return t('operation-log.detail.change', { from: show(name, kind.change, from), to: show(name, kind.change, to) });
      }
      if ('fieldList' in kind) return Array.isArray(value) ? list(value.map((field) => label(String(field)))) : plain(value);
      return plain(value);
    }
    switch (kind) {
      case 'flag':
        return t(value ? 'operation-log.detail.yes' : 'operation-log.detail.no');
      case 'time':
        return typeof value === 'number' ? dayjs(value).format(LOG_TIME_FORMAT) : plain(value);
      case 'weekdays':
        return list((Array.isArray(value) ? value : String(value).split(',')).map((day) => weekday(Number(day))));
      case 'timeRange': {
        const range = value as { start?: string; end?: string };
        return range.start && range.end ? `${range.start}–${range.end}` : plain(value);
      }
      case 'image':
        return t('operation-log.detail.imageSet');
      case 'permissions':
        return Array.isArray(value)
          ? list(
              value.map((permission) => {
                if (typeof permission !== 'string' || !isPermission(permission)) return plain(permission);
                const [area, level] = permission.split(':') as [PermissionArea, 'view' | 'edit'];
                return `${t(permissionAreaTitleKey(area))} · ${t(`role.permissions.${level}`)}`;
              }),
            )
          : plain(value);
      case 'count':
        return Array.isArray(value) ? t('operation-log.detail.count', { count: value.length }) : plain(value);
      default:
        if (kind in OPERATION_DETAIL_REFS) {
          const ref = OPERATION_DETAIL_REFS[kind as keyof typeof OPERATION_DETAIL_REFS];
          const nameOf = (id: unknown) => entry.names[operationDetailRef(ref, Number(id))] ?? t('operation-log.detail.deleted');
          return Array.isArray(value) ? list(value.map(nameOf)) : nameOf(value);
        }
        return plain(value);
    }
  };

  const lines: DetailLine[] = [];
  const add = (key: string, name: string, kind: OperationDetailField, value: unknown, prefix = '') => {
    if (kind === 'hidden') return;
    if (typeof kind !== 'string' && ('changes' in kind || 'object' in kind) && value && typeof value === 'object') {
      const inner = 'changes' in kind ? kind.changes : kind.object;
      const entries = Object.entries(value as Record<string, unknown>);
      if (!entries.length) lines.push({ key, label: label(name), value: none });
      for (const [innerName, innerValue] of entries) {
        const innerKind = inner[innerName];
        const innerKey = `${key}.${innerName}`;
        if (!innerKind) lines.push({ key: innerKey, label: t('operation-log.detail.other'), value: plain(innerValue) });
        // A list of changes reads field by field; an object's fields read under its own name.
        else if ('changes' in kind) add(innerKey, innerName, { change: innerKind }, innerValue);
        else add(innerKey, innerName, innerKind, innerValue, `${label(name)} · `);
      }
      return;
    }
    lines.push({ key, label: `${prefix}${label(name)}`, value: show(name, kind, value) });
  };
  for (const [name, value] of Object.entries(entry.detail)) {
    const kind = fields[name];
    if (kind) add(name, name, kind, value);
    else lines.push({ key: name, label: t('operation-log.detail.other'), value: plain(value) });
  }
  return lines;
}
