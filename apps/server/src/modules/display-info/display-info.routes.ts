import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DeleteInfoShowSettingBody,
  DICTIONARY_TYPES,
  DictionaryItemList,
  DictionaryQuery,
  dictionaryItems,
  INFO_ITEM_LIMITS,
  InfoShowSetting,
  InfoShowSettingList,
  SaveInfoShowSettingBody,
} from '@atrium/contract';
import { requireAuth } from '../../platform/access.js';
import { envelopeResponses, success } from '../../platform/envelope.js';
import { actorOf } from '../operation-log/operation-log.service.js';
import type { DisplayInfoService } from './display-info.service.js';

const TAGS = ['customSetting'];

/**
 * Display information (spec 001 section 7, customSetting), area `reservationScreens`, and the
 * system dictionary every signed-in user reads.
 */
export function displayInfoRoutes({ displayInfo }: { displayInfo: DisplayInfoService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/customSetting/getSysDicItemList',
      {
        config: { access: 'authenticated' },
        schema: {
          tags: TAGS,
          summary: 'The system dictionary: shared choices with labels in the caller\'s language',
          description: `Query: dicType, one of ${DICTIONARY_TYPES.join(', ')}; absent: every type. Each item is { dicType, code, label, sort }; modules store the code.`,
          querystring: DictionaryQuery,
          response: envelopeResponses(DictionaryItemList),
        },
      },
      async (request) => success(request, dictionaryItems(request.lang, request.query.dicType)),
    );

    app.get(
      '/customSetting/getInfoShowCustomSettingList',
      {
        config: { access: 'permission', permission: 'reservationScreens:view' },
        schema: {
          tags: TAGS,
          summary: 'What door displays and room boards show: the company default, the rooms that differ, and the rooms to choose from',
          response: envelopeResponses(InfoShowSettingList),
        },
      },
      async (request) => success(request, await displayInfo.list(requireAuth(request).companyId)),
    );

    app.post(
      '/customSetting/addInfoShowCustomSetting',
      {
        config: { access: 'permission', permission: 'reservationScreens:edit' },
        schema: {
          tags: TAGS,
          summary: 'Create or replace the display information of a scope (the company default or one room)',
          description: `Body: { id?, roomId (null: company default), fields: { title, host, participants, description, time, futureMeetings } switches, items: up to ${INFO_ITEM_LIMITS.maxItems} { label (max ${INFO_ITEM_LIMITS.labelMax}), value (max ${INFO_ITEM_LIMITS.valueMax}) } in display order }. One entry per scope: saving a scope again replaces its entry. 404/1002 for a room or id not of the company; 422/1005 for a repeated label or an id of another scope.`,
          body: SaveInfoShowSettingBody,
          response: envelopeResponses(InfoShowSetting),
        },
      },
      async (request) => success(request, await displayInfo.save(actorOf(request), request.body), 'infoShowSaved'),
    );

    app.post(
      '/customSetting/delInfoShowCustomSettingByID',
      {
        config: { access: 'permission', permission: 'reservationScreens:edit' },
        schema: {
          tags: TAGS,
          summary: 'Remove an entry: its room, or the company, falls back to the default',
          description: 'Body: { id }. 404/1002 for an id not of the company.',
          body: DeleteInfoShowSettingBody,
          response: envelopeResponses(z.null()),
        },
      },
      async (request) => {
        await displayInfo.remove(actorOf(request), request.body);
        return success(request, null, 'infoShowDeleted');
      },
    );
  };
}
