import type { TFunction } from 'i18next';

/** The console's name of a recorded action (`operation-log.actions.<action>`), or the action itself. */
export const actionName = (t: TFunction, action: string) => t(`operation-log.actions.${action}`, { defaultValue: action });

/** The console's name of a kind of record (`operation-log.targets.<type>`), or the type itself. */
export const targetTypeName = (t: TFunction, type: string) => t(`operation-log.targets.${type}`, { defaultValue: type });

/**
 * Every action the console has a name for, as dotted names (`role.create`), from the translation
 * tree `operation-log.actions` (the test that keeps labels and OPERATION_ACTIONS in step reads it).
 */
export function knownActions(tree: unknown, prefix = ''): string[] {
  if (!tree || typeof tree !== 'object') return [];
  return Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : knownActions(value, `${prefix}${key}.`)));
}
