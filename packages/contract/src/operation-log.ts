import { z } from 'zod';
import { PageQuery, pageOf } from './paging.js';
import { TEXT_MAX } from './limits.js';

/**
 * Every action the operation log records, as dotted `<module>.<verb>` names: the one catalogue the
 * server's `operationLog.track` accepts and the console labels (`operation-log.actions.<action>` in
 * both languages; a web test holds the two in step). A new action is added here first.
 */
export const OPERATION_ACTIONS = [
  'role.create',
  'role.update',
  'role.delete',
  'role.swap',
  'role.addMembers',
  'role.removeMembers',
  'role.setPermissions',
  'user.create',
  'user.update',
  'user.delete',
  'user.move',
  'user.activate',
  'user.resendActivation',
  'user.activationLink',
  'group.create',
  'group.update',
  'group.delete',
  'group.createStyle',
  'group.updateStyle',
  'group.deleteStyles',
  'group.setStyle',
  'company.update',
  'company.updateContacts',
  'personal.updateProfile',
  'settings.updatePasswordPolicy',
  'settings.updateSafetyPassword',
  'manager.transferOwner',
  'sso.updateSetting',
  'sso.addMembers',
  'sso.removeMembers',
  'sso.sendNotice',
  'user.createSso',
  'user.ssoSignIn',
  'user.linkSignIn',
  'user.linkIdentity',
  'user.unlinkIdentity',
  'user.proxySignIn',
  'user.resetPassword',
  'company.register',
  'directorySync.updateSetting',
  'directorySync.run',
  'deviceTheme.setDeviceTheme',
  'deviceTheme.updateLogo',
  'deviceTheme.updateBackground',
  'deviceTheme.uploadImage',
  'deviceTheme.deleteImages',
  'displayInfo.save',
  'displayInfo.delete',
  'noticeConfig.update',
  'application.switch',
  'licence.install',
  'doorDisplay.addCodes',
  'smartRoom.updateSettings',
  'smartRoom.savePlan',
  'smartRoom.saveScenes',
  'doorDisplay.update',
  'doorDisplay.cancel',
  'doorDisplay.addScreenSetting',
  'doorDisplay.updateScreenSetting',
  'doorDisplay.deleteScreenSetting',
  'doorDisplay.addLightCycle',
  'doorDisplay.updateLightCycle',
  'doorDisplay.deleteLightCycle',
  'location.create',
  'location.update',
  'location.move',
  'location.delete',
  'room.create',
  'room.update',
  'room.addDisablePeriod',
  'room.deleteDisablePeriod',
  'roomType.create',
  'roomType.update',
  'roomType.setStatus',
  'roomType.delete',
  'approval.approve',
  'approval.reject',
  'approval.withdraw',
  'approval.expire',
  'approval.updateSettings',
  'blacklist.add',
  'blacklist.lift',
  'calendarFeed.create',
  'calendarFeed.revoke',
  'calendarSync.connect',
  'calendarSync.disconnect',
  'calendarSync.auth',
  'calendarSync.configure',
  'bookingPreferences.update',
  'broadcast.create',
  'broadcast.update',
  'broadcast.end',
  'broadcast.delete',
  'broadcast.uploadImage',
  'broadcast.deleteImage',
  'visitReason.create',
  'visitReason.update',
  'visitReason.delete',
  'visitWatch.create',
  'visitWatch.update',
  'visitWatch.delete',
  'visitRule.save',
  'visitRule.delete',
  'visitorSettings.update',
  'visitorDevice.create',
  'visitorDevice.update',
  'visitorDevice.delete',
  'visitorPlace.update',
  'kioskTheme.update',
  'desk.create',
  'desk.update',
  'desk.place',
  'desk.delete',
  'desk.import',
  'neighbourhood.create',
  'neighbourhood.update',
  'neighbourhood.delete',
  'deskRules.update',
  'deskService.update',
  'deskClosure.create',
  'deskClosure.update',
  'deskClosure.delete',
  'floorMap.update',
  'floorMap.delete',
  'deskLiveLink.create',
  'deskLiveLink.revoke',
  'assetCategory.create',
  'assetCategory.update',
  'assetCategory.move',
  'assetCategory.delete',
  'assetModel.create',
  'assetModel.update',
  'assetModel.delete',
  'asset.create',
  'asset.update',
  'asset.delete',
  'asset.checkout',
  'asset.checkin',
  'asset.audit',
  'asset.import',
  'smartDevice.create',
  'smartDevice.update',
  'smartDevice.delete',
  'smartDevice.issueActivationCode',
  'smartDevice.restart',
] as const;
export type OperationAction = (typeof OPERATION_ACTIONS)[number];

/** Whether a value names an action of the catalogue. */
export const isOperationAction = (value: string): value is OperationAction => (OPERATION_ACTIONS as readonly string[]).includes(value);

/** Whether a recorded change succeeded. */
export const OperationResult = z.enum(['success', 'failure']);
export type OperationResult = z.infer<typeof OperationResult>;

/** One administrative change: who, what, when, result (issue: company administration). */
export const OperationLogEntry = z.object({
  id: z.number().int(),
  at: z.number().int().describe('UTC epoch milliseconds'),
  actorId: z.number().int().nullable(),
  actorName: z.string(),
  action: z.string().describe('Dotted action name, e.g. role.create; the console translates `operation-log.actions.<action>`'),
  targetType: z.string(),
  targetId: z.number().int().nullable(),
  targetName: z.string().nullable(),
  result: OperationResult,
  detail: z.record(z.string(), z.unknown()).nullable().describe('What changed, by the fields OPERATION_DETAILS declares for the action'),
  names: z
    .record(z.string(), z.string())
    .describe('Names of the records the detail refers to by id, keyed `<kind>:<id>` (role:12); a record since deleted is absent'),
  ip: z.string().nullable(),
});
export type OperationLogEntry = z.infer<typeof OperationLogEntry>;

/** `GET /operation-log/list` query. */
export const OperationLogQuery = PageQuery.extend({
  action: z.string().trim().max(TEXT_MAX).optional(),
  actor: z.string().trim().max(TEXT_MAX).optional().describe("Part of the actor's name"),
  result: OperationResult.optional(),
  from: z.coerce.number().int().optional().describe('Earliest time, UTC epoch milliseconds'),
  to: z.coerce.number().int().optional().describe('Latest time, UTC epoch milliseconds'),
});
export type OperationLogQuery = z.infer<typeof OperationLogQuery>;

export const OperationLogPage = pageOf(OperationLogEntry);

/** Most entries one export writes; more answers 422 asking for narrower filters. */
export const OPERATION_LOG_EXPORT_MAX_ROWS = 10_000;

/** `GET /operation-log/export` query: the list's filters without paging, and the file format. */
export const OperationLogExportQuery = OperationLogQuery.omit({ page: true, pageSize: true }).extend({
  format: z.enum(['xlsx', 'csv']).default('xlsx'),
});
export type OperationLogExportQuery = z.infer<typeof OperationLogExportQuery>;

/** The export's column headers in each language. */
export const OPERATION_LOG_EXPORT_HEADERS = {
  'en-US': ['Time (UTC)', 'Actor', 'Action', 'Target type', 'Target id', 'Target', 'Result', 'Address', 'Detail'],
  'zh-CN': ['时间（UTC）', '操作人', '操作', '对象类型', '对象 ID', '对象', '结果', '地址', '详情'],
} as const;
