import {
  DEFAULT_INFO_FIELDS,
  type DeleteInfoShowSettingBody,
  type InfoShowSetting,
  type InfoShowSettingList,
  type SaveInfoShowSettingBody,
} from '@atrium/contract';
import type { Clock } from '../../platform/clock.js';
import { notFound, refused } from '../../platform/errors.js';
import type { Actor, OperationLog } from '../operation-log/operation-log.service.js';
import type { DisplayInfoRepository } from './display-info.repository.js';

export interface DisplayInfoServiceDeps {
  displayInfo: DisplayInfoRepository;
  clock: Clock;
  operationLog: OperationLog;
}

export type DisplayInfoService = ReturnType<typeof createDisplayInfoService>;

/** What a company that saved nothing shows: the default fields and no information lines. */
const BUILT_IN_DEFAULT: InfoShowSetting = { id: null, roomId: null, roomName: null, fields: DEFAULT_INFO_FIELDS, items: [], updatedAt: null };

/** The first label used twice, ignoring case; labels name the lines, so each is unique. */
function repeatedLabel(items: SaveInfoShowSettingBody['items']): string | undefined {
  const seen = new Set<string>();
  for (const { label } of items) {
    const key = label.toLocaleLowerCase();
    if (seen.has(key)) return label;
    seen.add(key);
  }
  return undefined;
}

/**
 * Display information (spec 001 section 7, customSetting): the company default and the rooms that
 * differ from it. A room without an entry shows the company default (`effectiveFor`).
 */
export function createDisplayInfoService({ displayInfo, clock, operationLog }: DisplayInfoServiceDeps) {
  return {
    async list(companyId: number): Promise<InfoShowSettingList> {
      const [entries, roomChoices] = await Promise.all([displayInfo.listEntries(companyId), displayInfo.listRooms(companyId)]);
      return {
        companyDefault: entries.find((entry) => entry.roomId === null) ?? BUILT_IN_DEFAULT,
        rooms: entries.filter((entry) => entry.roomId !== null),
        roomChoices,
      };
    },

    /** What a room's display shows: its own entry, else the company's, else the built-in default. */
    async effectiveFor(companyId: number, roomId: number): Promise<InfoShowSetting> {
      return (await displayInfo.findScope(companyId, roomId)) ?? (await displayInfo.findScope(companyId, null)) ?? BUILT_IN_DEFAULT;
    },

    /**
     * Creates or replaces the entry of a scope (an upsert: one entry per scope, so saving the same
     * scope twice changes the one entry). With `id`, that entry must be the company's and keep its scope.
     */
    async save(actor: Actor, body: SaveInfoShowSettingBody): Promise<InfoShowSetting> {
      const { companyId } = actor;
      const room = body.roomId === null ? null : await displayInfo.findRoom(companyId, body.roomId);
      if (body.roomId !== null && !room) throw notFound();
      if (body.id !== undefined) {
        const existing = await displayInfo.findEntry(companyId, body.id);
        if (!existing) throw notFound();
        if (existing.roomId !== body.roomId) throw refused('infoShowScopeChange');
      }
      return operationLog.track(
        actor,
        (saved: InfoShowSetting | undefined) => ({
          action: 'displayInfo.save',
          targetType: room ? 'room' : 'company',
          targetId: room?.id ?? companyId,
          targetName: room?.name ?? null,
          detail: { entryId: saved?.id ?? body.id ?? null, fields: body.fields, items: body.items.length },
        }),
        async () => {
          const label = repeatedLabel(body.items);
          if (label !== undefined) throw refused('infoShowLabelRepeated', { label });
          const id = await displayInfo.upsert(companyId, { roomId: body.roomId, fields: body.fields, items: body.items }, clock.now());
          const saved = await displayInfo.findEntry(companyId, id);
          if (!saved) throw notFound();
          return saved;
        },
      );
    },

    /** Removes an entry: its room (or the company) falls back to the default. */
    async remove(actor: Actor, { id }: DeleteInfoShowSettingBody): Promise<void> {
      const existing = await displayInfo.findEntry(actor.companyId, id);
      if (!existing) throw notFound();
      await operationLog.track(
        actor,
        { action: 'displayInfo.delete', targetType: existing.roomId ? 'room' : 'company', targetId: existing.roomId ?? actor.companyId, targetName: existing.roomName, detail: { entryId: id } },
        async () => {
          if (!(await displayInfo.deleteEntry(actor.companyId, id))) throw notFound();
        },
      );
    },
  };
}
