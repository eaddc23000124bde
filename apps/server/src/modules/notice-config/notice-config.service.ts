import { DEFAULT_NOTICE_CONFIG, NoticeConfig, type NoticeConfigResult } from '@atrium/contract';
import type { Clock } from '../../platform/clock.js';
import type { SettingsRepository } from '../settings/settings.repository.js';
import type { Actor, OperationLog } from '../operation-log/operation-log.service.js';

/** The company settings row that holds the notice configuration. */
export const NOTICE_CONFIG_KEY = 'noticeConfig';

export interface NoticeConfigServiceDeps {
  settings: Pick<SettingsRepository, 'findSetting' | 'putSetting' | 'findSettingUpdatedAt'>;
  clock: Clock;
  operationLog: OperationLog;
}

export type NoticeConfigService = ReturnType<typeof createNoticeConfigService>;

/** The configuration a stored value holds: its fields over the defaults, each checked, so a bad or older row never breaks the mails. */
export function noticeConfigOf(stored: unknown): NoticeConfig {
  const merged = { ...DEFAULT_NOTICE_CONFIG, ...(typeof stored === 'object' && stored !== null ? stored : {}) } as Record<string, unknown>;
  merged.events = { ...DEFAULT_NOTICE_CONFIG.events, ...(typeof merged.events === 'object' && merged.events !== null ? merged.events : {}) };
  merged.consoleEvents = { ...DEFAULT_NOTICE_CONFIG.consoleEvents, ...(typeof merged.consoleEvents === 'object' && merged.consoleEvents !== null ? merged.consoleEvents : {}) };
  const parsed = NoticeConfig.safeParse(merged);
  return parsed.success ? (parsed.data as NoticeConfig) : DEFAULT_NOTICE_CONFIG;
}

/**
 * The company's booking notification configuration (spec 001 section 7, config/notice): which
 * events send mail and which show in the console, the default notice and reminder times, whether participants hear, the footer.
 * Booking mail reads it through `get`.
 */
export function createNoticeConfigService({ settings, clock, operationLog }: NoticeConfigServiceDeps) {
  async function get(companyId: number): Promise<NoticeConfigResult> {
    const [stored, updatedAt] = await Promise.all([settings.findSetting(companyId, NOTICE_CONFIG_KEY), settings.findSettingUpdatedAt(companyId, NOTICE_CONFIG_KEY)]);
    return { ...noticeConfigOf(stored), updatedAt: stored === undefined ? null : updatedAt };
  }

  return {
    get,

    async update(actor: Actor, config: NoticeConfig): Promise<NoticeConfigResult> {
      const before = await get(actor.companyId);
      const changed = (Object.keys(config) as (keyof NoticeConfig)[]).filter((key) => JSON.stringify(config[key]) !== JSON.stringify(before[key]));
      await operationLog.track(
        actor,
        { action: 'noticeConfig.update', targetType: 'company', targetId: actor.companyId, detail: { changed } },
        () => settings.putSetting(actor.companyId, NOTICE_CONFIG_KEY, config, clock.now()),
      );
      return get(actor.companyId);
    },
  };
}
